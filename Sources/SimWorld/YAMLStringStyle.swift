import Yams

/// Whether a string must be quoted to read back as a string, decided as Yams decides it (a string
/// that its default resolver reads as a bool, number, null, timestamp, merge or value key is written
/// single-quoted) but without running the resolver's seven regular expressions on every string,
/// which was half of an export's time. Every pattern of that resolver is anchored at the start and
/// begins with one of a few characters, so most strings are settled by their first byte; the rest
/// go to Yams's resolver itself, except digit strings (an int or a float, for certain).
enum YAMLStringStyle {
    static func mustQuote(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first else { return true }  // the empty string reads as null
        switch first {
        case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "o"), UInt8(ascii: "O"):
            // Only the words of bool and null (at most 5 letters, and `$` also matches before a
            // final line break of up to 3 bytes) start with a letter.
            guard bytes.count <= 8 else { return false }
            // Without a line break (`$` could match before one) the pattern is an exact word.
            if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return boolAndNullWords.contains(text) }
            return resolvesAsNonString(text)
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"):
            return isPlainDecimal(text) || resolvesAsNonString(text)
        case UInt8(ascii: "."), UInt8(ascii: "<"), UInt8(ascii: "~"), UInt8(ascii: "="):
            return resolvesAsNonString(text)
        case 0x0A...0x0D, 0xC2, 0xE2:
            // A line break alone is null: the empty alternative, `$` matching before a final break
            // (\n, \r, VT, FF, NEL, LS, PS; the last three start with these bytes in UTF-8).
            return resolvesAsNonString(text)
        default:
            return false
        }
    }

    /// The words of the bool and null rules that start with a letter.
    private static let boolAndNullWords: Set<String> = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL",
    ]

    /// `[-+]?[0-9][0-9_]*(\.[0-9_]*)?`: the float pattern's first form reads it, so it is never a
    /// string (an SDK version such as `2.3` in every session's settings, settled without a regex).
    private static func isPlainDecimal(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in  // over the buffer: the string's view was a cost of its own
            var rest = bytes[...]
            if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
            guard let first = rest.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
            var seenPoint = false
            for byte in rest {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): continue
                case UInt8(ascii: ".") where !seenPoint: seenPoint = true
                default: return false
                }
            }
            return true
        }
    }

    private static func resolvesAsNonString(_ text: String) -> Bool {
        Resolver.default.resolveTag(of: Node(text)) != .str
    }
}
