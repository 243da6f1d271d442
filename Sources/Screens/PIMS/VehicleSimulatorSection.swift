import Enrollment
import PIMS
import TerminalUI

/// PIMS's vehicle in the simulator panel: what the car does on its own (R46), which the panel's
/// keys change (1 sleep, 2 online, 3 plug, 4 engine, 5 door, 6 battery %, 7 trunk, 8 close all).
enum VehicleSimulatorSection {
    /// Two rows inside the frame; three with the requests under way when the panel is tall.
    static func height(_ area: Rect) -> Int { area.height >= 30 ? 6 : 4 }

    static func render(_ vehicle: VehicleTruth?, into frame: inout Frame, area: Rect) {
        guard area.height >= 3 else { return }
        let inside = frame.panel(area, title: "Vehicle" + (vehicle.map { " · \($0.vin)" } ?? ""))
        guard let v = vehicle else {
            frame.paragraph("not read (no vehicle, or not logged in)", at: inside.y, in: inside, style: .hint)
            return
        }
        var y = frame.paragraph(v.summary, at: inside.y, in: inside, style: v.asleep || !v.online || v.engineOn ? .warning : .normal)
        for f in v.inFlight where y < inside.maxY {
            frame.put("\(f.action) \(f.step) due \(VehicleScreen.clock(f.due))", x: inside.x, y: y, style: .pending, clip: inside)
            y += 1
        }
    }
}
