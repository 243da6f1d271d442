/// How many terminal columns text takes, the way glibc's `wcwidth` (and so ncurses and tmux) count:
/// East-Asian wide characters and emoji take two, combining marks ride on the character before them.
/// Swift's `Character` is a whole grapheme cluster, so a cluster is as wide as its base.
public enum TextWidth {
    public static func of(_ c: Character) -> Int {
        // A control character is drawn as one visible cell (`ShownGlyph`).
        if c.asciiValue != nil { return 1 }
        let scalars = c.unicodeScalars
        if scalars.count == 1, let first = scalars.first, let w = simpleWidth(first.value) { return w }
        if ShownGlyph.placeholder(for: c) != nil { return 1 }
        guard let base = scalars.first else { return 0 }
        if base.properties.isEmojiPresentation { return 2 }
        // A text-style emoji followed by VS16 asks for emoji presentation.
        if scalars.contains("\u{FE0F}"), base.properties.isEmoji, base.value > 0xFF { return 2 }
        return of(base)
    }

    public static func of(_ s: Unicode.Scalar) -> Int {
        let v = s.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x300 { return 1 }
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if v >= 0x1160 && v <= 0x11FF { return 0 }  // Hangul medial vowels and final consonants join the syllable.
        return isWide(v) ? 2 : 1
    }

    /// Printable ASCII is a column a byte (most screen text): its bytes are counted.
    public static func of(_ text: String) -> Int {
        text.utf8.allSatisfy(isPrintableASCII) ? text.utf8.count : of(text[...])
    }

    public static func of(_ text: Substring) -> Int {
        text.utf8.allSatisfy(isPrintableASCII) ? text.utf8.count : ofScalars(text)
    }

    public static func of(_ text: some StringProtocol) -> Int { ofScalars(text) }

    private static func ofScalars(_ text: some StringProtocol) -> Int {
        // Scalars that never combine are their own grapheme clusters: summed without breaking
        // the text into clusters.
        var total = 0
        for scalar in text.unicodeScalars {
            guard let w = simpleWidth(scalar.value) else { return ofClusters(text) }
            total += w
        }
        return total
    }

    private static func ofClusters(_ text: some StringProtocol) -> Int {
        var total = 0
        for c in text { total += of(c) }
        return total
    }

    /// A byte of printable ASCII (space to `~`): one column, its own cluster, whatever follows.
    @inline(__always)
    public static func isPrintableASCII(_ byte: UInt8) -> Bool { byte &- 0x20 < 0x5F }

    /// The width of a scalar that never joins its neighbours into one cluster, from the blocks
    /// screens use most (Latin, punctuation, arrows, box drawing, shapes, ✓ ✗, kana and ideographs);
    /// `nil` for anything that needs the full rules. Rendering uses it to skip grapheme breaking.
    @inline(__always)
    public static func simpleWidth(_ v: UInt32) -> Int? {
        switch v {
        case 0x20..<0x7F, 0xA0..<0x300, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF,
             0x2500...0x25FC, 0x2713, 0x2717:
            1
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            2
        default:
            nil
        }
    }

    /// East Asian Wide and Fullwidth blocks, as glibc's tables have them.
    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}

extension StringProtocol {
    /// Terminal columns this text takes.
    public var terminalWidth: Int { TextWidth.of(self) }
}

// Not through the generic `StringProtocol` one: a screen's strings are measured on every frame.
extension String {
    public var terminalWidth: Int { TextWidth.of(self) }
}

extension Substring {
    public var terminalWidth: Int { TextWidth.of(self) }
}
