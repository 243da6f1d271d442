import Foundation

/// Text that would drive a terminal or reorder what it shows (issue 30's list): each as the
/// characters themselves and as a YAML double-quoted escape that YAML reads as those characters.
public struct TerminalPayload: Sendable, CustomStringConvertible {
    public let name: String
    /// The characters, between two letters: `f…x`.
    public let text: String
    /// The same inside a YAML double-quoted string (without the quotes).
    public let yamlEscape: String

    public var description: String { name }

    /// The payloads of `scripts/attack/terminal-payloads.json`, the file the attack script reads.
    public static let all: [TerminalPayload] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/attack/terminal-payloads.json")
        guard let data = try? Data(contentsOf: file),
              let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let payloads = document["payloads"] as? [[String: String]] else {
            fatalError("cannot read the payload file \(file.path)")
        }
        return payloads.map { TerminalPayload(name: $0["name"] ?? "?", text: $0["text"] ?? "", yamlEscape: $0["yaml"] ?? "") }
    }()

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
