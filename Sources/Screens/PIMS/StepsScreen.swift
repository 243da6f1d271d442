import Enrollment
import TerminalUI

/// The service activation Steps checklist (seed 001): choose a vehicle, then its steps with their
/// status, the stepsID, the filter and the next step.
enum StepsScreen {
    static func render(_ s: StepsChecklist.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        var y = area.y
        guard let vin = s.vin else {
            VehiclePicker.render(context.vehicles, busy: context.callInFlight, selection: s.selection, title: "Choose a vehicle: its steps are listed by carAssociationID (R19)",
                                 into: &frame, area: area)
            return
        }
        let vehicle = context.vehicles.first { $0.vin == vin }
        frame.put(vehicle?.title ?? vin, x: area.x, y: y, style: .title, clip: area)
        y += 1
        let id = s.stepsID.map { "stepsID \($0)" } ?? "no stepsID yet"
        frame.put("carAssociationID \(s.carAssociationID ?? "?") · \(id) · filter: \(s.filter.rawValue)", x: area.x, y: y, style: .hint, clip: area)
        y += 2
        let list = frame.panel(Rect(x: area.x, y: y, width: area.width, height: min(area.maxY - y, max(3, s.items.count + 2))), title: "Steps")
        if s.items.isEmpty {
            frame.put(context.callInFlight ? "Listing…" : "No step matches the filter.", x: list.x, y: list.y, style: .hint, clip: list)
        }
        for (i, item) in s.items.enumerated() where i < list.height {
            let selected = i == s.selection
            let row = list.row(i)
            let cached = s.isCachedOnly(item, account: context.shared.account, device: context.config.device)
            let (glyph, style): (String, Style) = item.isTodo ? ("·", .pending) : cached ? ("!", .warning) : ("✓", .done)
            frame.fill(row, style: selected ? .selected : .normal)
            var x = frame.put(selected ? "▶ " : "  ", x: row.x, y: row.y, style: selected ? .selected : .normal, clip: row)
            x = frame.put(glyph + " \(item.order). ", x: x, y: row.y, style: selected ? .selected : style, clip: row)
            x = frame.put(item.name.padded(toWidth: 20), x: x, y: row.y, style: selected ? .selected : .title, clip: row)
            frame.put(item.status + (cached ? " (cached: not done now, R19)" : ""), x: x, y: row.y, style: selected ? .selected : style, clip: row)
        }
        y = list.maxY + 1  // under the panel's bottom border
        if s.items.indices.contains(s.selection), y < area.maxY {
            let item = s.items[s.selection]
            let action = item.isTodo ? " Enter starts the flow that does it." : ""
            y = frame.paragraph(item.explanation + action, at: y, in: area, style: .hint, indent: 2)
        }
        y += 1
        if let next = s.nextStep, y < area.maxY {
            frame.put("Next step (pims.subscription.step): \(next)", x: area.x, y: y, style: .current, clip: area)
            y += 1
        }
        for text in [s.resolving.map { "Resolving: \($0)" }, s.message].compactMap({ $0 }) { y = frame.paragraph(text, at: y, in: area, style: .hint) }
        if y + 1 < area.maxY {
            frame.put("R19: what a stepsID once reported alreadyDone stays cached until a reset.",
                      x: area.x, y: area.maxY - 1, style: .dim, clip: area)
        }
    }
}
