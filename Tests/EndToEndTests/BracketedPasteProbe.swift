import Testing

/// Whether the program left bracketed paste on: once it has exited, the pane's terminal echoes what
/// a paste sends, and with the mode still on tmux wraps the paste in `ESC [200~`, echoed `^[[200~`.
func expectBracketedPasteOff(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let probe = "bracketed-paste-probe"
    try session.paste(probe)
    let screen = try session.wait(history: true, for: "the echo of a paste after exit") { $0.contains(probe) }
    #expect(!screen.contains("[200~"), "bracketed paste is still on after exit:\n\(screen)", sourceLocation: sourceLocation)
}
