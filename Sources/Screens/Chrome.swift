import Enrollment
import PIMS
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
            // The variant is part of what the backend answers (R2, R3): it stays; the username goes first when room is short.
            let session = "\(c.device) · \(c.platform == .ios ? "iOS" : "Android") · SDK \(c.sdk) · \(c.variant.rawValue)"
            right = c.system == .futurae
                ? "Futurae · \(c.device) · \(c.lockType.shortTitle) · binding \(c.sessionBinding ? "on" : "off")"
                : (area.maxX - x - 2 >= user.count + 3 + session.count ? "\(user) · " : "") + session
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
        // The answer of the call just sent stays beside the next one: the pace is for reading both.
        let columns = state.lastAnswered != nil && inside.width >= 60 ? inside.splitColumns([.fill(), .fill()], gap: 2) : [inside]
        frame.put("▶ " + description, x: columns[0].x, y: inside.y, style: .current, clip: columns[0])
        json(state.stagedRequestText ?? "", into: &frame, area: columns[0])
        if let last = state.lastAnswered, let right = columns.dropFirst().first {
            let failed = last.response?.error != nil
            let answer = last.response?.error.map { "FAILED \($0.code) \($0.label)" } ?? "SUCCEEDED"
            frame.put("◀ " + last.step + ": " + answer, x: right.x, y: right.y, style: failed ? .failed : .done, clip: right)
            json(last.responseText, into: &frame, area: right)
        }
    }

    static func json(_ text: String, into frame: inout Frame, area: Rect) {
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where i + 1 < area.height {
            frame.put(line, x: area.x + 2, y: area.y + 1 + i, style: .code, clip: area)
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
