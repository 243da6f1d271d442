/// Something that draws itself into a region of a frame. Widgets are values built from state on
/// every render; whatever they remember (selection, scroll offset) lives in the view-model.
public protocol Widget {
    func render(into frame: inout Frame, area: Rect)
}

extension Frame {
    @inlinable
    public mutating func render(_ widget: some Widget, in area: Rect) {
        widget.render(into: &self, area: area)
    }

    /// A field's label, titled while the field has focus; returns the column after it.
    mutating func putFieldLabel(_ label: String, isFocused: Bool, line: Rect) -> Int {
        put(label + " ", x: line.x, y: line.y, style: isFocused ? .title : .normal, clip: line)
    }

    /// A validation message under a field: a glyph, so it reads without colour.
    mutating func putFieldMessage(_ message: String?, x: Int, y: Int, clip: Rect) {
        guard let message else { return }
        put("✗ " + message, x: x, y: y, style: .error, clip: clip)
    }
}

/// Where a scrolling list starts so that `selected` is visible, moving as little as possible from
/// `offset`; shared by every widget that scrolls.
public func scrollOffset(selected: Int?, offset: Int, visibleRows: Int, count: Int) -> Int {
    guard visibleRows > 0, count > visibleRows else { return 0 }
    var top = min(max(0, offset), count - visibleRows)
    if let selected {
        if selected < top { top = selected }
        if selected >= top + visibleRows { top = selected - visibleRows + 1 }
    }
    return top
}
