import Card
import Enrollment
import TerminalUI

/// The card app on the phone (CARD-BEHAVIOUR §6): the app's screen at each step on the left, the
/// phone's notifications with their countdown on the right.
enum CardPhoneScreen {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let parts = area.splitColumns([.fill(), .fixed(min(38, area.width / 2 - 2))], gap: 1)
        CardAppView.render(state, into: &frame, area: parts[0])
        CardNotificationsView.render(state, into: &frame, area: parts[1])
        if state.cardPhone.phase == .biometricPrompt, let t = state.cardPhone.transaction {
            var body = "Confirm \(t.amount) at \(t.merchant)\n\ns recognised · f not recognised\nk fall back to the PIN · c cancel"
            if let m = state.cardPhone.message { body += "\n\n" + m }
            frame.render(Dialog(title: "Touch ID / Face ID", body: body, buttons: ["Success", "Failure", "PIN", "Cancel"], style: .current), in: area)
        }
    }
}

/// The bank app's screen: the transaction, the prompts, how it ended.
enum CardAppView {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let p = state.cardPhone
        let inside = frame.panel(area, title: "Phone · \(state.session.config.device)")
        var y = inside.y
        func line(_ text: String, _ style: Style = .normal) {
            guard y < inside.maxY else { return }
            y = frame.paragraph(text, at: y, in: inside, style: style)
        }
        func row(_ name: String, _ value: String, _ style: Style = .title) {
            guard y < inside.maxY else { return }
            let x = frame.put(name.padded(toWidth: 10), x: inside.x, y: y, style: .hint, clip: inside)
            frame.put(value, x: x, y: y, style: style, clip: inside)
            y += 1
        }
        func details(_ t: CardTransaction) {
            row("Merchant", t.merchant)
            row("Amount", t.amount)
            row("Card", t.card)
            if p.isDeciding {
                let left = t.secondsLeft(at: p.now) ?? t.secondsLeft
                row("Time", CardTransaction.countdown(left) + " (simulated)", (left ?? 1) <= 60 ? .warning : .normal)
                if t.autoEnrolls { row("New card", "set up once approved", .hint) }
            }
            y += 1
        }
        switch p.phase {
        case .inbox:
            line(p.notifications.isEmpty ? "No notification yet." : "Enter opens the selected notification.", .hint)
            if p.notifications.isEmpty { line("Pay at the shop (Home ▸ Shop & issuer): the bank pushes the purchase here.", .hint) }
        case .opening:
            line("Opening the purchase (casa.getTransaction)…", .hint)
        case .details:
            guard let t = p.transaction else { break }
            line("Did you make this purchase?", .title)
            y += 1
            details(t)
            line("y YES · n NO", .key)
        case .choose:
            guard let t = p.transaction else { break }
            details(t)
            line("Authenticate with:", .title)
            line("e PIN · b biometric", .key)
        case .biometricPrompt:
            if let t = p.transaction { details(t) }
        case .pin, .displayName:
            guard let t = p.transaction else { break }
            details(t)
            if p.phase == .pin {
                line("Enter your PIN to approve.", .title)
                if let left = p.attemptsLeft { line("\(left) attempt\(left == 1 ? "" : "s") left", .warning) }
            } else {
                line("Name your new card \(t.card).", .title)
            }
            if let form = CardPhone.form(p), y < inside.maxY {
                y += FormView.render(form, policy: state.session.policy, focus: state.fieldFocus, into: &frame,
                                     area: Rect(x: inside.x, y: y, width: inside.width, height: inside.maxY - y))
            }
        case .approved:
            line("✓ Transaction approved", .done)
            y += 1
            if let t = p.transaction { details(t) }
            if let card = p.newCard {
                row("New card", "\(card.displayName) · \(card.card)", .done)
                row("State", card.state, .done)
            }
        case .rejected:
            line("✗ Purchase rejected", .failed)
            if let t = p.transaction { y += 1; details(t) }
        case .expired:
            line("✗ The purchase expired", .failed)
            if let t = p.transaction { y += 1; details(t) }
        case .declined:
            line("✗ Declined: PIN attempts exhausted", .failed)
            if let t = p.transaction { y += 1; details(t) }
        case .failed:
            guard let e = p.failure else { break }
            line("✗ \(e.code)", .failed)
            line(e.label)
            if let detail = e.detail { line(detail, .hint) }
            line("→ " + Notice.card(e).advice, .hint)
        }
        if let m = p.message, p.phase != .biometricPrompt { line(m, p.phase == .pin ? .warning : .hint) }
    }
}

/// The phone's notification list: merchant, amount, card and time left, newest first at the top.
enum CardNotificationsView {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let p = state.cardPhone
        let inside = frame.panel(area, title: "Notifications (\(p.notifications.count))")
        if p.notifications.isEmpty {
            frame.put("None.", x: inside.x, y: inside.y, style: .hint, clip: inside)
        }
        for (i, t) in p.notifications.enumerated().reversed() {
            let y = inside.y + (p.notifications.count - 1 - i) * 2
            guard y + 1 < inside.maxY else { break }
            let selected = p.phase == .inbox && i == p.selection
            let row = inside.row(y - inside.y)
            if selected { frame.fill(row, style: .selected) }
            let mark = p.unread == t.transactionId ? "● " : (selected ? "▶ " : "  ")
            frame.put(mark + "\(t.merchant) · \(t.amount)", x: row.x, y: y, style: selected ? .selected : .title, clip: row)
            let status = t.status == "pending" ? CardTransaction.countdown(t.secondsLeft(at: p.now)) : t.status
            frame.put("  \(t.card) · \(status)", x: row.x, y: y + 1, style: .hint, clip: inside.row(y + 1 - inside.y))
        }
    }
}
