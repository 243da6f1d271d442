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
}
