import Enrollment
import TerminalUI

/// `render(state, size) -> Frame`, for every screen: the chrome (title bar, banner, help bar,
/// overlays) around the route's own content. Pure: the same state and size give the same frame.
public enum Screens {
    /// Below this, screens do not fit: a "terminal too small" screen says so.
    public static let minimumSize = Size.minimum

    public static func render(_ state: AppState, size: Size, tick: Int = 0) -> Frame {
        var frame = Frame(size: size)
        guard size.fits(minimumSize) else {
            TooSmallScreen.render(size: size, into: &frame)
            return frame
        }
        let keymap = AppKeymap.keymap(for: state)
        let bannerHeight = state.banner.map { BannerView.widget($0).height(forWidth: size.width) } ?? 0
        let stagedHeight = state.staged == nil ? 0 : min(9, size.height / 3)
        let parts = frame.bounds.splitRows([.fixed(1), .fixed(1), .fill(), .fixed(stagedHeight), .fixed(bannerHeight), .fixed(1)])
        TitleBar.render(state, tick: tick, into: &frame, area: parts[0])
        frame.put(String(repeating: "─", count: size.width), x: 0, y: parts[1].y, style: .border)
        let content = parts[2].inset(left: 1, right: 1)
        switch state.route {
        case .start: StartScreen.render(state, into: &frame, area: content)
        case .home: HomeScreen.render(state, into: &frame, area: content)
        case .guided: GuidedScreen.render(state, into: &frame, area: content)
        case .account: AccountScreen.render(state, into: &frame, area: content)
        case .otp: OTPScreen.render(state, into: &frame, area: content)
        case .steps: StepsScreen.render(state, into: &frame, area: content)
        case .carKey: CarKeyScreen.render(state, into: &frame, area: content)
        case .simulator: SimulatorScreen.render(state, into: &frame, area: content)
        case .log: LogScreen.render(state, into: &frame, area: content)
        }
        if stagedHeight > 0 { StagedCallView.render(state, into: &frame, area: parts[3]) }
        if let banner = state.banner { frame.render(BannerView.widget(banner), in: parts[4]) }
        frame.render(HelpBar(keymap: keymap), in: parts[5])
        if state.isAwaitingConfirmation { ConfirmationView.render(state, into: &frame, area: parts[2]) }
        if state.confirmingQuit {
            frame.render(Dialog(title: "Quit?", body: "A flow is under way. Quit anyway?\nEnter quits, Esc goes back.",
                                buttons: ["Quit", "Stay"], style: .warning), in: frame.bounds)
        }
        if state.showHelp {
            frame.cursor = nil
            frame.render(HelpOverlay(keymap: keymap, title: "\(state.route.title) — keys (Esc closes)"), in: frame.bounds.inset(top: 1, bottom: 1))
        }
        return frame
    }
}

/// The top line: where we are, and who on which device; a busy marker while a call is in flight.
enum TitleBar {
    static func render(_ state: AppState, tick: Int, into frame: inout Frame, area: Rect) {
        frame.fill(area, style: .title)
        var x = frame.put(" enrollsim ", x: area.x, y: area.y, style: .title)
        x = frame.put("▸ " + state.route.title, x: x, y: area.y, style: .title)
        var right: String
        if let user = state.loggedIn {
            let c = state.config
            right = "\(user) · \(c.device) · \(c.platform == .ios ? "iOS" : "Android") · SDK \(c.sdk)"
            if c.pacing == .step { right += " · step pacing" }
        } else {
            right = state.config.backend.summary
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

/// The view-model's banner as the widget draws it.
enum BannerView {
    static func widget(_ b: Enrollment.Banner) -> TerminalUI.Banner {
        let kind: TerminalUI.Banner.Kind
        switch b.kind {
        case .error: kind = .error
        case .warning: kind = .warning
        case .info: kind = .info
        case .success: kind = .success
        }
        let title = b.code.map { "\($0) · \(b.label)" } ?? b.label
        return TerminalUI.Banner(kind, title: title, message: b.detail, nextStep: b.advice.isEmpty ? nil : b.advice)
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
        let (title, body): (String, String)
        if state.route == .guided {
            title = "Step A: remove all enrollments?"
            body = "Every device of \(state.loggedIn ?? "the account") is unenrolled and the PIN removed; the phone stays. Then the enrollment restarts at step 3."
        } else if let task = state.account.task {
            title = "\(task.rawValue): \(task.title)?"
            body = state.account.message ?? task.precondition
        } else {
            return
        }
        frame.render(Dialog(title: title, body: body + "\n\nEnter: yes · Esc: no", buttons: ["Yes", "No"], style: .warning), in: area)
    }
}

/// Under 80×24 the screens do not fit: say so, and what size is needed.
enum TooSmallScreen {
    static func render(size: Size, into frame: inout Frame) {
        let lines = ["Terminal too small", "\(size.width)×\(size.height): enrollsim needs at least \(Screens.minimumSize.width)×\(Screens.minimumSize.height).",
                     "Enlarge the window; q quits."]
        let top = max(0, size.height / 2 - 1)
        for (i, line) in lines.enumerated() {
            let text = line.truncated(toWidth: size.width)
            frame.put(text, x: max(0, (size.width - text.terminalWidth) / 2), y: top + i, style: i == 0 ? .warning : .normal)
        }
    }
}
