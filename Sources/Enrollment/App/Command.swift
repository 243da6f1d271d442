/// The app's own commands: what every screen offers, whatever its feature.
public enum Command: Hashable, Sendable {
    case open(Route)
    case back
    case toggleHelp
    case quit
    case dismissNotice
    /// Step pacing: send the call shown.
    case sendStaged
    /// After a transport error or Esc: the same call again.
    case retry
    case toggleSendAsTyped
    case togglePacing
    /// Show or hide the focused PIN.
    case toggleMask
    /// Type the newest SMS code of the simulated phone into the prompt's code field.
    case autofillCode
    /// Start editing the focused field (`i`, a click); Esc or Enter ends it.
    case edit
    /// Empty the field being edited (^U, as readline).
    case clearField
    /// After 2317 anywhere: account management's step A (remove all enrollments), which asks first.
    case stepA
    /// The command palette (`:` or ^P): every screen and action, found by typing.
    case openPalette
    /// Copy the API log's selected request or answer to the clipboard, as JSON (OSC 52).
    case copy(LogPart)
    /// Write the session so far as an asciicast, a Markdown transcript or a batch script.
    case export(SessionExport)
    /// Record in the walk that this screen's title and banner are what must be seen here (F7).
    case markExpected
    /// Write a bug-report bundle: the walk so far, the world, the screen, the API log (F10).
    case report

    /// Commands that neither start nor change a flow, so they are taken while a call is in flight.
    var isAllowedWhileBusy: Bool {
        switch self {
        case .toggleHelp, .quit, .dismissNotice, .toggleMask, .toggleSendAsTyped, .togglePacing, .autofillCode, .edit, .clearField,
             .openPalette, .copy, .export, .markExpected, .report: true
        case .open, .back, .sendStaged, .retry, .stepA: false
        }
    }
}

/// Which half of a logged call.
public enum LogPart: Hashable, Sendable {
    case request, response
}

/// The session's exports (issue 12.4), written by the Walk module's exporters.
public enum SessionExport: Hashable, Sendable, CaseIterable {
    case asciicast, markdown, batch

    public var title: String {
        switch self {
        case .asciicast: "asciicast"
        case .markdown: "Markdown transcript"
        case .batch: "batch script"
        }
    }

    public var fileExtension: String {
        switch self {
        case .asciicast: "cast"
        case .markdown: "md"
        case .batch: "jsonl"
        }
    }
}
