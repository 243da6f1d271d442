import TerminalUI

/// What was pushed to a phone (the card's purchases, Futurae's login requests), newest at the top,
/// two rows each: what it is, then its detail (time left); the unread one marked ●, the selected ▶.
enum PushList {
    struct Entry {
        var title: String
        var detail: String
        var unread: Bool
    }

    /// `selection`: the entry selected, while the list has the focus.
    static func render(_ entries: [Entry], title: String, selection: Int?, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "\(title) (\(entries.count))")
        if entries.isEmpty { frame.put("None.", x: inside.x, y: inside.y, style: .hint, clip: inside) }
        for (i, entry) in entries.enumerated().reversed() {
            let y = inside.y + (entries.count - 1 - i) * 2
            guard y + 1 < inside.maxY else { break }
            let selected = i == selection
            let row = inside.row(y - inside.y)
            if selected { frame.fill(row, style: .selected) }
            let mark = entry.unread ? "● " : (selected ? "▶ " : "  ")
            frame.put(mark + entry.title, x: row.x, y: y, style: selected ? .selected : .title, clip: row)
            frame.put("  " + entry.detail, x: row.x, y: y + 1, style: .hint, clip: inside.row(y + 1 - inside.y))
        }
    }
}
