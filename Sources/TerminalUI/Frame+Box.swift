/// Line-drawing boxes: panels, dialogs and overlays share one border.
extension Frame {
    /// Draws a single-line border around `rect`, with an optional title set into the top edge.
    public mutating func drawBox(_ rect: Rect, style: Style = .border, title: String? = nil, titleStyle: Style = .title) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let horizontal = String(repeating: "─", count: rect.width - 2)
        put("┌" + horizontal + "┐", x: rect.x, y: rect.y, style: style)
        put("└" + horizontal + "┘", x: rect.x, y: rect.maxY - 1, style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            put("│", x: rect.x, y: y, style: style)
            put("│", x: rect.maxX - 1, y: y, style: style)
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
