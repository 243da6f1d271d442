/// A one-line text field with a label, a placeholder, the cursor when focused, and a validation
/// message on the row below.
public struct TextField: Widget {
    public var label: String
    public var text: String
    public var placeholder: String
    /// Cursor position in characters; `nil` puts it after the text.
    public var cursor: Int?
    public var isFocused: Bool
    /// The caret is drawn while the field is being edited; a field only selected has none.
    public var showsCaret = true
    /// The text is all selected (a suggestion the first key typed replaces): drawn as a selection.
    public var isTextSelected = false
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
        render(into: &frame, area: area, measure: TextWidth.of)
    }

    /// `measure` gives one character's columns: `TextWidth.of`, or a counting one in the tests that
    /// check a long text costs the box's width, not the text's length.
    func render(into frame: inout Frame, area: Rect, measure: (Character) -> Int) {
        guard !area.isEmpty else { return }
        let line = area.row(0)
        var x = frame.putFieldLabel(label, isFocused: isFocused, line: line)
        let bracket: Style = isFocused ? .key : .border
        x = frame.put("[", x: x, y: line.y, style: bracket, clip: line)
        let room = max(1, line.maxX - x - 1)
        let box = Rect(x: x, y: line.y, width: room, height: 1)
        frame.fill(box.intersection(line), glyph: " ", style: .code)
        let shown = Self.window(of: text, caret: caretIndex, room: room, measure: measure)
        if text.isEmpty {
            frame.put(placeholder.truncated(toWidth: room), x: x, y: line.y, style: .dim, clip: box)
        } else {
            frame.put(shown.visible, x: x, y: line.y, style: isTextSelected ? .selected : .code, clip: box, mayCut: true)
        }
        frame.put("]", x: min(x + room, line.maxX - 1), y: line.y, style: bracket, clip: line)
        if isFocused && showsCaret {
            frame.cursor = Point(x: x + shown.caretColumn, y: line.y)
        }
        frame.putFieldMessage(message, x: line.x, y: area.y + 1, clip: area)
    }

    /// Where the caret is in `text`.
    private var caretIndex: String.Index {
        guard let cursor else { return text.endIndex }
        return text.index(text.startIndex, offsetBy: max(0, cursor), limitedBy: text.endIndex) ?? text.endIndex
    }

    /// What a box of `room` columns shows of `text` with the caret in view: as much as fits before
    /// the caret (its own column kept free), then what follows, up to the character that crosses the
    /// box's edge. Walks out from the caret, so a pasted novel costs the box's width, not its length
    /// (measuring the rest of the text once per skipped character made a paste freeze the screen).
    static func window(of text: String, caret: String.Index, room: Int, measure: (Character) -> Int) -> (visible: Substring, caretColumn: Int) {
        var start = caret, before = 0
        while start > text.startIndex {
            let previous = text.index(before: start)
            let w = measure(text[previous])
            if before + w >= room { break }
            before += w
            start = previous
        }
        var end = caret, used = before
        while end < text.endIndex, used < room {
            used += measure(text[end])
            end = text.index(after: end)
        }
        return (text[start..<end], before)
    }
}
