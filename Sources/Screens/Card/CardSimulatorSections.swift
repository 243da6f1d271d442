import Enrollment
import TerminalUI

/// Card's section of the simulator panel: the phone's notifications and the issuer's last answer.
enum CardSimulatorSections {
    /// The card phone's notifications, and below them the issuer's last answer.
    static func phoneAndIssuer(_ sim: CardPanelState, into frame: inout Frame, area: Rect) {
        let rows = area.splitRows([.fill(), .fixed(min(6, area.height / 2))])
        pushes(sim, into: &frame, area: rows[0])
        let inside = frame.panel(rows[1], title: "Issuer · back office")
        if sim.issuer.isEmpty { frame.paragraph("v new code  x disable  s enable  b buy: on the Card field's card. k 2nd phone no  y withdraw: on the purchase waiting", at: inside.y, in: inside, style: .hint) }
        for (i, row) in sim.issuer.enumerated() where i < inside.height {
            let x = frame.put(row.name.padded(toWidth: 10), x: inside.x, y: inside.y + i, style: .hint, clip: inside)
            frame.put(row.value, x: x, y: inside.y + i, style: row.name == "code" ? .code : .normal, clip: inside)
        }
    }

    /// The card phone's notifications: each purchase with its transaction's status.
    static func pushes(_ sim: CardPanelState, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Phone · notifications (\(sim.pushes.count))")
        if sim.pushes.isEmpty { frame.paragraph("none (a purchase at the shop pushes one)", at: inside.y, in: inside, style: .hint) }
        var y = inside.y
        for t in sim.pushes.reversed() where y + 2 < inside.maxY {
            frame.put("\(t.merchant) · \(t.amount)", x: inside.x, y: y, style: .title, clip: inside)
            frame.put("  \(t.card) · \(t.status)", x: inside.x, y: y + 1, style: .hint, clip: inside)
            frame.put("  until \(t.expiresAt)", x: inside.x, y: y + 2, style: .hint, clip: inside)
            y += 3
        }
    }
}
