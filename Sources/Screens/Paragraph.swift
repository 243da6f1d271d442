import TerminalUI

extension Frame {
    /// Writes `text` wrapped to `area`'s width from row `y`, stopping at the area's bottom; returns
    /// the row after the last one written. The screens' one way to put a paragraph.
    @discardableResult
    mutating func paragraph(_ text: String, at y: Int, in area: Rect, style: Style = .normal, indent: Int = 0) -> Int {
        var y = y
        for line in text.wrapped(toWidth: max(1, area.width - indent)) where y < area.maxY {
            put(line, x: area.x + indent, y: y, style: style, clip: area)
            y += 1
        }
        return y
    }

    /// Name–value rows in `area`, the names in a column of `nameWidth`: a value too long for its
    /// column wraps under itself, and a word longer than that (a code) takes the next row whole,
    /// so no value is cut mid-word. Returns the row after the last one written.
    @discardableResult
    mutating func nameValueRows(_ rows: [(String, String, Style)], nameWidth: Int, in area: Rect) -> Int {
        var y = area.y
        let room = max(1, area.width - nameWidth)
        for (name, value, style) in rows where y < area.maxY {
            let x = put(name.padded(toWidth: nameWidth), x: area.x, y: y, style: .hint, clip: area)
            if value.split(separator: " ").contains(where: { String($0).terminalWidth > room }) && value.terminalWidth <= area.width {
                y += 1
                if y < area.maxY { put(value, x: area.x, y: y, style: style, clip: area) }
                y += 1
                continue
            }
            for line in value.wrapped(toWidth: room) where y < area.maxY {
                put(line, x: x, y: y, style: style, clip: area)
                y += 1
            }
        }
        return y
    }
}
