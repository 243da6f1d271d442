import Card
import Enrollment
import TerminalUI

/// The card app on the phone (docs/card-rules.md §6): the app's screen at each step on the left, the
/// phone's notifications with their countdown on the right.
enum CardPhoneScreen {
    static func render(_ p: CardPhone.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        let parts = area.splitColumns([.fill(), .fixed(min(38, area.width / 2 - 2))], gap: 1)
        CardAppView.render(p, context, into: &frame, area: parts[0])
        CardNotificationsView.render(p, into: &frame, area: parts[1])
        if p.phase == .biometricPrompt, let t = p.transaction {
            var body = "Confirm \(t.amount) at \(t.merchant)\n\ns recognised · f not recognised\nk fall back to the PIN · c cancel"
            if let m = p.message { body += "\n\n" + m }
            frame.render(Dialog(title: "Touch ID / Face ID", body: body, buttons: ["Success", "Failure", "PIN", "Cancel"], style: .current), in: area)
        }
    }
}

/// The bank app's screen: the transaction, the prompts, how it ended.
enum CardAppView {
    static func render(_ p: CardPhone.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Phone · \(context.config.device)")
        var out = PanelWriter(inside, nameWidth: 10)
        func details(_ t: CardTransaction) {
            out.row("Merchant", t.merchant, .title, in: &frame)
            out.row("Amount", t.amount, .title, in: &frame)
            out.row("Card", t.card, .title, in: &frame)
            if p.isDeciding {
                let left = t.secondsLeft(at: p.now) ?? t.secondsLeft
                out.row("Time", CardTransaction.countdown(left) + " (simulated)", (left ?? 1) <= 60 ? .warning : .normal, in: &frame)
                if t.autoEnrolls { out.row("New card", "set up once approved", .hint, in: &frame) }
            }
            out.skip()
        }
        switch p.phase {
        case .inbox:
            out.line(p.notifications.isEmpty ? "No notification yet." : "Enter opens the selected notification.", .hint, in: &frame)
            if p.notifications.isEmpty { out.line("Pay at the shop (Home ▸ Shop & issuer): the bank pushes the purchase here.", .hint, in: &frame) }
        case .opening:
            out.line("Opening the purchase (casa.getTransaction)…", .hint, in: &frame)
        case .details:
            guard let t = p.transaction else { break }
            out.line("Did you make this purchase?", .title, in: &frame)
            out.skip()
            details(t)
            out.line("y YES · n NO", .key, in: &frame)
        case .choose:
            guard let t = p.transaction else { break }
            details(t)
            out.line("Authenticate with:", .title, in: &frame)
            out.line("e PIN · b biometric", .key, in: &frame)
        case .biometricPrompt:
            if let t = p.transaction { details(t) }
        case .pin, .displayName:
            guard let t = p.transaction else { break }
            details(t)
            if p.phase == .pin {
                out.line("Enter your PIN to approve.", .title, in: &frame)
                if let left = p.attemptsLeft { out.line("\(left) attempt\(left == 1 ? "" : "s") left", .warning, in: &frame) }
            } else {
                out.line("Name your new card \(t.card).", .title, in: &frame)
            }
            if let form = CardPhone.form(p) { out.form(form, policy: context.policy, focus: context.fieldFocus, in: &frame) }
        case .approved:
            out.line("✓ Transaction approved", .done, in: &frame)
            out.skip()
            if let t = p.transaction { details(t) }
            if let card = p.newCard {
                out.row("New card", "\(card.displayName) · \(card.card)", .done, in: &frame)
                out.row("State", card.state, .done, in: &frame)
            }
        case .rejected:
            out.line("✗ Purchase rejected", .failed, in: &frame)
            if let t = p.transaction { out.skip(); details(t) }
        case .expired:
            out.line("✗ The purchase expired", .failed, in: &frame)
            if let t = p.transaction { out.skip(); details(t) }
        case .declined:
            out.line("✗ Declined: PIN attempts exhausted", .failed, in: &frame)
            if let t = p.transaction { out.skip(); details(t) }
        case .failed:
            guard let e = p.failure else { break }
            out.line("✗ \(e.code)", .failed, in: &frame)
            out.line(e.label, in: &frame)
            if let detail = e.detail { out.line(detail, .hint, in: &frame) }
            out.line("→ " + Notice.card(e).advice, .hint, in: &frame)
        }
        if let m = p.message, p.phase != .biometricPrompt { out.line(m, p.phase == .pin ? .warning : .hint, in: &frame) }
    }
}

/// The phone's notification list: merchant, amount, card and time left, newest first at the top.
enum CardNotificationsView {
    static func render(_ p: CardPhone.State, into frame: inout Frame, area: Rect) {
        let entries = p.notifications.map { t in
            let status = t.status == "pending" ? CardTransaction.countdown(t.secondsLeft(at: p.now)) : t.status
            return PushList.Entry(title: "\(t.merchant) · \(t.amount)", detail: "\(t.card) · \(status)", unread: p.unread == t.transactionId)
        }
        PushList.render(entries, title: "Notifications", selection: p.phase == .inbox ? p.selection : nil, into: &frame, area: area)
    }
}
