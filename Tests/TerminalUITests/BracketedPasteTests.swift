import Testing
import TerminalUI

/// Bracketed paste: what the terminal sends between `ESC [200~` and `ESC [201~` is one text; all
/// else stays keys, a lone Esc and Alt-chords included.
@Suite struct BracketedPasteTests {
    /// Feeds text as the terminal sends it, scalar by scalar, then says the input went quiet.
    static func decode(_ raw: String, quietAfter: Bool = true) -> [TerminalEvent] {
        var decoder = BracketedPaste()
        var events = raw.unicodeScalars.flatMap { decoder.feed(.scalar($0)) }
        if quietAfter { events += decoder.flush() }
        return events
    }

    @Test func aPasteIsOneEventBetweenKeys() {
        let events = Self.decode("a\u{1B}[200~q1 2\u{1B}[201~b")
        #expect(events == [.key(.char("a")), .paste("q1 2"), .key(.char("b"))])
    }

    @Test func tenKilobytesArriveAsOneText() {
        let text = String(repeating: "0123456789", count: 1_024)
        #expect(Self.decode("\u{1B}[200~" + text + "\u{1B}[201~") == [.paste(text)])
    }

    @Test func lineBreaksInAPasteAreTextNotEnter() {
        // Terminals send a pasted line break as CR; CRLF is one break.
        #expect(Self.decode("\u{1B}[200~one\rtwo\r\nthree\nfour\u{1B}[201~") == [.paste("one\ntwo\nthree\nfour")])
    }

    @Test func escapesInsideAPasteThatAreNotTheEndStayText() {
        #expect(Self.decode("\u{1B}[200~a\u{1B}[20x\u{1B}\u{1B}[201~") == [.paste("a\u{1B}[20x\u{1B}")])
    }

    @Test func keysNamedInsideAPasteBecomeTheirText() {
        var decoder = BracketedPaste()
        var events: [TerminalEvent] = []
        for s in "\u{1B}[200~a".unicodeScalars { events += decoder.feed(.scalar(s)) }
        events += decoder.feed(.key(.enter)) + decoder.feed(.key(.backspace)) + decoder.feed(.key(.tab))
        for s in "b\u{1B}[201~".unicodeScalars { events += decoder.feed(.scalar(s)) }
        #expect(events == [.paste("a\n\tb")])
    }

    @Test func aLoneEscIsAKeyOnceTheInputGoesQuiet() {
        var decoder = BracketedPaste()
        #expect(decoder.feed(.scalar("\u{1B}")) == [])
        #expect(decoder.flush() == [.key(.escape)])
    }

    @Test func escapeSequencesThatAreNotAPasteStayKeys() {
        // Alt-x, then Esc followed by an arrow named by the key database, then a half start marker.
        #expect(Self.decode("\u{1B}x") == [.key(.escape), .key(.char("x"))])
        var decoder = BracketedPaste()
        _ = decoder.feed(.scalar("\u{1B}"))
        #expect(decoder.feed(.key(.up)) == [.key(.escape), .key(.up)])
        #expect(Self.decode("\u{1B}[20q") == [.key(.escape), .key(.char("[")), .key(.char("2")), .key(.char("0")), .key(.char("q"))])
        #expect(Self.decode("\u{1B}\u{1B}[200~x\u{1B}[201~") == [.key(.escape), .paste("x")])
    }

    @Test func aPasteIsNotCutShortByTheInputPausing() {
        var decoder = BracketedPaste()
        for s in "\u{1B}[200~abc".unicodeScalars { _ = decoder.feed(.scalar(s)) }
        #expect(decoder.flush() == [])
        #expect(decoder.isInsidePaste)
        var events: [TerminalEvent] = []
        for s in "def\u{1B}[201~".unicodeScalars { events += decoder.feed(.scalar(s)) }
        #expect(events == [.paste("abcdef")])
        #expect(!decoder.isInsidePaste)
    }

    @Test func aPasteWhoseEndNeverComesEndsWhenTheDriverSaysItStalled() {
        var decoder = BracketedPaste()
        for s in "\u{1B}[200~abc\u{1B}[2".unicodeScalars { _ = decoder.feed(.scalar(s)) }
        #expect(decoder.endStalledPaste() == [.paste("abc\u{1B}[2")])
        #expect(decoder.feed(.scalar("q")) == [.key(.char("q"))])
    }

    @Test func aHugePasteKeepsItsBeginningOnly() {
        var decoder = BracketedPaste()
        for s in "\u{1B}[200~".unicodeScalars { _ = decoder.feed(.scalar(s)) }
        for _ in 0..<(BracketedPaste.maxLength + 1_000) { _ = decoder.feed(.scalar("x")) }
        var events: [TerminalEvent] = []
        for s in "\u{1B}[201~".unicodeScalars { events += decoder.feed(.scalar(s)) }
        #expect(events == [.paste(String(repeating: "x", count: BracketedPaste.maxLength))])
    }
}
