import Enrollment
import TerminalUI

/// Account management A–E: the task menu with each precondition, then the task's prompt.
enum AccountScreen {
    static func render(_ a: AccountManagement.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        guard let task = a.task, a.stage != .menu else {
            menu(a, into: &frame, area: area)
            return
        }
        let showsPhone = a.stage == .code
        let parts = showsPhone ? area.splitColumns([.fill(), .fixed(PhoneView.width)], gap: 1) : [area]
        let main = parts[0]
        var y = main.y
        frame.put("\(task.rawValue) · \(task.title)", x: main.x, y: y, style: .title, clip: main)
        y += 1
        y = frame.paragraph("API: " + task.api, at: y, in: main, style: .code)
        let (glyph, style): (String, Style) = a.preconditionMet.map { $0 ? ("✓", .done) : ("✗", .failed) } ?? ("·", .hint)
        for (i, line) in (a.preconditionNote ?? task.precondition).wrapped(toWidth: main.width - 2).enumerated() where y < main.maxY {
            frame.put((i == 0 ? glyph + " " : "  ") + line, x: main.x, y: y, style: i == 0 ? style : .hint, clip: main)
            y += 1
        }
        y += 1
        if task == .removeVehicle && a.stage == .input {
            let items = context.vehicles.map { MenuItem($0.title, detail: $0.carAssociationID) }
            if items.isEmpty {
                frame.put("No vehicle is associated with the account.", x: main.x, y: y, style: .hint, clip: main)
                y += 1
            } else {
                let h = min(items.count, main.maxY - y)
                frame.render(Menu(items: items, selected: a.selection), in: Rect(x: main.x, y: y, width: main.width, height: h))
                y += h
            }
            // After the list: a VIN typed by hand (not the account's: 2323; malformed, sent as typed: 2102).
            let typing = a.selection == context.vehicles.count
            if y < main.maxY {
                frame.put((typing ? "▸ " : "  ") + "Another VIN…", x: main.x, y: y, style: typing ? .selected : .normal, clip: main)
                y += 1
            }
            if typing && a.form.has(.vin) {
                y += FormView.render(a.form, policy: context.policy, focus: context.fieldFocus, into: &frame,
                                     area: Rect(x: main.x + 2, y: y, width: main.width - 2, height: max(main.maxY - y, 0)))
            }
        } else if [.input, .code].contains(a.stage) {
            y += FormView.render(a.form, policy: context.policy, focus: context.fieldFocus, into: &frame,
                                 area: Rect(x: main.x, y: y, width: main.width, height: main.maxY - y))
        } else if a.stage == .checking {
            frame.put(context.callInFlight ? "Checking the precondition…" : "Checking…", x: main.x, y: y, style: .hint, clip: main)
            y += 1
        }
        if let message = a.message, a.stage != .confirm {
            y = frame.paragraph(message, at: y + 1, in: main, style: a.stage == .done ? .success : .hint)
        }
        if showsPhone { PhoneView.render(context, into: &frame, area: parts[1]) }
    }

    static func menu(_ a: AccountManagement.State, into frame: inout Frame, area: Rect) {
        var y = frame.paragraph("Account management: features outside the regular enrollment (steps with letters).",
                                at: area.y, in: area, style: .hint) + 1
        for (i, task) in AccountManagement.Task.allCases.enumerated() where y + 1 < area.maxY {
            let selected = i == a.selection
            let row = Rect(x: area.x, y: y, width: area.width, height: 1)
            frame.fill(row, style: selected ? .selected : .normal)
            var x = frame.put(selected ? "▶ " : "  ", x: row.x, y: y, style: selected ? .selected : .normal, clip: row)
            x = frame.put(task.rawValue.lowercased(), x: x, y: y, style: selected ? .selected : .key, clip: row)
            frame.put("  " + task.title, x: x, y: y, style: selected ? .selected : .title, clip: row)
            // The selected task's precondition in full; the others' on one line, marked when cut.
            let detail = Rect(x: area.x + 5, y: y + 1, width: area.width - 5, height: 1)
            let rows = selected ? frame.paragraph(task.precondition, at: y + 1, in: Rect(x: detail.x, y: detail.y, width: detail.width,
                                                                                       height: area.maxY - detail.y), style: .hint) - y - 1
                                : 1
            if !selected { frame.put(task.precondition.truncated(toWidth: detail.width), x: detail.x, y: detail.y, style: .hint, clip: detail) }
            frame.onClick(Rect(x: area.x, y: y, width: area.width, height: 1 + rows),
                          keys: [.char(Character(task.rawValue.lowercased()))])
            y += rows + 2
        }
    }
}
