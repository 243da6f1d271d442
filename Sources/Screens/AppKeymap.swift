import Enrollment
import TerminalUI

/// What a key does in the app: an action for the view-model, or one of the few things only the
/// terminal side does (quit at once, redraw, save a screenshot).
public enum UICommand: Hashable, Sendable {
    case send(Action)
    case forceQuit
    case redraw
    case screenshot
}

/// The one keymap table of the app, built for the current state: the state's own commands (from
/// `AppState.availableCommands`) first, then typing into the focused field, then the keys every
/// screen shares. Key dispatch, the help bar and the `?` overlay all read this table.
public enum AppKeymap {
    /// `helpTexts`: false for a table that only dispatches keys and draws the help bar (the quit
    /// key's help then does not say whether a flow is under way: `AppState.availableKeys`). That
    /// table also keeps the shared rows whole (`sharedRows`, built once): a key the screen binds
    /// too is found in the screen's row first, so it dispatches and draws as the whole table does.
    public static func keymap(for state: AppState, helpTexts: Bool = true) -> Keymap<UICommand> {
        if state.palette != nil { return paletteKeymap }
        return keymap(Inputs(state, commands: helpTexts ? state.availableCommands : state.availableKeys), helpTexts: helpTexts)
    }

    /// Everything a state's table is made of: its commands, and the few facts that choose the rows
    /// every screen shares. Two states with equal inputs have the same table (`KeymapMemo`).
    struct Inputs: Equatable {
        var commands: [AvailableCommand]
        var screen: String
        var showHelp: Bool
        /// A field takes typing.
        var typing: Bool
        /// The workbench's keys are offered (no call staged, no quit question).
        var workbench: Bool

        // Borrowed: an initializer's argument is otherwise a copy of the whole state.
        init(_ state: borrowing AppState, commands: [AvailableCommand]) {
            self.commands = commands
            showHelp = state.showHelp
            screen = showHelp ? "Help" : state.route.title
            typing = state.editingField != nil
            let quitting = state.confirmingQuit  // not in `&&`'s autoclosure: that would copy the state
            workbench = state.staged == nil && !quitting
        }
    }

    static func keymap(_ inputs: Inputs, helpTexts: Bool) -> Keymap<UICommand> {
        let screen = inputs.screen, typing = inputs.typing
        var bindings = inputs.commands.map { c in
            Binding([.key(c.key.terminalKey)], UICommand.send(c.action), help: c.help, group: screen, bar: c.title,
                    barKeys: c.key.description, pinned: isPinned(c.action))
        }
        let shared = sharedRows(typing: typing, palette: !typing && inputs.commands.contains(where: { $0.action == .choose(.openPalette) }),
                                workbench: inputs.workbench)
        // With the help open every key closes it (the reducer), so the overlay shows the screen's
        // keys and Esc or Enter if free.
        guard helpTexts || inputs.showHelp else { return Keymap(bindings + shared) }
        // A key the screen binds is listed once, with what it does here (`k` on the session screen
        // changes the SDK version): the rows below leave it out.
        var screenKeys = Set(bindings.flatMap(\.patterns))
        if inputs.showHelp {
            let free = [KeyPattern.key(.escape), .key(.enter)].filter { !screenKeys.contains($0) }
            if !free.isEmpty { bindings.append(Binding(free, .send(.choose(.toggleHelp)), help: "Close the help", group: "Help")) }
            screenKeys.formUnion(free)
        }
        for var binding in shared {
            binding.patterns.removeAll { screenKeys.contains($0) }
            if !binding.patterns.isEmpty { bindings.append(binding) }
        }
        return Keymap(bindings)
    }

    /// Help, quit and edit are never dropped from the bar: a newcomer must find them.
    private static func isPinned(_ action: Action) -> Bool {
        guard case .choose(let command) = action else { return false }
        return command == .toggleHelp || command == .quit || command == .edit
    }

