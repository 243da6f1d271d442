/// Line-drawing boxes: panels, dialogs and overlays share one border.
extension Frame {
    /// Draws a single-line border around `rect`, with an optional title set into the top edge.
    public mutating func drawBox(_ rect: Rect, style: Style = .border, title: String? = nil, titleStyle: Style = .title) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        if rect.intersection(bounds) == rect {
            // Inside the frame nothing is clipped: the edges are stored cell by cell, without text.
            for (y, left, right) in [(rect.y, "┌", "┐"), (rect.maxY - 1, "└", "┘")] as [(Int, Unicode.Scalar, Unicode.Scalar)] {
                put(left, count: 1, x: rect.x, y: y, style: style)
                put("─", count: rect.width - 2, x: rect.x + 1, y: y, style: style)
                put(right, count: 1, x: rect.maxX - 1, y: y, style: style)
            }
            for y in (rect.y + 1)..<(rect.maxY - 1) {
                put("│", count: 1, x: rect.x, y: y, style: style)
                put("│", count: 1, x: rect.maxX - 1, y: y, style: style)
            }
        } else {
            let horizontal = String(repeating: "─", count: rect.width - 2)
            put("┌" + horizontal + "┐", x: rect.x, y: rect.y, style: style)
            put("└" + horizontal + "┘", x: rect.x, y: rect.maxY - 1, style: style)
            for y in (rect.y + 1)..<(rect.maxY - 1) {
                put("│", x: rect.x, y: y, style: style)
                put("│", x: rect.maxX - 1, y: y, style: style)
            }
        }
        if let title, rect.width > 6 {
            let text = " " + title.truncated(toWidth: rect.width - 6) + " "
            put(text, x: rect.x + 2, y: rect.y, style: titleStyle)
        }
    }

    /// Clears `rect` and draws a box around it; returns the inside.
    @discardableResult
    public mutating func panel(_ rect: Rect, title: String? = nil, style: Style = .border) -> Rect {
        fill(rect)
        drawBox(rect, style: style, title: title)
        return rect.inset(by: 1)
    }
}
