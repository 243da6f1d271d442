/// Text that would drive a terminal or reorder what it shows (issue 30's list): each as the
/// characters themselves and as a YAML double-quoted escape that YAML reads as those characters.
public struct TerminalPayload: Sendable, CustomStringConvertible {
    public let name: String
    /// The characters, between two letters: `f…x`.
    public let text: String
    /// The same inside a YAML double-quoted string (without the quotes).
    public let yamlEscape: String

    public var description: String { name }

    public static let all: [TerminalPayload] = [
        TerminalPayload(name: "OSC title", text: "f\u{1B}]0;pwned\u{07}x", yamlEscape: #"f\e]0;pwned\ax"#),
        TerminalPayload(name: "CSI clear", text: "f\u{1B}[2Jx", yamlEscape: #"f\e[2Jx"#),
        TerminalPayload(name: "BEL", text: "f\u{07}x", yamlEscape: #"f\ax"#),
        TerminalPayload(name: "C1 CSI", text: "f\u{9B}2Jx", yamlEscape: #"f\x9B2Jx"#),
        TerminalPayload(name: "DEL", text: "f\u{7F}x", yamlEscape: #"f\x7Fx"#),
        TerminalPayload(name: "NEL", text: "f\u{85}x", yamlEscape: #"f\Nx"#),
        TerminalPayload(name: "U+2028", text: "f\u{2028}x", yamlEscape: #"f\Lx"#),
        TerminalPayload(name: "U+202E", text: "f\u{202E}x", yamlEscape: #"f\u202Ex"#),
    ]

    /// Whether `text` still holds a character of the payloads' kind (one `escapingControlCharacters`
    /// escapes).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    public static func holdsUnsafe(_ text: String) -> Bool { text.unicodeScalars.contains(where: isUnsafe) }
}
