import Enrollment
import TerminalUI

/// The session screen: backend, account, device and the SDK instance's settings.
enum StartScreen {
    static func render(_ s: SessionSetup.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        let c = s.config
        var y = area.y
        y = frame.paragraph(c.system.front.intro, at: y, in: area, style: .hint) + 1
        y += FormView.render(s.form, policy: s.policy, focus: context.fieldFocus, into: &frame,
                             area: Rect(x: area.x + 2, y: y, width: area.width - 2, height: area.maxY - y))
        y += 1
        func keyLabel(_ action: Action) -> String { context.key(action) ?? "" }
        var options: [(String, String, String)] = [
            (keyLabel(.session(.cycle(.backend))), "Backend", c.backend.summary),
            (keyLabel(.session(.cycle(.system))), "System", c.system.front.title),
        ]
        options += c.system.front.settingRows(c).map { (keyLabel(.session(.cycle($0.option))), $0.name, $0.value) }
        options.append((keyLabel(.choose(.togglePacing)), "Pacing", c.pacing == .auto ? "auto (checks run until input is needed)" : "step (every API call waits for Enter)"))
        for (key, name, value) in options where y < area.maxY {
            var x = frame.put(key.padded(toWidth: 4), x: area.x + 2, y: y, style: .key, clip: area)
            x = frame.put(name.padded(toWidth: 10), x: x, y: y, style: .title, clip: area)
            frame.put(value, x: x, y: y, clip: area)
            y += 1
        }
        y += 1
        if case .failed(let why) = s.connection, y < area.maxY {
            frame.put("✗ " + why, x: area.x + 2, y: y, style: .error, clip: area)
            y += 1
        }
        if s.form.has(.scenario), !s.scenarios.isEmpty {
            y = frame.paragraph("Scenarios: " + s.scenarios.joined(separator: " "), at: y, in: area, style: .hint, indent: 2)
        }
    }
}
