/// The screen's side of the one rule for text that reaches a terminal (`escapingControlCharacters`
/// in SimKernel, which this target does not depend on; a test holds the two sets equal): a character
/// that would drive the terminal or reorder what it shows (a control character: C0, DEL, C1 with
/// NEL; a line or paragraph separator; a bidirectional control) is drawn as one visible cell, never
/// sent: Unicode's control pictures for C0 and DEL (␛ for ESC, ␇ for BEL), � for the others.
public enum ShownGlyph {
    /// The cell shown instead of `c`, or nil when `c` is drawn as it is.
    @inline(__always)
    public static func placeholder(for c: Character) -> Character? {
        if let ascii = c.asciiValue {
            if ascii >= 0x20 && ascii < 0x7F { return nil }
            // "\r\n" is one character: shown as its line feed.
            return ascii == 0x7F ? "\u{2421}" : Character(Unicode.Scalar(0x2400 + UInt32(ascii))!)
        }
        guard let unsafe = c.unicodeScalars.first(where: isUnsafe) else { return nil }
        return unsafe.value < 0x20 ? Character(Unicode.Scalar(0x2400 + unsafe.value)!) : "\u{FFFD}"
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, the bidirectional controls.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return scalar.properties.isBidiControl
        }
    }
}
