import Enrollment
import PIMS
import TerminalUI

/// The account's vehicles as a list to choose from (steps, car key).
enum VehiclePicker {
    /// `focused`: false when the selection is on a row after the list (the car key's typed VIN).
    static func render(_ vehicles: [AccountSnapshot.Vehicle], busy: Bool, selection: Int, title: String, focused: Bool = true,
                       into frame: inout Frame, area: Rect) {
        frame.put(title, x: area.x, y: area.y, style: .hint, clip: area)
        guard !vehicles.isEmpty else {
            frame.put(busy ? "Reading the account…" : "No vehicle is associated with the account.", x: area.x, y: area.y + 2,
                      style: .hint, clip: area)
            return
        }
        let items = vehicles.map { v in
            MenuItem(v.title, detail: "carAssociationID \(v.carAssociationID)", marker: v.carKeyActivated ? "✓" : "·")
        }
        frame.render(Menu(items: items, selected: min(selection, items.count - 1), isFocused: focused), in: Rect(x: area.x, y: area.y + 2, width: area.width,
                                                                        height: min(items.count, area.height - 2)))
    }
}
