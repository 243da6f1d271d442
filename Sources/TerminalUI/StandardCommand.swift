/// The commands every screen shares: moving, fields, confirming, help and quitting. Screens add
/// their own bindings in front of `Keymap.standard` and map these to view-model actions.
public enum StandardCommand: String, Hashable, Sendable, CaseIterable {
    case up, down, pageUp, pageDown, top, bottom
    case nextField, previousField
    case select, back
    case digit, erase
    case help, quit, forceQuit, redraw
}

extension Keymap where Command == StandardCommand {
    /// The keys of issue 4: arrows and j/k, Tab and Shift-Tab, Enter, Esc, `?`, `q`, Ctrl-C,
    /// Ctrl-L, digits and Backspace in fields.
    public static let standard = Keymap([
        Binding(.up, .char("k"), command: .up, help: "Move up", group: "Move", bar: "move", barKeys: "↑↓"),
        Binding(.down, .char("j"), command: .down, help: "Move down", group: "Move"),
        Binding(.pageUp, command: .pageUp, help: "Scroll a page up", group: "Move"),
        Binding(.pageDown, command: .pageDown, help: "Scroll a page down", group: "Move"),
        Binding(.home, command: .top, help: "Go to the first item", group: "Move"),
        Binding(.end, command: .bottom, help: "Go to the last item", group: "Move"),
        Binding(.tab, command: .nextField, help: "Next field or panel", group: "Move", bar: "next"),
        Binding(.backTab, command: .previousField, help: "Previous field or panel", group: "Move"),
        Binding(.enter, command: .select, help: "Choose, confirm, send", group: "Act", bar: "select"),
        Binding(.escape, command: .back, help: "Back, cancel", group: "Act", bar: "back"),
        Binding([.anyDigit], .digit, help: "Type a digit in a field", group: "Fields"),
        Binding(.backspace, command: .erase, help: "Delete the last character", group: "Fields"),
        Binding(.char("?"), command: .help, help: "Show or hide this help", group: "App", bar: "help", pinned: true),
        Binding(.char("q"), command: .quit, help: "Quit (asks during a flow)", group: "App", bar: "quit", pinned: true),
        Binding(.ctrlC, command: .forceQuit, help: "Quit at once, cleanly", group: "App"),
        Binding(.ctrlL, command: .redraw, help: "Redraw the screen", group: "App"),
    ])
}
