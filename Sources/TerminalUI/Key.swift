/// A key press, as the screens and the keymap see it, whichever driver read it.
public enum Key: Hashable, Sendable {
    case char(Character)
    case up, down, left, right
    case tab, backTab, enter, escape, backspace, delete, insert
    case home, end, pageUp, pageDown
    /// A control chord, by its lowercase letter: `.ctrl("c")` is Ctrl-C.
    case ctrl(Character)
    /// F1 to F12.
    case function(Int)

    public static let ctrlC = Key.ctrl("c")
    public static let ctrlL = Key.ctrl("l")

    /// The key a terminal sends as this Unicode scalar in raw mode: control bytes become chords,
    /// Tab/Enter/Esc/Backspace their named keys.
    public init(scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x09: self = .tab
        case 0x0A, 0x0D: self = .enter
        case 0x1B: self = .escape
        case 0x08, 0x7F: self = .backspace
        case 0x01...0x1A: self = .ctrl(Character(Unicode.Scalar(scalar.value + 0x60)!))
        default: self = .char(Character(scalar))
        }
    }

    /// Keys for typed text, for scripting the memory driver: `Key.typing("12\u{1B}")`.
    public static func typing(_ text: String) -> [Key] {
        text.map { c in
            if c == "\r\n" { return .enter }
            if c.unicodeScalars.count == 1, let scalar = c.unicodeScalars.first { return Key(scalar: scalar) }
            return .char(c)
        }
    }

    /// How help texts write the key.
    public var label: String {
        switch self {
        case .char(" "): "Space"
        case .char(let c): String(c)
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Bksp"
        case .delete: "Del"
        case .insert: "Ins"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .ctrl(let c): "Ctrl-" + c.uppercased()
        case .function(let n): "F\(n)"
        }
    }

    /// A decimal digit key's value.
    public var digit: Int? {
        if case .char(let c) = self, c.isASCII, let d = c.wholeNumberValue { return d }
        return nil
    }
}
