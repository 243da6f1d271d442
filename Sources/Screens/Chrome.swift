import Enrollment
import SimKernel
import TerminalUI

/// The top line: where we are, and who on which device; a busy marker while a call is in flight.
enum TitleBar {
    static func render(_ state: AppState, tick: Int, into frame: inout Frame, area: Rect) {
        line(state, tick: tick, area: area).draw(into: &frame, area: area)
    }

    /// What the top line says: its text, worked out before anything is drawn (a painter draws it
    /// only when it changed).
    struct Line: Hashable {
        var screen: String
        var right: String
        var busy: Bool

        func draw(into frame: inout Frame, area: Rect) {
            frame.fill(area, style: .title)
            var x = frame.put(" enrollsim ", x: area.x, y: area.y, style: .title)
            x = frame.put(screen, x: x, y: area.y, style: .title)
            frame.put(right, x: area.maxX - right.terminalWidth - 1, y: area.y, style: busy ? .warning : .title)
        }
    }

    static func line(_ state: AppState, tick: Int, area: Rect) -> Line {
        let screen = "▸ " + state.route.title
        // Where the screen's name ends (" enrollsim " is 11 columns).
        let x = area.x + 11 + screen.terminalWidth
        var right: String
        if state.session.loggedIn != nil {
            let c = state.session.config
            right = c.system.front.statusLine(state, room: area.maxX - x - 2)
            if c.pacing == .step { right += " · step pacing" }
        } else {
            right = state.session.config.backend.summary
        }
        if state.markedExpected { right = "✓ marked expected  " + right }
        if let f = state.inFlight {
            right = "\(Glyphs.spinner[tick % Glyphs.spinner.count]) waiting: \(f.call.request.name)  " + right
        } else if state.staged != nil {
            right = "⏸ step pacing  " + right
        }
        let room = area.maxX - x - 2
        return Line(screen: screen, right: right.truncated(toWidth: max(0, room)), busy: state.inFlight != nil)
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
        return Banner(kind, title: b.title, message: b.detail, nextStep: b.advice.isEmpty ? nil : b.advice)
    }
}

/// Step pacing: the call about to be made, waiting for Enter.
enum StagedCallView {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        guard let description = state.stagedDescription, area.height >= 3 else { return }
        let inside = frame.panel(area, title: "Step pacing — Enter sends, Esc keeps it unsent", style: .current)
        // The answer of the call just sent stays beside the next one: the pace is for reading both.
        let columns = state.lastAnswered != nil && inside.width >= 60 ? inside.splitColumns([.fill(), .fill()], gap: 2) : [inside]
        let left = columns[0]
        let head = frame.paragraph("▶ " + description, at: inside.y, in: left, style: .current)
        // The request wraps, and scrolls with a mark when it is longer than the panel.
        frame.render(ScrollText(text: state.stagedRequestText ?? "", highlightsJSON: true),
                     in: Rect(x: left.x + 2, y: head, width: left.width - 2, height: left.maxY - head))
        if let last = state.lastAnswered, let right = columns.dropFirst().first {
            let failed = last.response?.error != nil
            let answer = last.response?.error.map { "FAILED \($0.code) \($0.label)" } ?? "SUCCEEDED"
            let answerHead = frame.paragraph("◀ " + last.step + ": " + answer, at: right.y, in: right, style: failed ? .failed : .done)
            frame.render(ScrollText(text: last.responseText, highlightsJSON: true),
                         in: Rect(x: right.x + 2, y: answerHead, width: right.width - 2, height: right.maxY - answerHead))
        }
    }
}

/// Yes/no questions of the flows (step A, the account tasks' confirmations).
enum ConfirmationView {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        guard let question = state.confirmation else { return }
        var dialog = Dialog(title: question.title, body: question.body + "\n\nEnter: yes · Esc: no", buttons: ["Yes", "No"], style: .warning)
        dialog.buttonKeys = [.enter, .escape]
        frame.render(dialog, in: area)
    }
}
