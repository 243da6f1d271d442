/// One row of a menu or list.
public struct MenuItem: Hashable, Sendable {
    public var title: String
    /// Right-aligned secondary text (a status, a count).
    public var detail: String?
    /// A state glyph before the title (✓ ✗ ▶ …), chosen by the screen.
    public var marker: String?
    /// The row's style when it is not selected.
    public var style: Style
    public var isEnabled: Bool

    public init(_ title: String, detail: String? = nil, marker: String? = nil, style: Style = .normal, isEnabled: Bool = true) {
        self.title = title
        self.detail = detail
        self.marker = marker
        self.style = style
        self.isEnabled = isEnabled
    }
}

/// A vertical list with a selection bar that scrolls to keep the selection in view, with ↑ ↓
/// marks when there is more above or below.
public struct Menu: Widget {
    public var items: [MenuItem]
    public var selected: Int?
    /// The first visible row, as the view-model last saw it; corrected to show `selected`.
    public var offset: Int
    /// Whether the selection bar is drawn (a list without focus keeps its place but shows no bar).
    public var isFocused: Bool
    /// A click on a row moves the selection there; with this, it also presses Enter (a menu opens
    /// what was clicked; a log only selects).
    public var clickOpens = false

    public init(items: [MenuItem], selected: Int? = nil, offset: Int = 0, isFocused: Bool = true) {
        self.items = items
        self.selected = selected
        self.offset = offset
        self.isFocused = isFocused
    }

    public func visibleOffset(rows: Int) -> Int {
        scrollOffset(selected: selected, offset: offset, visibleRows: rows, count: items.count)
    }

    public func render(into frame: inout Frame, area: Rect) {
        guard !area.isEmpty else { return }
        let top = visibleOffset(rows: area.height)
        let hasMarkers = items.contains { $0.marker != nil }
        // Keep the last column for the scroll marks when there is something to scroll.
        let rows = items.count > area.height ? area.inset(right: 1) : area
        for row in 0..<min(area.height, items.count - top) {
            let index = top + row
            let item = items[index]
            let line = rows.row(row)
            let isSelected = isFocused && index == selected
            let style: Style = isSelected ? .selected : (item.isEnabled ? item.style : .dim)
            frame.fill(area.row(row), style: style)
            var x = frame.put(isSelected ? "▶ " : "  ", x: line.x, y: line.y, style: style, clip: line)
            if hasMarkers {
                x = frame.put((item.marker ?? " ") + " ", x: x, y: line.y, style: style, clip: line)
            }
            let detailWidth = item.detail.map { $0.terminalWidth + 1 } ?? 0
            let titleRoom = max(0, line.maxX - x - detailWidth - 1)
            frame.put(item.title.truncated(toWidth: titleRoom), x: x, y: line.y, style: style, clip: line)
            if let detail = item.detail {
                frame.put(detail, x: line.maxX - detailWidth, y: line.y, style: isSelected ? style : .hint, clip: line)
            }
            if isFocused { frame.onClick(area.row(row), keys: Self.keys(from: selected, to: index, opening: clickOpens)) }
        }
        frame.putScrollMarks(area: area, top: top, count: items.count)
    }
}

extension Menu {
    /// The arrows from the selection to a row, then Enter if the click opens.
    public static func keys(from selected: Int?, to index: Int, opening: Bool) -> [Key] {
        let delta = index - (selected ?? 0)
        // One array (a frame asks this for every row of a menu).
        var keys: [Key] = []
        keys.reserveCapacity(abs(delta) + 1)
        for _ in 0..<abs(delta) { keys.append(delta < 0 ? .up : .down) }
        if opening { keys.append(.enter) }
        return keys
    }
}

extension Frame {
    /// ↑ and ↓ in the right column when a scrolled region has more above or below.
    public mutating func putScrollMarks(area: Rect, top: Int, count: Int) {
        guard count > area.height else { return }
        if top > 0 { put("↑", x: area.maxX - 1, y: area.y, style: .hint) }
        if top + area.height < count { put("↓", x: area.maxX - 1, y: area.maxY - 1, style: .hint) }
    }
}
