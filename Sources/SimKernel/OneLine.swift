extension String {
    /// The text on one line and safe for a terminal: control characters (C0, DEL, C1 with NEL, line
    /// breaks included), the line and paragraph separators and the bidirectional controls (U+202A–202E
    /// overrides, U+2066–2069 isolates, the marks) written as visible escapes. The one rule for every
    /// value from outside (a scenario, a walk, a client) that goes into a log line, a message, an
    /// export or the CLI's output: it cannot forge a line, drive the terminal or reorder what is shown.
    public var escapingControlCharacters: String { escapingControlCharacters(keepingLineBreaks: false) }

    /// The same, line feeds kept: for a text of many lines (a Markdown transcript) made of values
    /// from outside.
    public func escapingControlCharacters(keepingLineBreaks: Bool) -> String {
        guard hasTerminalUnsafeCharacter else { return self }
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n" where keepingLineBreaks: out.unicodeScalars.append(scalar)
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where Self.needsEscape(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional controls.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return scalar.properties.isBidiControl
        }
    }

    /// The byte length of the scalar at `i` in UTF-8 `bytes` if it is one of `needsEscape`'s, else 0:
    /// the same set, read off the bytes where text is scanned as UTF-8 (JSON output, YAML scalars).
    /// DEL, C1 (C2 80–9F), U+061C (D8 9C), U+200E/F, U+2028–202E (E2 80 …), U+2066–2069 (E2 81 …).
    @inline(__always)
    public static func escapeLength(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let b = bytes[i]
        if b < 0x20 || b == 0x7F { return 1 }
        guard b == 0xC2 || b == 0xD8 || b == 0xE2, i + 1 < bytes.count else { return 0 }
        let b1 = bytes[i + 1]
        switch b {
        case 0xC2: return b1 >= 0x80 && b1 <= 0x9F ? 2 : 0
        case 0xD8: return b1 == 0x9C ? 2 : 0
        default:
            guard i + 2 < bytes.count else { return 0 }
            let b2 = bytes[i + 2]
            if b1 == 0x80 { return b2 == 0x8E || b2 == 0x8F || (b2 >= 0xA8 && b2 <= 0xAE) ? 3 : 0 }
            if b1 == 0x81 { return b2 >= 0xA6 && b2 <= 0xA9 ? 3 : 0 }
            return 0
        }
    }

    /// Whether any scalar of the text is one of `needsEscape`'s, scanned as bytes.
    public var hasTerminalUnsafeCharacter: Bool {
        var text = self
        return text.withUTF8 { bytes in
            for i in bytes.indices {
                let b = bytes[i]
                if b >= 0x20 && b < 0x7F { continue }
                if Self.escapeLength(at: i, in: bytes) > 0 { return true }
            }
            return false
        }
    }
}