    /// The keys every screen shares, after the screen's own: built once for each case (a field
    /// takes typing; the palette is offered; the workbench's keys are), indexed by those three bits.
    private static let sharedTables: [[Binding<UICommand>]] = (0..<8).map { bits in
        let typing = bits & 1 != 0, palette = bits & 2 != 0, workbench = bits & 4 != 0
        var shared: [Binding<UICommand>] = []
        if typing {
            shared.append(Binding([.anyPrintable], .send(.typed(" ")), help: "Type into the focused field (digits for PINs and codes)", group: "Fields"))
            shared.append(Binding(.backspace, command: .send(.backspace), help: "Delete the last character", group: "Fields"))
            shared.append(Binding(.backTab, command: .send(.focusPrevious), help: "Previous field", group: "Fields"))
        }
        shared += [
            Binding(typing ? [.key(.up)] : [.key(.up), .key(.char("k"))], .send(.moveSelection(-1)), help: "Move up", group: "Move"),
            Binding(typing ? [.key(.down)] : [.key(.down), .key(.char("j"))], .send(.moveSelection(1)), help: "Move down", group: "Move"),
            Binding(.pageUp, command: .send(.moveSelection(-10)), help: "Move a page up", group: "Move"),
            Binding(.pageDown, command: .send(.moveSelection(10)), help: "Move a page down", group: "Move"),
            Binding(.enter, command: .send(.submit), help: "Choose, confirm, send", group: "Move"),
            Binding(.escape, command: .send(.cancel), help: "Back, cancel, stop waiting", group: "Move"),
            Binding(.ctrlC, command: .forceQuit, help: "Quit at once, cleanly", group: "App"),
        ]
        // ^P is pacing's key while a field is edited (p as ^p); otherwise it opens the palette, as `:`.
        if palette {
            shared.append(Binding(.ctrl("p"), command: .send(.choose(.openPalette)), help: "The command palette (as :)", group: "App"))
        }
        shared += [
            Binding(.ctrlL, command: .redraw, help: "Redraw the screen", group: "App"),
            Binding(.function(12), command: .screenshot, help: "Save a screenshot (text and SVG)", group: "App"),
        ]
        if workbench {
            shared += AppState.workbenchCommands.map { c in
                Binding([.key(c.key.terminalKey)], UICommand.send(c.action), help: c.help, group: "App")
            }
        }
        return shared
    }

    private static func sharedRows(typing: Bool, palette: Bool, workbench: Bool) -> [Binding<UICommand>] {
        sharedTables[(typing ? 1 : 0) | (palette ? 2 : 0) | (workbench ? 4 : 0)]
    }

    /// While the palette is open: typing finds, the arrows choose, Enter runs, Esc closes.
    static let paletteKeymap = Keymap<UICommand>([
        Binding(.enter, command: .send(.submit), help: "Run the selected command", group: "Commands", bar: "run"),
        Binding(.escape, command: .send(.cancel), help: "Close the palette", group: "Commands", bar: "close"),
        Binding(.up, command: .send(.moveSelection(-1)), help: "Previous command", group: "Commands", bar: "up"),
        Binding(.down, command: .send(.moveSelection(1)), help: "Next command", group: "Commands", bar: "down"),
        Binding(.pageUp, command: .send(.moveSelection(-10)), help: "A page up", group: "Commands"),
        Binding(.pageDown, command: .send(.moveSelection(10)), help: "A page down", group: "Commands"),
        Binding(.backspace, command: .send(.backspace), help: "Delete the last letter", group: "Commands"),
        Binding(.ctrl("u"), command: .send(.choose(.clearField)), help: "Clear the query", group: "Commands"),
        Binding([.anyPrintable], .send(.typed(" ")), help: "Type to find a screen or an action", group: "Commands"),
        Binding(.ctrlC, command: .forceQuit, help: "Quit at once, cleanly", group: "App"),
    ])

    /// The command for a key in this state; typed characters carry the key's character. With the
    /// help open the moving keys scroll it, as far as the overlay goes at `size` (when given).
    /// `keymap`: this state's keymap when the caller has it already (the one its frame was drawn with).
    public static func command(for key: Key, in state: AppState, size: Size? = nil, keymap known: Keymap<UICommand>? = nil) -> UICommand? {
        if state.showHelp, let delta = helpScroll(key, in: state, size: size) { return .send(.moveSelection(delta)) }
        // The table without help texts (the loop's): the same commands, and it does not ask every
        // feature whether a flow is under way for the quit key's help.
        guard let binding = (known ?? keymap(for: state, helpTexts: false)).binding(for: key) else { return nil }
        if case .send(.typed) = binding.command, case .char(let c) = key { return .send(.typed(c)) }
        return binding.command
    }
}

extension AppKeymap {
    /// How far a key scrolls the help overlay (nil: not a scrolling key); the mouse wheel comes as
    /// ↑ and ↓. End and Home go to the ends; without a size, End goes a long way down.
    static func helpScroll(_ key: Key, in state: AppState, size: Size?) -> Int? {
        let last = size.map { Screens.helpOverlay(state, size: $0).maxOffset(in: Screens.helpArea($0)) } ?? 1000
        let target: Int
        switch key {
        case .down, .char("j"): target = state.helpOffset + 1
        case .up, .char("k"): target = state.helpOffset - 1
        case .pageDown: target = state.helpOffset + max(1, (size?.height ?? 24) - 6)
        case .pageUp: target = state.helpOffset - max(1, (size?.height ?? 24) - 6)
        case .end: target = last
        case .home: target = 0
        default: return nil
        }
        return min(max(target, 0), max(last, state.helpOffset)) - state.helpOffset
    }
}

extension KeyHint {
    /// The terminal key this hint names.
    public var terminalKey: Key {
        switch self {
        case .enter: .enter
        case .escape: .escape
        case .tab: .tab
        case .backTab: .backTab
        case .up: .up
        case .down: .down
        case .char(let c): .char(c)
        case .ctrl(let c): .ctrl(Character(c.lowercased()))
        case .function(let n): .function(n)
        }
    }
}
