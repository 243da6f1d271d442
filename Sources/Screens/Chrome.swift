import Enrollment
import TerminalUI

/// The top line: where we are, and who on which device; a busy marker while a call is in flight.
enum TitleBar {
    static func render(_ state: AppState, tick: Int, into frame: inout Frame, area: Rect) {
        frame.fill(area, style: .title)
        var x = frame.put(" enrollsim ", x: area.x, y: area.y, style: .title)
        x = frame.put("▸ " + state.route.title, x: x, y: area.y, style: .title)
        var right: String
        if let user = state.session.loggedIn {
            let c = state.session.config
            right = switch c.system {
            case .futurae: "Futurae · \(c.device) · \(c.lockType.shortTitle) · binding \(c.sessionBinding ? "on" : "off")"
            case .card: "Card · \(c.device) · biometrics \(c.biometrics ? "on" : "off")" + (state.cardPhone.unread == nil ? "" : " · ● push")
            case .pims: "\(user) · \(c.device) · \(c.platform == .ios ? "iOS" : "Android") · SDK \(c.sdk)"
            }
            if c.pacing == .step { right += " · step pacing" }
        } else {
            right = state.session.config.backend.summary
        }
        if let f = state.inFlight {
            right = "\(Glyphs.spinner[tick % Glyphs.spinner.count]) waiting: \(f.call.request.name)  " + right
        } else if state.staged != nil {
            right = "⏸ step pacing  " + right
        }
        let room = area.maxX - x - 2
        let text = right.truncated(toWidth: max(0, room))
        frame.put(text, x: area.maxX - text.terminalWidth - 1, y: area.y, style: state.inFlight == nil ? .title : .warning)
    }
}

/// The view-model's notice as the banner widget draws it.
enum BannerView {
    static func widget(_ b: Notice) -> Banner {
        let kind: Banner.Kind
        switch b.kind {
        case .error: kind = .error
        case .warning: kind = .warning
        case .info: kind = .info
        case .success: kind = .success
        }
        let title = b.code.map { "\($0) · \(b.label)" } ?? b.label
        return Banner(kind, title: title, message: b.detail, nextStep: b.advice.isEmpty ? nil : b.advice)
    }
}

/// Step pacing: the call about to be made, waiting for Enter.
enum StagedCallView {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        guard let description = state.stagedDescription, area.height >= 3 else { return }
        let inside = frame.panel(area, title: "Step pacing — Enter sends, Esc keeps it unsent", style: .current)
        frame.put("▶ " + description, x: inside.x, y: inside.y, style: .current, clip: inside)
        let json = (state.stagedRequestText ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        for (i, line) in json.enumerated() where i + 1 < inside.height {
            frame.put(line, x: inside.x + 2, y: inside.y + 1 + i, style: .code, clip: inside)
        }
    }
}

/// Yes/no questions of the flows (step A, the account tasks' confirmations).
enum ConfirmationView {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        guard let question = state.confirmation else { return }
        frame.render(Dialog(title: question.title, body: question.body + "\n\nEnter: yes · Esc: no", buttons: ["Yes", "No"], style: .warning),
                     in: area)
    }
}
