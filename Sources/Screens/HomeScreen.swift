import Enrollment
import TerminalUI

/// The menu of flows, with the account at a glance.
enum HomeScreen {
    /// `panel` draws the system's right column (`SystemScreens`: its account, lock or notifications).
    static func render(_ s: HomeMenu.State, system: SystemChoice, panel: (inout Frame, Rect) -> Void,
                       into frame: inout Frame, area: Rect) {
        let columns = area.splitColumns([.fill(), .fixed(34)], gap: 2)
        let menu = Route.homeMenu(system)
        // Two rows an entry (its title, then what it is for) when they fit; one row each otherwise.
        let rowsEach = menu.count * 2 + 2 <= columns[0].height ? 2 : 1
        let list = frame.panel(Rect(x: columns[0].x, y: columns[0].y, width: columns[0].width,
                                    height: min(columns[0].height, menu.count * rowsEach + 2)), title: "Flows")
        for (i, route) in menu.enumerated() where i * rowsEach < list.height {
            let selected = i == s.selection
            let row = Rect(x: list.x, y: list.y + i * rowsEach, width: list.width, height: 1)
            frame.fill(row, style: selected ? .selected : .normal)
            let x = frame.put((selected ? "▶ " : "  ") + route.title, x: row.x, y: row.y, style: selected ? .selected : .title, clip: row)
            let line = rowsEach == 2 ? Rect(x: row.x, y: row.y + 1, width: row.width, height: 1) : Rect(x: x, y: row.y, width: row.maxX - x, height: 1)
            frame.put(("  " + route.menuLine).truncated(toWidth: line.width - (rowsEach == 2 ? 2 : 0)), x: line.x + (rowsEach == 2 ? 2 : 0),
                      y: line.y, style: selected && rowsEach == 1 ? .selected : .hint, clip: line)
            frame.onClick(Rect(x: row.x, y: row.y, width: row.width, height: rowsEach), keys: Menu.keys(from: s.selection, to: i, opening: true))
        }
        panel(&frame, columns[1])
    }
}
