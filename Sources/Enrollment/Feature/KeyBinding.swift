/// The one key binding type (bubbles' `key.Binding`): the key, a word or two for the help bar, one
/// line for the `?` overlay and the palette, what it does, and whether it is offered now. A feature
/// declares its table of them over its own actions (`Feature.keys`); the app resolves the screen's
/// table into the app's actions beside its own keys (`AppState.availableCommands`, the same type
/// over `Action`), and that one list matches keys, draws the help bar, the overlay and the palette.
public struct KeyBinding<Own: Hashable & Sendable>: Hashable, Sendable {
    /// Which key. A letter (`.letter`) is typed into a focused field, so on a screen with one the
    /// app binds `^letter` instead (`KeyHint.typing`).
    public typealias Key = KeyHint

    /// What the key does: one of the feature's own actions, or one of the app's (Enter, Esc and the
    /// arrows go through the app first; autofill, pacing and the like are the app's).
    public enum Does: Hashable, Sendable {
        case own(Own)
        case app(Action)
    }

    public var key: Key
    public var title: String
    public var help: String
    public var does: Does
    /// Enabled-when, evaluated for the state the table was built for.
    public var isOffered: Bool

    public init(_ key: Key, _ title: String, _ help: String, _ does: Does, when isOffered: Bool = true) {
        self.key = key
        self.title = title
        self.help = help
        self.does = does
        self.isOffered = isOffered
    }

    /// A key doing one of the feature's own actions.
    public init(_ key: Key, _ title: String, _ help: String, _ own: Own, when isOffered: Bool = true) {
        self.init(key, title, help, .own(own), when: isOffered)
    }

    /// Enter: the app's submit, which reaches the feature as its `.submit`.
    public static func enter(_ title: String, _ help: String, when isOffered: Bool = true) -> KeyBinding {
        KeyBinding(.enter, title, help, .app(.submit), when: isOffered)
    }

    /// Esc: the app's cancel, which reaches the feature as its `.cancel`.
    public static func escape(_ title: String, _ help: String, when isOffered: Bool = true) -> KeyBinding {
        KeyBinding(.escape, title, help, .app(.cancel), when: isOffered)
    }

    /// Esc back to the home menu.
    public static func back(when isOffered: Bool = true) -> KeyBinding { escape("back", "Go back.", when: isOffered) }

    /// ↑ and ↓ over a list.
    public static func select(when isOffered: Bool = true) -> [KeyBinding] {
        [KeyBinding(.up, "up", "Move the selection up (or k).", .app(.moveSelection(-1)), when: isOffered),
         KeyBinding(.down, "down", "Move the selection down (or j).", .app(.moveSelection(1)), when: isOffered)]
    }
}

/// A key as the keymap names it (one to one with TerminalUI's `Key`; `ctrl` takes the lowercase
/// letter). Printable keys go to the focused field when there is one, so the commands of a screen
/// with fields use Enter, Esc, Tab, Ctrl and function keys only.
public enum KeyHint: Hashable, Sendable, CustomStringConvertible {
    case enter, escape, tab, backTab, up, down
    case char(Character)
    case ctrl(Character)
    case function(Int)

    /// A feature's letter key: itself, or `^letter` while a field takes typing.
    public static func letter(_ c: Character) -> KeyHint { .char(c) }

    /// A printable key that is no letter (`/`): while typing it is typed, it has no ^ form.
    var isSymbol: Bool {
        if case .char(let c) = self { !c.isLetter } else { false }
    }

    /// The key as the keymap binds it: a letter is `^letter` while a field takes typing (never ^C,
    /// ^H, ^I, ^J, ^M, ^Z: the terminal owns those; ^L redraws).
    func typing(_ typing: Bool) -> KeyHint {
        if typing, case .char(let c) = self { .ctrl(c) } else { self }
    }

    public var description: String {
        switch self {
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .up: "↑"
        case .down: "↓"
        case .char(let c): String(c)
        case .ctrl(let c): "^" + String(c).uppercased()
        case .function(let n): "F\(n)"
        }
    }
}

/// A key binding resolved to the app's actions: one entry of `AppState.availableCommands`, which
/// the keymap matches and the help bar, the overlay and the palette draw.
public typealias AvailableCommand = KeyBinding<Action>

extension KeyBinding where Own == Action {
    /// What the screens send when the key is pressed.
    public var action: Action {
        switch does {
        case .own(let action), .app(let action): action
        }
    }

    public static func command(_ key: KeyHint, _ title: String, _ help: String, _ command: Command) -> AvailableCommand {
        AvailableCommand(key, title, help, .own(.choose(command)))
    }
}
