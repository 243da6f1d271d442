import Card
import Enrollment
import TerminalUI

/// Push authentication on the phone (F8–F10): the open login request with what it carries and its
/// time left, the unlock it needs, how it ended, on the left; the pending requests on the right.
/// It draws its feature's state and a small context, not the whole app.
enum FuturaeLoginScreen {
    /// What the screen reads of the app besides its feature's state.
    struct Context {
        var device: String
        /// The lock type protects calls (F9), and has an SDK PIN of its own.
        var locks: Bool
        var usesSDKPin: Bool
        var biometrics: Bool
        var lock: FuturaeAccounts.LockState
        var policy: PINPolicy
        var focus: FieldFocus

        init(_ state: AppState) {
            device = state.session.config.device
            locks = state.session.config.lockType.locks
            usesSDKPin = state.session.config.lockType.usesSDKPin
            biometrics = state.session.config.biometrics
            lock = state.futuraeAccounts.lock
            policy = state.session.policy
            focus = state.fieldFocus
        }
    }

    static func render(_ s: FuturaeLogin.State, _ c: Context, into frame: inout Frame, area: Rect) {
        let parts = area.splitColumns([.fill(), .fixed(min(38, area.width / 2 - 2))], gap: 1)
        phone(s, c, into: &frame, area: parts[0])
        requests(s, into: &frame, area: parts[1])
        if case .biometricPrompt(let answer) = s.phase, let r = s.open {
            var body = "Unlock Futurae SDK to \(answer.title) the login to \(r.serviceName)\n\ns recognised · f not recognised · c cancel"
            if let m = s.message { body += "\n\n" + m }
            frame.render(Dialog(title: "Touch ID / Face ID", body: body, buttons: ["Success", "Failure", "Cancel"], style: .current), in: area)
        }
    }

    /// The app's screen: the request, the prompts, how it ended.
    static func phone(_ s: FuturaeLogin.State, _ c: Context, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Phone · \(c.device)")
        var y = inside.y
        func line(_ text: String, _ style: Style = .normal) {
            guard y < inside.maxY else { return }
            y = frame.paragraph(text, at: y, in: inside, style: style)
        }
        func row(_ name: String, _ value: String, _ style: Style = .normal) {
            guard y < inside.maxY else { return }
            let x = frame.put(name.padded(toWidth: 9), x: inside.x, y: y, style: .hint, clip: inside)
            frame.put(value, x: x, y: y, style: style, clip: inside)
            y += 1
        }
        func details(_ r: FuturaeLogin.Request, deciding: Bool) {
            row("Service", r.serviceName, .title)
            row("User", r.username, .title)
            for pair in r.context { row(pair.key, pair.value) }
            row("Session", String(r.sessionId.prefix(8)) + "…")
            row("Expires", r.expiresAt)
            if deciding {
                let left = r.secondsLeft(at: s.now)
                row("Time", CardTransaction.countdown(left) + " (simulated)", (left ?? 61) <= 60 ? .warning : .normal)
            }
            y += 1
        }
        let ask = s.open.map(\.question) ?? ""
        switch s.phase {
        case .inbox:
            line(s.requests.isEmpty ? "No login request." : "Enter opens the selected request.", .hint)
            if s.requests.isEmpty {
                line("The service pushes one with the Auth API (POST /srv/auth/v1/user/auth) or the back office (F8, y).", .hint)
            }
        case .request, .checkingLock:
            guard let r = s.open else { break }
            line(ask, .title)
            y += 1
            details(r, deciding: true)
            line("y approve · n reject · f report fraud", .key)
            if c.locks { line(lockLine(c), .hint) }
        case .unlock(let answer):
            guard let r = s.open else { break }
            line(ask, .title)
            y += 1
            details(r, deciding: true)
            line("The SDK is locked: unlock it to \(answer.title) the login.", .warning)
            line([c.usesSDKPin ? "e SDK PIN" : nil, c.biometrics ? "b biometrics" : nil].compactMap { $0 }.joined(separator: " · "), .key)
        case .pin(let answer):
            guard let r = s.open else { break }
            line(ask, .title)
            y += 1
            details(r, deciding: true)
            line("Unlock with the SDK PIN to \(answer.title) the login.", .title)
            if let left = s.pinAttemptsLeft { line("\(left) attempt\(left == 1 ? "" : "s") left", .warning) }
            if let form = FuturaeLogin.form(s), y < inside.maxY {
                y += FormView.render(form, policy: c.policy, focus: c.focus, into: &frame,
                                     area: Rect(x: inside.x, y: y, width: inside.width, height: inside.maxY - y))
            }
        case .biometricPrompt:
            if let r = s.open { line(ask, .title); y += 1; details(r, deciding: true) }
        case .answered(let answer):
            switch answer {
            case .approve: line("✓ Login approved", .done)
            case .reject: line("✗ Login rejected", .failed)
            case .fraud: line("⚠ Login reported as fraud", .failed)
            }
            y += 1
            if let r = s.open { details(r, deciding: false) }
        case .expired:
            line("✗ The login request expired", .failed)
            y += 1
            if let r = s.open { details(r, deciding: false) }
        case .failed(let e):
            line("✗ " + [e.domain, e.code.description, e.name].compactMap { $0 }.joined(separator: " "), .failed)
            line(e.label)
            if let detail = e.detail { line(detail, .hint) }
        }
        if let m = s.message, !isPrompt(s.phase) { line(m, .hint) }
    }

    private static func isPrompt(_ phase: FuturaeLogin.Phase) -> Bool {
        if case .biometricPrompt = phase { true } else { false }
    }

    private static func lockLine(_ c: Context) -> String {
        switch c.lock {
        case .unknown: "SDK lock: read before the answer (unlock first when locked)."
        case .locked: "SDK locked: the answer asks for an unlock first."
        case .unlocked(let until): "SDK unlocked until \(until)."
        }
    }

    /// The pending requests: service, user and time left, newest at the top.
    static func requests(_ s: FuturaeLogin.State, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Login requests (\(s.requests.count))")
        if s.requests.isEmpty { frame.put("None.", x: inside.x, y: inside.y, style: .hint, clip: inside) }
        for (i, r) in s.requests.enumerated().reversed() {
            let y = inside.y + (s.requests.count - 1 - i) * 2
            guard y + 1 < inside.maxY else { break }
            let selected = s.phase == .inbox && i == s.selection
            let line = inside.row(y - inside.y)
            if selected { frame.fill(line, style: .selected) }
            let mark = s.unread == r.sessionId ? "● " : (selected ? "▶ " : "  ")
            frame.put(mark + "\(r.serviceName) · \(r.username)", x: line.x, y: y, style: selected ? .selected : .title, clip: line)
            frame.put("  " + CardTransaction.countdown(r.secondsLeft(at: s.now)), x: line.x, y: y + 1, style: .hint,
                      clip: inside.row(y + 1 - inside.y))
        }
    }
}
