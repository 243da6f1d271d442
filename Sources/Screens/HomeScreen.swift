import Enrollment
import TerminalUI

/// The menu of flows, with the account at a glance.
enum HomeScreen {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let columns = area.splitColumns([.fill(), .fixed(34)], gap: 2)
        let items = Route.homeMenu(state.session.config.system).map { MenuItem($0.title, detail: nil) }
        let list = frame.panel(Rect(x: columns[0].x, y: columns[0].y, width: columns[0].width, height: min(columns[0].height, items.count * 2 + 2)),
                               title: "Flows")
        for (i, route) in Route.homeMenu(state.session.config.system).enumerated() where i * 2 + 1 < list.height {
            let selected = i == state.home.selection
            let row = Rect(x: list.x, y: list.y + i * 2, width: list.width, height: 1)
            frame.fill(row, style: selected ? .selected : .normal)
            frame.put((selected ? "▶ " : "  ") + route.title, x: row.x, y: row.y, style: selected ? .selected : .title, clip: row)
            frame.put("  " + route.menuLine, x: row.x + 2, y: row.y + 1, style: .hint, clip: Rect(x: row.x, y: row.y + 1, width: row.width, height: 1))
        }
        switch state.session.config.system {
        case .futurae: FuturaeAccountsScreen.lockPanel(state, into: &frame, area: columns[1])
        case .card: CardNotificationsView.render(state, into: &frame, area: Rect(x: columns[1].x, y: columns[1].y, width: columns[1].width,
                                                                               height: min(columns[1].height, 10)))
        case .pims: AccountGlance.render(state, into: &frame, area: columns[1])
        }
    }
}
