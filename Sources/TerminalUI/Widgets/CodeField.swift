/// A fixed-length code in boxes, `[1][2][·][·]`: SMS codes, and PINs through `PINField`.
/// The box being typed into is marked when the field has focus.
public struct CodeField: Widget {
    public var label: String
    public var value: String
    public var length: Int
    /// Shown instead of each typed character when set (a hidden PIN).
    public var mask: Character?
    public var isFocused: Bool
    /// The caret is drawn while the field is being edited; a field only selected has none.
    public var showsCaret = true
    public var message: String?

    public init(label: String, value: String, length: Int, mask: Character? = nil, isFocused: Bool = false, message: String? = nil) {
        self.label = label
        self.value = value
        self.length = length
        self.mask = mask
        self.isFocused = isFocused
        self.message = message
    }

    public var height: Int { message == nil ? 1 : 2 }

    public func render(into frame: inout Frame, area: Rect) {
        guard !area.isEmpty else { return }
        let line = area.row(0)
        var x = frame.putFieldLabel(label, isFocused: isFocused, line: line)
        let typed = Array(value.prefix(length))
        for slot in 0..<length {
            let isCaret = isFocused && showsCaret && slot == typed.count
            let frameStyle: Style = isCaret ? .current : (isFocused ? .key : .border)
            x = frame.put("[", x: x, y: line.y, style: frameStyle, clip: line)
            if slot < typed.count {
                x = frame.put(String(mask ?? typed[slot]), x: x, y: line.y, style: .code, clip: line)
            } else {
                x = frame.put(isCaret ? "_" : "·", x: x, y: line.y, style: isCaret ? .current : .dim, clip: line)
            }
            x = frame.put("]", x: x, y: line.y, style: frameStyle, clip: line)
        }
        frame.putFieldMessage(message, x: line.x, y: area.y + 1, clip: area)
    }
}

/// A PIN in boxes, hidden as `•` unless the user asked to show it.
public struct PINField: Widget {
    public var code: CodeField

    public init(label: String = "PIN", digits: String, length: Int = 4, isRevealed: Bool = false, isFocused: Bool = false, message: String? = nil) {
        code = CodeField(label: label, value: digits, length: length, mask: isRevealed ? nil : "•", isFocused: isFocused, message: message)
    }

    public var height: Int { code.height }
    public func render(into frame: inout Frame, area: Rect) { code.render(into: &frame, area: area) }
}
