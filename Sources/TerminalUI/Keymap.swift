/// Which keys a binding answers to.
public enum KeyPattern: Hashable, Sendable {
    case key(Key)
    /// Any of 0–9: the command receives the key and reads `Key.digit`.
    case anyDigit
    /// Any printable character, for free-text fields.
    case anyPrintable

    public func matches(_ key: Key) -> Bool {
        switch self {
        case .key(let k): k == key
        case .anyDigit: key.digit != nil
        case .anyPrintable:
            if case .char(let c) = key { !c.isNewline && TextWidth.of(c) > 0 } else { false }
        }
    }

    /// The one key it names, if it names one.
    public var key: Key? {
        if case .key(let k) = self { k } else { nil }
    }

    public var label: String {
        switch self {
        case .key(let k): k.label
        case .anyDigit: "0–9"
        case .anyPrintable: "text"
        }
    }
}

/// One row of the keymap: keys, the command they run, and the words that explain it in the help
/// bar and the `?` overlay.
public struct Binding<Command: Hashable & Sendable>: Hashable, Sendable {
    public var patterns: [KeyPattern]
    public var command: Command
    /// What the command does, for the `?` overlay and the docs' key tables.
    public var help: String
    public var group: String
    /// Shown in the bottom help bar as `barKeys barLabel` (e.g. "↑↓ move"); `nil`: not in the bar.
    public var barLabel: String?
    public var barKeys: String
    /// Always in the help bar, whatever its width (help and quit): the others make room.
    public var pinned: Bool

    public init(_ patterns: [KeyPattern], _ command: Command, help: String, group: String, bar barLabel: String? = nil, barKeys: String? = nil,
                pinned: Bool = false) {
        self.pinned = pinned
        self.patterns = patterns
        self.command = command
        self.help = help
        self.group = group
        self.barLabel = barLabel
        self.barKeys = barKeys ?? patterns.first?.label ?? ""
    }

    public init(_ keys: Key..., command: Command, help: String, group: String, bar barLabel: String? = nil, barKeys: String? = nil,
                pinned: Bool = false) {
        self.init(keys.map { .key($0) }, command, help: help, group: group, bar: barLabel, barKeys: barKeys, pinned: pinned)
    }

    /// Every key of the binding, as help texts write them: "↑ / k".
    public var keysLabel: String { patterns.map(\.label).joined(separator: " / ") }

    @inlinable
    public func matches(_ key: Key) -> Bool { patterns.contains { $0.matches(key) } }
}

/// The table that drives key dispatch, the help bar and the `?` overlay. A binding that is not in
/// the table does not exist. Earlier bindings win when two match the same key, so a screen puts
/// its own bindings before the global ones.
public struct Keymap<Command: Hashable & Sendable>: Sendable {
    public var bindings: [Binding<Command>]

    public init(_ bindings: [Binding<Command>]) { self.bindings = bindings }

    /// Inlinable: a key looks itself up here, specialized for the app's command type.
    @inlinable
    public func binding(for key: Key) -> Binding<Command>? {
        for binding in bindings where binding.matches(key) { return binding }
        return nil
    }
    public func command(for key: Key) -> Command? { binding(for: key)?.command }

    /// Groups in the order they first appear.
    public var groups: [String] {
        var seen: [String] = []
        for b in bindings where !seen.contains(b.group) { seen.append(b.group) }
        return seen
    }

    public func bindings(in group: String) -> [Binding<Command>] { bindings.filter { $0.group == group } }

    /// This table's bindings first, then `other`'s.
    public func followed(by other: Keymap<Command>) -> Keymap<Command> { Keymap(bindings + other.bindings) }

    /// Plain keys bound more than once, for a test that keeps the table honest.
    public var duplicateKeys: [Key] {
        var seen = Set<Key>(), duplicates: [Key] = []
        for b in bindings {
            for case .key(let k) in b.patterns {
                if !seen.insert(k).inserted, !duplicates.contains(k) { duplicates.append(k) }
            }
        }
        return duplicates
    }

    /// The table as Markdown, for docs/terminal-layer.md.
    public func markdownTable() -> String {
        var lines = ["| Keys | What it does | Group |", "|---|---|---|"]
        for b in bindings {
            let keys = b.patterns.map { "`\($0.label)`" }.joined(separator: " ")
            lines.append("| \(keys) | \(b.help) | \(b.group) |")
        }
        return lines.joined(separator: "\n")
    }
}
