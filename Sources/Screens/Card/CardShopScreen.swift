import Enrollment
import TerminalUI

/// The shop's checkout (a purchase with a card) and the issuer's back office (activation codes,
/// cards made inactive), both outside the phone.
enum CardShopScreen {
    @Sendable static func render(_ s: CardShop.State, _ context: ScreenContext, _ frame: inout Frame, _ area: Rect) {
        let parts = area.splitColumns([.fill(), .fixed(min(40, area.width / 2 - 2))], gap: 1)
        let shop = frame.panel(parts[0], title: "Shop · checkout")
        var y = shop.y
        y = frame.paragraph("Pay with a card: the bank sends the 3-D Secure purchase to the cardholder's phone.", at: y, in: shop, style: .hint)
        y += 1
        y += FormView.render(s.form, policy: context.shared.policy, focus: context.fieldFocus, into: &frame,
                             area: Rect(x: shop.x, y: y, width: shop.width, height: max(0, shop.maxY - y)))
        y += 1
        if let m = s.message, y < shop.maxY { y = frame.paragraph(m, at: y, in: shop, style: .done) }
        if let t = s.purchase, y < shop.maxY {
            for (name, value) in [("purchase", t.transactionId), ("amount", "\(t.amount) · \(t.card)"), ("expires", t.expiresAt)] where y < shop.maxY {
                let x = frame.put(name.padded(toWidth: 10), x: shop.x, y: y, style: .hint, clip: shop)
                frame.put(value, x: x, y: y, style: .normal, clip: shop)
                y += 1
            }
        }
        let office = frame.panel(parts[1], title: "Issuer · Acme Bank back office")
        var oy = office.y
        oy = frame.paragraph("For the card in the Card field: a new activation code, the card inactive or active again (keys below).", at: oy, in: office, style: .hint)
        oy += 1
        let cards = s.issuer.cards.map { "\($0.maskedCardNumber) \($0.state)\($0.autoEnrolls ? " (auto-enrolls)" : "")" }
        let pending = s.issuer.pendingCodes.map { "code \($0.code) for \($0.maskedCardNumber), until \($0.expiresAt)" }
        let world = cards.map { ("card", $0, Style.normal) } + pending.map { ("pending", $0, Style.code) }
        oy = frame.nameValueRows(world, nameWidth: 9, in: Rect(x: office.x, y: oy, width: office.width, height: max(0, office.maxY - oy)))
        if !world.isEmpty { oy += 1 }
        for r in s.issuedRows where oy < office.maxY {
            let x = frame.put(r.name.padded(toWidth: 9), x: office.x, y: oy, style: .hint, clip: office)
            frame.put(r.value, x: x, y: oy, style: r.name == "code" ? .code : .title, clip: office)
            oy += 1
        }
    }
}
