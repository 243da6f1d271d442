import Card
import Enrollment
import TerminalUI

/// Display Accounts: the cards on this phone with their state, and the activation prompts.
enum CardAccountsScreen {
    /// `pendingCodes`: the issuer's codes not used yet, as the shop last read them (the bank's letter).
    static func render(_ s: CardAccounts.State, pendingCodes: [CardIssuerView.PendingCode], _ context: ScreenContext,
                       into frame: inout Frame, area: Rect) {
        let prompt = s.phase == .activate || s.phase == .setPin
        let parts = area.splitRows([.fill(), .fixed(prompt ? min(7, area.height / 2) : 0)])
        let list = frame.panel(Rect(x: area.x, y: area.y, width: area.width, height: min(parts[0].height, max(4, s.accounts.count * 2 + 2))),
                               title: "Cards on \(context.config.device)")
        if s.accounts.isEmpty {
            frame.put("No card on this phone: activate one with the code the bank gave.", x: list.x, y: list.y, style: .hint, clip: list)
        }
        for (i, card) in s.accounts.enumerated() where i * 2 + 1 < list.height {
            let selected = i == s.selection && s.phase == .list
            let row = list.row(i * 2)
            if selected { frame.fill(row, style: .selected) }
            frame.put((selected ? "▶ " : "  ") + "\(card.displayName) · \(card.card)", x: row.x, y: row.y, style: selected ? .selected : .title, clip: row)
            let mark = card.state == "active" ? "✓" : "✗"
            frame.put("  \(mark) \(card.state) · expires \(card.expiry) · \(card.accountId)", x: row.x, y: row.y + 1,
                      style: card.state == "active" ? .done : .failed, clip: list.row(i * 2 + 1))
        }
        if let m = s.message, list.maxY + 1 < parts[0].maxY {
            frame.paragraph(m, at: list.maxY + 1, in: parts[0], style: .hint)
        }
        guard prompt, let form = CardAccounts.form(s), parts[1].height >= 3 else { return }
        let title = s.phase == .activate ? "Activate: the code (Shop & issuer ▸ new code), a name" : "Choose the PIN for this phone"
        let inside = frame.panel(parts[1], title: title, style: .current)
        let used = FormView.render(form, policy: context.policy, focus: context.fieldFocus, into: &frame, area: inside)
        // The codes the bank sent and the user has not used yet: what a letter from the bank would say.
        if s.phase == .activate {
            var y = inside.y + used + 1
            for code in pendingCodes where y < inside.maxY {
                y = frame.paragraph("The bank's letter: code \(code.code) for \(code.maskedCardNumber), valid until \(code.expiresAt).",
                                    at: y, in: inside, style: .hint)
            }
        }
    }
}
