/// A one-line text field with a label, a placeholder, the cursor when focused, and a validation
/// message on the row below.
public struct TextField: Widget {
    public var label: String
    public var text: String
    public var placeholder: String
    /// Cursor position in characters; `nil` puts it after the text.
    public var cursor: Int?
    public var isFocused: Bool
    public var message: String?

    public init(label: String, text: String, placeholder: String = "", cursor: Int? = nil, isFocused: Bool = false, message: String? = nil) {
        self.label = label
        self.text = text
        self.placeholder = placeholder
        self.cursor = cursor
        self.isFocused = isFocused
        self.message = message
    }

    /// Rows the field needs: one, and one more for a message.
    public var height: Int { message == nil ? 1 : 2 }

    public func render(into frame: inout Frame, area: Rect) {
        guard !area.isEmpty else { return }
        let line = area.row(0)
        var x = frame.putFieldLabel(label, isFocused: isFocused, line: line)
        let bracket: Style = isFocused ? .key : .border
        x = frame.put("[", x: x, y: line.y, style: bracket, clip: line)
        let room = max(1, line.maxX - x - 1)
        let box = Rect(x: x, y: line.y, width: room, height: 1)
        frame.fill(box.intersection(line), glyph: " ", style: .code)
        if text.isEmpty {
            frame.put(placeholder.truncated(toWidth: room), x: x, y: line.y, style: .dim, clip: box)
        } else {
            // Keep the cursor in view: show the tail of text longer than the box.
            let caret = min(cursor ?? text.count, text.count)
            let beforeCaret = text.prefix(caret)
            var skip = text.startIndex
            while TextWidth.of(text[skip..<beforeCaret.endIndex]) >= room { skip = text.index(after: skip) }
            frame.put(text[skip...], x: x, y: line.y, style: .code, clip: box)
        }
        frame.put("]", x: min(x + room, line.maxX - 1), y: line.y, style: bracket, clip: line)
        if isFocused {
            let caret = min(cursor ?? text.count, text.count)
            let before = text.prefix(caret).terminalWidth
            frame.cursor = Point(x: min(x + before, x + room - 1), y: line.y)
        }
        frame.putFieldMessage(message, x: line.x, y: area.y + 1, clip: area)
    }
}
