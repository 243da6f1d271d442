import Enrollment
import PIMS
import TerminalUI

/// The car key: select the VIN, check, activate; the proximity the simulator holds, and which of
/// 2341/2342/2354 stands in the way.
enum CarKeyScreen {
    static func render(_ k: CarKeyFlow.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        guard let vin = k.selectedVIN else {
            VehiclePicker.render(context.vehicles, busy: context.callInFlight, selection: k.selection, title: "Choose the vehicle: set pims.vehicle.vin selects it (R23)",
                                 focused: !k.typingVIN, into: &frame, area: area)
            // After the list: a VIN typed by hand (one not of the account answers 2366).
            var y = area.y + 3 + context.vehicles.count
            guard y < area.maxY else { return }
            frame.put((k.typingVIN ? "▸ " : "  ") + "Another VIN…", x: area.x, y: y, style: k.typingVIN ? .selected : .normal, clip: area)
            y += 1
            if k.typingVIN {
                y += FormView.render(k.vinForm, policy: context.policy, focus: context.fieldFocus, into: &frame,
                                     area: Rect(x: area.x + 2, y: y, width: area.width - 2, height: area.maxY - y))
            }
            if let message = k.message, y < area.maxY { frame.paragraph(message, at: y + 1, in: area, style: .hint) }
            return
        }
        let vehicle = context.vehicles.first { $0.vin == vin }
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
        frame.nameValueRows(rows, nameWidth: 15, in: status)
        let proximity = frame.panel(columns[1], title: "Proximity (simulator)")
        // The toggles' keys come from the state's commands, as the help bar's do.
        func key(_ part: ProximityPart) -> String { context.key(.carKey(.toggleProximity(part))) ?? "" }
        let toggles: [(String, String, Bool?, ErrorCode)] = [
            (key(.bluetooth), ProximityPart.bluetooth.title, vehicle?.bluetoothOn, .bluetoothOff),
            (key(.paired), ProximityPart.paired.title, vehicle?.paired, .notPaired),
            (key(.keyInside), ProximityPart.keyInside.title, vehicle?.keyInside, .keyNotInside),
        ]
        for (i, t) in toggles.enumerated() where i * 2 < proximity.height {
            let (glyph, style) = t.2.map(Glyphs.check) ?? ("·", .pending)
            var x = frame.put(t.0.padded(toWidth: 3), x: proximity.x, y: proximity.y + i * 2, style: .key, clip: proximity)
            x = frame.put(glyph + " " + t.1, x: x, y: proximity.y + i * 2, style: style, clip: proximity)
            if t.2 == false {
                frame.put("  → \(t.3)", x: x, y: proximity.y + i * 2, style: .hint, clip: proximity)
            }
        }
        // A proximity error is explained once, by the banner; the panel marks the toggle with its code.
        y = columns[0].maxY + 1
        if let message = k.message { frame.paragraph(message, at: y, in: area, style: .hint) }
    }
}
