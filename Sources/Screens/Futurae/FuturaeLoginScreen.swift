import Card
import Enrollment
import TerminalUI

/// Push authentication on the phone (F8–F10): the open login request with what it carries and its
/// time left, the unlock it needs, how it ended, on the left; the pending requests on the right.
/// It draws its feature's state and a small context, not the whole app.
enum FuturaeLoginScreen {
    /// `lock`: the SDK's lock as the accounts screen last read it (the unlock a login needs).
    static func render(_ s: FuturaeLogin.State, lock: FuturaeAccounts.LockState, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        let parts = area.splitColumns([.fill(), .fixed(min(38, area.width / 2 - 2))], gap: 1)
        phone(s, lock: lock, context, into: &frame, area: parts[0])
        requests(s, into: &frame, area: parts[1])
        if case .biometricPrompt(let answer) = s.phase, let r = s.open {
            var body = "Unlock Futurae SDK to \(answer.title) the login to \(r.serviceName)\n\ns recognised · f not recognised · c cancel"
            if let m = s.message { body += "\n\n" + m }
            frame.render(Dialog(title: "Touch ID / Face ID", body: body, buttons: ["Success", "Failure", "Cancel"], style: .current), in: area)
        }
    }

    /// The app's screen: the request, the prompts, how it ended.
    static func phone(_ s: FuturaeLogin.State, lock: FuturaeAccounts.LockState, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        let c = context.config
        let inside = frame.panel(area, title: "Phone · \(c.device)")
        var out = PanelWriter(inside, nameWidth: 9)
        func details(_ r: FuturaeLogin.Request, deciding: Bool) {
            out.row("Service", r.serviceName, .title, in: &frame)
            out.row("User", r.username, .title, in: &frame)
            for pair in r.context { out.row(pair.key, pair.value, in: &frame) }
            out.row("Session", String(r.sessionId.prefix(8)) + "…", in: &frame)
            out.row("Expires", r.expiresAt, in: &frame)
            if deciding {
                let left = r.secondsLeft(at: s.now)
                out.row("Time", CardTransaction.countdown(left) + " (simulated)", (left ?? 61) <= 60 ? .warning : .normal, in: &frame)
            }
            out.skip()
        }
        let ask = s.open.map(\.question) ?? ""
        switch s.phase {
        case .inbox:
            out.line(s.requests.isEmpty ? "No login request." : "Enter opens the selected request.", .hint, in: &frame)
            if s.requests.isEmpty {
                out.line("The service pushes one with the Auth API (POST /srv/auth/v1/user/auth) or the back office (F8, y).", .hint, in: &frame)
            }
        case .request, .checkingLock:
            guard let r = s.open else { break }
            out.line(ask, .title, in: &frame)
            out.skip()
            details(r, deciding: true)
            out.line("y approve · n reject · f report fraud", .key, in: &frame)
            if c.lockType.locks { out.line(lockLine(lock), .hint, in: &frame) }
        case .unlock(let answer):
            guard let r = s.open else { break }
            out.line(ask, .title, in: &frame)
            out.skip()
            details(r, deciding: true)
            out.line("The SDK is locked: unlock it to \(answer.title) the login.", .warning, in: &frame)
            out.line([c.lockType.usesSDKPin ? "e SDK PIN" : nil, c.biometrics ? "b biometrics" : nil].compactMap { $0 }.joined(separator: " · "), .key, in: &frame)
        case .pin(let answer):
            guard let r = s.open else { break }
            out.line(ask, .title, in: &frame)
            out.skip()
            details(r, deciding: true)
            out.line("Unlock with the SDK PIN to \(answer.title) the login.", .title, in: &frame)
            if let left = s.pinAttemptsLeft { out.line("\(left) attempt\(left == 1 ? "" : "s") left", .warning, in: &frame) }
            if let form = FuturaeLogin.form(s) { out.form(form, policy: context.policy, focus: context.fieldFocus, in: &frame) }
        case .biometricPrompt:
            if let r = s.open { out.line(ask, .title, in: &frame); out.skip(); details(r, deciding: true) }
        case .answered(let answer):
            switch answer {
            case .approve: out.line("✓ Login approved", .done, in: &frame)
            case .reject: out.line("✗ Login rejected", .failed, in: &frame)
            case .fraud: out.line("⚠ Login reported as fraud", .failed, in: &frame)
            }
            out.skip()
            if let r = s.open { details(r, deciding: false) }
        case .expired:
            out.line("✗ The login request expired", .failed, in: &frame)
            out.skip()
            if let r = s.open { details(r, deciding: false) }
        case .failed(let e):
            out.line("✗ " + [e.domain, e.code.description, e.name].compactMap { $0 }.joined(separator: " "), .failed, in: &frame)
            out.line(e.label, in: &frame)
            if let detail = e.detail { out.line(detail, .hint, in: &frame) }
        }
        if let m = s.message, !isPrompt(s.phase) { out.line(m, .hint, in: &frame) }
    }

    private static func isPrompt(_ phase: FuturaeLogin.Phase) -> Bool {
        if case .biometricPrompt = phase { true } else { false }
    }

    private static func lockLine(_ lock: FuturaeAccounts.LockState) -> String {
        switch lock {
        case .unknown: "SDK lock: read before the answer (unlock first when locked)."
        case .locked: "SDK locked: the answer asks for an unlock first."
        case .unlocked(let until): "SDK unlocked until \(until)."
        }
    }

    /// The pending requests: service, user and time left, newest at the top.
    static func requests(_ s: FuturaeLogin.State, into frame: inout Frame, area: Rect) {
        let entries = s.requests.map { r in
            PushList.Entry(title: "\(r.serviceName) · \(r.username)", detail: CardTransaction.countdown(r.secondsLeft(at: s.now)),
                           unread: s.unread == r.sessionId)
        }
        PushList.render(entries, title: "Login requests", selection: s.phase == .inbox ? s.selection : nil, into: &frame, area: area)
    }
}
