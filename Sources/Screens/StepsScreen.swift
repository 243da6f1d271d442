import Enrollment
import TerminalUI

/// The service activation Steps checklist (seed 001): choose a vehicle, then its steps with their
/// status, the stepsID, the filter and the next step.
enum StepsScreen {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let s = state.steps
        var y = area.y
        guard let vin = s.vin else {
            VehiclePicker.render(state, selection: s.selection, title: "Choose a vehicle: its steps are listed by carAssociationID (R19)",
                                 into: &frame, area: area)
            return
        }
        let vehicle = state.vehicles.first { $0.vin == vin }
        frame.put(vehicle?.title ?? vin, x: area.x, y: y, style: .title, clip: area)
        y += 1
        let id = s.stepsID.map { "stepsID \($0)" } ?? "no stepsID yet"
        frame.put("carAssociationID \(s.carAssociationID ?? "?") · \(id) · filter: \(s.filter.rawValue)", x: area.x, y: y, style: .hint, clip: area)
        y += 2
        let list = frame.panel(Rect(x: area.x, y: y, width: area.width, height: min(area.maxY - y, max(3, s.items.count + 2))), title: "Steps")
        if s.items.isEmpty {
            frame.put(state.isBusy ? "Listing…" : "No step matches the filter.", x: list.x, y: list.y, style: .hint, clip: list)
        }
        for (i, item) in s.items.enumerated() where i < list.height {
            let selected = i == s.selection
            let row = list.row(i)
            let (glyph, style): (String, Style) = item.isTodo ? ("·", .pending) : ("✓", .done)
            frame.fill(row, style: selected ? .selected : .normal)
            var x = frame.put(selected ? "▶ " : "  ", x: row.x, y: row.y, style: selected ? .selected : .normal, clip: row)
            x = frame.put(glyph + " \(item.order). ", x: x, y: row.y, style: selected ? .selected : style, clip: row)
            x = frame.put(item.name.padded(toWidth: 20), x: x, y: row.y, style: selected ? .selected : .title, clip: row)
            frame.put(item.status, x: x, y: row.y, style: selected ? .selected : style, clip: row)
        }
        y = list.maxY + 1  // under the panel's bottom border
        if s.items.indices.contains(s.selection), y < area.maxY {
            let item = s.items[s.selection]
            let action = item.isTodo ? " Enter starts the flow that does it." : ""
            for line in (item.explanation + action).wrapped(toWidth: area.width - 2) where y < area.maxY {
                frame.put(line, x: area.x + 2, y: y, style: .hint, clip: area)
                y += 1
            }
        }
        y += 1
        if let next = s.nextStep, y < area.maxY {
            frame.put("Next step (pims.subscription.step): \(next)", x: area.x, y: y, style: .current, clip: area)
            y += 1
        }
        for line in [s.resolving.map { "Resolving: \($0)" }, s.message].compactMap({ $0 }).flatMap({ $0.wrapped(toWidth: area.width) }) where y < area.maxY {
            frame.put(line, x: area.x, y: y, style: .hint, clip: area)
            y += 1
        }
        if y + 1 < area.maxY {
            frame.put("R19: what a stepsID once reported alreadyDone stays cached until a reset.",
                      x: area.x, y: area.maxY - 1, style: .dim, clip: area)
        }
    }
}

/// The account's vehicles as a list to choose from (steps, car key).
enum VehiclePicker {
    static func render(_ state: AppState, selection: Int, title: String, into frame: inout Frame, area: Rect) {
        frame.put(title, x: area.x, y: area.y, style: .hint, clip: area)
        let vehicles = state.vehicles
        guard !vehicles.isEmpty else {
            frame.put(state.isBusy ? "Reading the account…" : "No vehicle is associated with the account.", x: area.x, y: area.y + 2,
                      style: .hint, clip: area)
            return
        }
        let items = vehicles.map { v in
            MenuItem(v.title, detail: "carAssociationID \(v.carAssociationID)", marker: v.carKeyActivated ? "✓" : "·")
        }
        frame.render(Menu(items: items, selected: selection), in: Rect(x: area.x, y: area.y + 2, width: area.width,
                                                                        height: min(items.count, area.height - 2)))
    }
}

/// The car key: select the VIN, check, activate; the proximity the simulator holds, and which of
/// 2341/2342/2354 stands in the way.
enum CarKeyScreen {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let k = state.carKey
        guard let vin = k.selectedVIN else {
            VehiclePicker.render(state, selection: k.selection, title: "Choose the vehicle: set pims.vehicle.vin selects it (R23)",
                                 into: &frame, area: area)
            return
        }
        let vehicle = state.vehicles.first { $0.vin == vin }
        var y = area.y
        frame.put(vehicle?.title ?? vin, x: area.x, y: y, style: .title, clip: area)
        y += 2
        let columns = Rect(x: area.x, y: y, width: area.width, height: 9).splitColumns([.fill(), .fill()], gap: 2)
        let status = frame.panel(columns[0], title: "Car key (get pims.vehicle.carkey)")
        let rows: [(String, String, Style)] = [
            ("verified", k.isVerified.map { $0 ? "✓ yes" : "✗ no" } ?? "· not checked", k.isVerified == true ? .done : .pending),
            ("cvsStatus", k.cvsStatus ?? "–", k.cvsStatus == "active" ? .done : .normal),
            ("reactivate by", k.maxReactivationDate ?? "–", .normal),
            ("security code", k.securityCode ?? "–", .code),
            ("expires", k.securityExpiration ?? "–", .normal),
        ]
        for (i, row) in rows.enumerated() where i < status.height {
            let x = frame.put(row.0.padded(toWidth: 15), x: status.x, y: status.y + i, style: .hint, clip: status)
            frame.put(row.1, x: x, y: status.y + i, style: row.2, clip: status)
        }
        let proximity = frame.panel(columns[1], title: "Proximity (simulator)")
        // The toggles' keys come from the state's commands, as the help bar's do.
        func key(_ part: ProximityPart) -> String {
            state.availableCommands.first { $0.action == .choose(.toggleProximity(part)) }?.key.description ?? ""
        }
        let toggles: [(String, String, Bool?, Int)] = [
            (key(.bluetooth), ProximityPart.bluetooth.title, vehicle?.bluetoothOn, 2341),
            (key(.paired), ProximityPart.paired.title, vehicle?.paired, 2342),
            (key(.keyInside), ProximityPart.keyInside.title, vehicle?.keyInside, 2354),
        ]
        for (i, t) in toggles.enumerated() where i * 2 < proximity.height {
            let (glyph, style) = t.2.map(Glyphs.check) ?? ("·", .pending)
            var x = frame.put(t.0.padded(toWidth: 3), x: proximity.x, y: proximity.y + i * 2, style: .key, clip: proximity)
            x = frame.put(glyph + " " + t.1, x: x, y: proximity.y + i * 2, style: style, clip: proximity)
            if t.2 == false {
                frame.put("  → \(t.3)", x: x, y: proximity.y + i * 2, style: .hint, clip: proximity)
            }
        }
        y = columns[0].maxY + 1
        if let code = k.proximityError, let problem = CarKeyFlow.proximityProblem(code), y < area.maxY {
            frame.put("✗ \(code): \(problem)", x: area.x, y: y, style: .failed, clip: area)
            y += 1
        }
        if let message = k.message {
            for line in message.wrapped(toWidth: area.width) where y < area.maxY {
                frame.put(line, x: area.x, y: y, style: .hint, clip: area)
                y += 1
            }
        }
    }
}
