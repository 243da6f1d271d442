import Enrollment
import TerminalUI

/// Strong authentication on demand: the PIN prompt after a 2302, and what will be retried.
enum OTPScreen {
    @Sendable static func render(_ otp: StrongAuthentication.State, _ context: ScreenContext, _ frame: inout Frame, _ area: Rect) {
        guard let otp else { return }
        var y = area.y
        frame.put("Strong authentication needed (2302)", x: area.x, y: y, style: .title, clip: area)
        y += 1
        let sub = otp.original.request.subAPI.map { " " + $0 } ?? ""
        let lines = [
            "The call \(otp.original.request.type.rawValue) \(otp.original.request.name)\(sub) needs an open strong-authentication window.",
            "Enter the PIN: get pims.authentication.otp withPin opens it, then the call is retried once.",
        ]
        for line in lines { y = frame.paragraph(line, at: y, in: area, style: .hint) }
        y += 1
        y += FormView.render(otp.form, policy: context.shared.policy, focus: context.fieldFocus, into: &frame,
                             area: Rect(x: area.x + 2, y: y, width: area.width - 2, height: area.maxY - y))
        if let code = otp.otp, y < area.maxY {
            y += 1
            let x = frame.put("✓ OTP ", x: area.x, y: y, style: .done, clip: area)
            frame.put(code, x: x, y: y, style: .code, clip: area)
            y += 1
        }
        if let message = otp.message {
            y = frame.paragraph(message, at: y + 1, in: area, style: otp.suggestsStepsReset ? .warning : .hint)
        }
    }
}
