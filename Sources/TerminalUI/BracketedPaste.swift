/// What a terminal driver reads before pastes are recognised: a character as the terminal sent it
/// (control characters included), or a key the terminal's key database named.
public enum TerminalInput: Hashable, Sendable {
    case scalar(Unicode.Scalar)
    case key(Key)
}

/// Recognises the terminal's bracketed paste: once the program writes `enableSequence`, the
/// terminal sends a paste as `ESC [200~ text ESC [201~`, so the program receives it as one text,
/// not as thousands of keys (a paste of 10 KB typed key by key froze the screen; a line break or a
/// `q` in it acted as Enter or quit). Everything else passes through as keys, an Esc included:
/// a start marker is held only until the next input shows it is not one (or `flush` says the
/// input went quiet).
public struct BracketedPaste: Sendable {
    /// Turns bracketed paste on; `disableSequence` turns it off (on exit, suspend and crash).
    public static let enableSequence = "\u{1B}[?2004h"
    public static let disableSequence = "\u{1B}[?2004l"
    static let startMarker = Array("\u{1B}[200~".unicodeScalars)
    static let endMarker = Array("\u{1B}[201~".unicodeScalars)
    /// A longer paste keeps its beginning only: more than any field holds, in bounded memory.
    public static let maxLength = 1 << 20

    /// The scalars of what may be a marker, not yet complete.
    private var held: [Unicode.Scalar] = []
    /// The paste so far (scalars: appending them is cheaper than growing a string).
    private var text: [Unicode.Scalar] = []
    private var afterCarriageReturn = false
    public private(set) var isInsidePaste = false

    public init() {}

    /// Takes one input; returns the events it completes (none while a marker or a paste is open).
    public mutating func feed(_ input: TerminalInput) -> [TerminalEvent] {
        switch input {
        case .key(let key):
            var events = releaseHeld()
            if isInsidePaste {
                // Inside a paste the key database may still name a byte (DEL as Backspace).
                switch key {
                case .enter: append("\n")
                case .tab: append("\t")
                default: break
                }
            } else {
                events.append(.key(key))
            }
            return events
        case .scalar(let scalar):
            // Most input is neither a marker nor the middle of one.
            if held.isEmpty, scalar != "\u{1B}" { return plain(scalar) }
            let marker = isInsidePaste ? Self.endMarker : Self.startMarker
            if marker[held.count] == scalar {
                held.append(scalar)
                guard held.count == marker.count else { return [] }
                held = []
                if isInsidePaste { return [endPaste()] }
                isInsidePaste = true
                afterCarriageReturn = false
                return []
            }
            // Not (or no longer) a marker: what was held is plain input, and this scalar may
            // start a marker of its own.
            var events = releaseHeld()
            if scalar == marker[0] {
                held = [scalar]
            } else {
                events += plain(scalar)
            }
            return events
        }
    }

    /// The input went quiet: a held Esc was a key of its own. Inside a paste, nothing: the rest is
    /// on its way.
    public mutating func flush() -> [TerminalEvent] {
        isInsidePaste ? [] : releaseHeld()
    }

    /// A paste whose end marker never came (the terminal died, or stalled): what arrived, as a
    /// paste, so that the keys after it are keys again.
    public mutating func endStalledPaste() -> [TerminalEvent] {
        guard isInsidePaste else { return [] }
        _ = releaseHeld()
        return [endPaste()]
    }

    private mutating func endPaste() -> TerminalEvent {
        isInsidePaste = false
        var pasted = String.UnicodeScalarView()
        pasted.append(contentsOf: text)
        text = []
        return .paste(String(pasted))
    }

    private mutating func releaseHeld() -> [TerminalEvent] {
        let released = held
        held = []
        return released.flatMap { plain($0) }
    }

    private mutating func plain(_ scalar: Unicode.Scalar) -> [TerminalEvent] {
        guard isInsidePaste else { return [.key(Key(scalar: scalar))] }
        append(scalar)
        return []
    }

    /// Adds to the paste, line breaks as `\n` (terminals send a pasted line break as CR).
    private mutating func append(_ scalar: Unicode.Scalar) {
        defer { afterCarriageReturn = scalar == "\r" }
        if scalar == "\n" && afterCarriageReturn { return }
        guard text.count < Self.maxLength else { return }
        text.append(scalar == "\r" ? "\n" : scalar)
    }
}
