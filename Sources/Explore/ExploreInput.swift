import TerminalUI
import WalkPlayer

/// One thing the explorer does: a key (by its walk name: `Enter`, `Ctrl-U`, `F8`, `s`), or text
/// pasted into the focused field (a value from the field's dictionary). Both are walk lines.
public enum ExploreInput: Hashable, Sendable, CustomStringConvertible {
    case key(String)
    case paste(String)

    public init(_ key: Key) { self = .key(key.walkName) }

    public var description: String {
        switch self {
        case .key(let name): name == " " ? "Space" : name
        case .paste(let text): "paste \(text.debugDescription)"
        }
    }
}
