import Enrollment
import TerminalUI

/// The device's Futurae accounts, the SDK's lock, the unlock prompts, and the archived device.
enum FuturaeAccountsScreen {
    @Sendable static func render(_ s: FuturaeAccounts.State, _ context: ScreenContext, _ frame: inout Frame, _ area: Rect) {
        let c = context.shared.config
        let parts = area.splitColumns([.fill(), .fixed(min(36, area.width / 2 - 4))], gap: 1)
        let list = frame.panel(Rect(x: parts[0].x, y: parts[0].y, width: parts[0].width, height: min(parts[0].height, max(4, s.accounts.count * 2 + 2))),
                               title: "Accounts on \(c.device)")
        if s.accounts.isEmpty {
            frame.put("No account on this device.", x: list.x, y: list.y, style: .hint, clip: list)
        }
        for (i, a) in s.accounts.enumerated() where i * 2 + 1 < list.height {
            let selected = i == s.selection
            let row = list.row(i * 2)
            if selected { frame.fill(row, style: .selected) }
            frame.put((selected ? "▶ " : "  ") + a.username, x: row.x, y: row.y, style: selected ? .selected : .title, clip: row)
            let detail = "  \(a.serviceName) · since \(a.enrolledAt)" + (a.lockedOut ? " · ✗ locked out" : "")
            frame.put(detail, x: row.x, y: row.y + 1, style: a.lockedOut ? .failed : .hint, clip: list.row(i * 2 + 1))
        }
        var y = list.maxY + 2
        if s.archived, y + 5 <= area.maxY {
            let box = frame.panel(Rect(x: parts[0].x, y: y, width: parts[0].width, height: 5), title: "✗ Device archived", style: .failed)
            frame.paragraph("Too many wrong SDK PINs: every account is locked out; calls answer SDKApiError 13.",
                            at: box.y, in: box, style: .failed)
            y += 6
        }
        if let message = s.message, y < area.maxY { y = frame.paragraph(message, at: y, in: parts[0], style: .hint) }
        lockPanel(s, c, into: &frame, area: parts[1])
        switch s.phase {
        case .pin:
            let box = Rect(x: parts[0].x, y: max(area.y, area.maxY - 5), width: parts[0].width, height: min(5, area.height))
            let inside = frame.panel(box, title: "Unlock with the SDK PIN", style: .current)
            FormView.render(s.pinForm, policy: context.shared.policy, focus: context.fieldFocus, into: &frame, area: inside)
        case .biometricPrompt:
            frame.render(Dialog(title: "Touch ID / Face ID", body: "Unlock Futurae SDK\n\ns recognised · f not recognised · c cancel",
                                buttons: ["Success", "Failure", "Cancel"], style: .current), in: area)
        case .list, .confirm: break
        }
    }

    static func lockPanel(_ s: FuturaeAccounts.State, _ c: SessionConfig, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, 9)), title: "SDK lock")
        let lock: (String, Style) = switch (c.lockType.locks, s.lock) {
        case (false, _): ("never locked (lock type none)", .hint)
        case (true, .unknown): ("· not known yet", .pending)
        case (true, .locked): ("✗ locked", .failed)
        case (true, .unlocked(let until)): ("✓ unlocked until " + until, .done)
        }
        let rows: [(String, String, Style)] = [
            ("lock type", c.lockType.shortTitle, .normal),
            ("biometrics", c.biometrics ? "available" : "unavailable", .normal),
            ("state", lock.0, lock.1),
            ("PIN tries", s.pinAttemptsLeft.map { "\($0) left" } ?? "–", s.pinAttemptsLeft.map { $0 < 3 ? .warning : .normal } ?? .normal),
            ("device", s.archived ? "✗ archived" : "✓ active", s.archived ? .failed : .done),
        ]
        frame.nameValueRows(rows, nameWidth: 11, in: inside)
    }
}
