import Enrollment
import TerminalUI

/// The command palette over the screen: the query, then the matching entries with their screen and
/// key; Enter runs the selected one, Esc closes.
enum PaletteView {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        guard let palette = state.palette else { return }
        frame.coverClicks(area)
        let matches = state.paletteMatches
        let width = min(area.width - 2, max(70, area.width * 3 / 4))
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + 1, width: width, height: min(area.height - 2, matches.count + 5))
        let inside = frame.panel(box, title: "Commands — type to find, Enter runs, Esc closes", style: .current).inset(left: 1, right: 1)
        var x = frame.put("> ", x: inside.x, y: inside.y, style: .key, clip: inside)
        x = frame.put(palette.query, x: x, y: inside.y, style: .code, clip: inside)
        frame.cursor = Point(x: min(x, inside.maxX - 1), y: inside.y)
        let list = Rect(x: inside.x, y: inside.y + 2, width: inside.width, height: inside.height - 2)
        guard !matches.isEmpty else {
            frame.put("Nothing matches \"\(palette.query)\".", x: list.x, y: list.y, style: .hint, clip: list)
            return
        }
        let screenWidth = min(20, matches.map(\.screen.terminalWidth).max() ?? 0)
        let items = matches.map { e in
            MenuItem(e.screen.padded(toWidth: screenWidth) + "  " + e.title + " — " + e.help, detail: e.key.isEmpty ? nil : e.key)
        }
        var menu = Menu(items: items, selected: palette.selection)
        menu.clickOpens = true
        frame.render(menu, in: list)
    }
}
