import Testing
import TerminalUI

/// The bytes a terminal sends, however reads cut them, as keys, clicks and pastes.
@Suite struct KeyDecoderTests {
    /// xterm's key database as terminfo gives it (application cursor keys), plus the Linux
    /// console's F1, which follows no common form.
    static let database: [[UInt8]: Key] = [
        Array("\u{1B}OA".utf8): .up, Array("\u{1B}OB".utf8): .down,
        Array("\u{1B}OP".utf8): .function(1), Array("\u{1B}[[A".utf8): .function(1),
        Array("\u{1B}[3~".utf8): .delete, Array("\u{7F}".utf8): .backspace,
    ]

    /// Feeds `reads` one read at a time; the input goes quiet after them when `quietAfter`.
    static func decode(_ reads: [String], quietAfter: Bool = true) -> [TerminalEvent] {
        var decoder = KeyDecoder(sequences: database)
        var events = reads.flatMap { decoder.feed(Array($0.utf8)) }
        if quietAfter { events += decoder.flush() }
        return events
    }

    @Test func cursorKeysInEveryForm() {
        // Application mode (SS3), normal mode (CSI), with a modifier (Ctrl-↓ is ↓), rxvt's Home.
        let events = Self.decode(["\u{1B}OA\u{1B}[B\u{1B}[1;5B\u{1B}[C\u{1B}OD\u{1B}[H\u{1B}[4~\u{1B}[7~\u{1B}[Z\u{1B}O5A"])
        #expect(events == [.up, .down, .down, .right, .left, .home, .end, .home, .backTab, .up].map { .key($0) })
    }

    @Test func functionKeysOneToTwelve() {
        let sent = "\u{1B}OP\u{1B}OQ\u{1B}[13~\u{1B}[1;2S\u{1B}[15~\u{1B}[17~\u{1B}[18~\u{1B}[19~\u{1B}[20~\u{1B}[21~\u{1B}[23~\u{1B}[24~"
        #expect(Self.decode([sent]) == (1...12).map { .key(.function($0)) })
    }

    @Test func theKeyDatabaseComesBeforeTheCommonForms() {
        // `ESC [ [` would end a CSI sequence at its second `[`; the database says it is F1's start.
        #expect(Self.decode(["\u{1B}[[Ax"]) == [.key(.function(1)), .key(.char("x"))])
    }

    /// Sequences are looked up as packed integers up to 8 bytes; a database's longer ones (and
    /// their 8-byte prefixes) are still whole keys, split across reads or not.
    @Test func databaseSequencesLongerThanEightBytes() {
        let long: [[UInt8]: Key] = [
            Array("\u{1B}[99;99;9x".utf8): .function(20), Array("\u{1B}[99;99;9".utf8): .function(19),
            Array("\u{1B}[99;99y".utf8): .function(18), Array("\u{1B}OB".utf8): .down,
        ]
        func decode(_ reads: [String]) -> [TerminalEvent] {
            var decoder = KeyDecoder(sequences: long)
            return reads.flatMap { decoder.feed(Array($0.utf8)) } + decoder.flush()
        }
        #expect(decode(["\u{1B}[99;99;9xq"]) == [.key(.function(20)), .key(.char("q"))])
        #expect(decode(["\u{1B}[99;99;9q"]) == [.key(.function(19)), .key(.char("q"))])
        #expect(decode(["\u{1B}[99;99y\u{1B}OB"]) == [.key(.function(18)), .key(.down)])
        #expect(decode(["\u{1B}[99;", "99;", "9x"]) == [.key(.function(20))])
        var decoder = KeyDecoder(sequences: long)
        #expect(decoder.feed(Array("\u{1B}[99;99;".utf8)) == [])
        #expect(decoder.isWaiting)  // a prefix of the long ones: the rest is awaited
    }

    @Test func aSequenceSplitAcrossReadsIsOneKey() {
        #expect(Self.decode(["\u{1B}", "[", "B"], quietAfter: false) == [.key(.down)])
        #expect(Self.decode(["\u{1B}[1", ";5", "A"], quietAfter: false) == [.key(.up)])
        #expect(Self.decode(["\u{1B}[", "[A"], quietAfter: false) == [.key(.function(1))])
        var decoder = KeyDecoder(sequences: Self.database)
        #expect(decoder.feed(Array("j\u{1B}O".utf8)) == [.key(.char("j"))])
        #expect(decoder.isWaiting)
        #expect(decoder.feed(Array("Bk".utf8)) == [.key(.down), .key(.char("k"))])
        #expect(!decoder.isWaiting)
    }

    @Test func aLoneEscIsTheEscKeyOnlyOnceTheInputIsQuiet() {
        var decoder = KeyDecoder(sequences: Self.database)
        #expect(decoder.feed(Array("\u{1B}".utf8)) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.isWaiting)
        // Two Esc keys in one read: the first is no sequence's start.
        #expect(Self.decode(["\u{1B}\u{1B}"]) == [.key(.escape), .key(.escape)])
    }

    @Test func altAndAKeyIsEscThenThatKey() {
        // What curses gave for Alt-x, and what a quick Esc then x is.
        #expect(Self.decode(["\u{1B}x"], quietAfter: false) == [.key(.escape), .key(.char("x"))])
        // Alt-[ and Alt-O look like a sequence's start until the input goes quiet.
        #expect(Self.decode(["\u{1B}["]) == [.key(.escape), .key(.char("["))])
        #expect(Self.decode(["\u{1B}O"]) == [.key(.escape), .key(.char("O"))])
    }

    @Test func unknownSequencesAreDroppedWholeNotTyped() {
        // Focus in/out, a kitty key, an unassigned `~` key, an SS3 key of no meaning, a
        // sequence broken by a control character.
        let events = Self.decode(["a\u{1B}[I\u{1B}[O\u{1B}[97;5u\u{1B}[99~\u{1B}Oxb\u{1B}[12\u{03}c"])
        #expect(events == [.key(.char("a")), .key(.char("b")), .key(.ctrl("c")), .key(.char("c"))])
    }

    @Test func anUnfinishedLongSequenceIsDroppedWhenTheInputGoesQuiet() {
        #expect(Self.decode(["q\u{1B}[1;"]) == [.key(.char("q"))])
    }

    @Test func utf8TextSplitAnywhere() {
        let bytes = Array("é€😀".utf8)
        var decoder = KeyDecoder()
        var events: [TerminalEvent] = []
        for byte in bytes { events += decoder.feed([byte]) }
        #expect(events == [.key(.char("é")), .key(.char("€")), .key(.char("😀"))])
        // A byte that starts no character, and a character cut by another's start, are dropped.
        #expect(decoder.feed([0xFF, 0x61, 0xC3, 0x62]) == [.key(.char("a")), .key(.char("b"))])
    }

    @Test func controlBytesAreTheirKeys() {
        #expect(Self.decode(["\r\t\u{7F}\u{08}\u{03}"]) == [.enter, .tab, .backspace, .backspace, .ctrl("c")].map { .key($0) })
    }

    @Test func aPasteIsOneTextWhateverTheReads() {
        let reads = ["x\u{1B}[20", "0~line one\r", "line \u{1B}[A two é", "\u{1B}[20", "1~y"]
        #expect(Self.decode(reads) == [.key(.char("x")), .paste("line one\nline \u{1B}[A two é"), .key(.char("y"))])
    }

    @Test func aPasteSplitInsideACharacterKeepsIt() {
        let bytes = Array("\u{1B}[200~€\u{1B}[201~".utf8)
        var decoder = KeyDecoder()
        let first = decoder.feed(bytes[..<7])
        #expect(first == [])
        #expect(decoder.isInsidePaste)
        #expect(decoder.feed(bytes[7...]) == [.paste("€")])
    }

    @Test func aStalledPasteEndsWithWhatCame() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc\u{1B}[20".utf8)) == [])
        // What looked like the end marker's start is text of the paste: it never ended one.
        #expect(decoder.endStalledPaste() == [.paste("abc\u{1B}[20")])
        #expect(decoder.feed(Array("q".utf8)) == [.key(.char("q"))])
    }

    @Test func clicksAndTheWheel() {
        // SGR: a left press at column 5, row 3 (1-based); its release; Ctrl-click; motion; the
        // wheel up and down; a right click. X10: a left press at 0,0 and a release.
        let sgr = "\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<16;2;2M\u{1B}[<32;9;9M\u{1B}[<64;1;1M\u{1B}[<65;1;1M\u{1B}[<2;4;4M"
        let x10 = "\u{1B}[M !!\u{1B}[M#!!"
        #expect(Self.decode([sgr + x10]) == [
            .click(Point(x: 4, y: 2)), .click(Point(x: 1, y: 1)), .key(.up), .key(.down), .click(Point(x: 0, y: 0)),
        ])
    }

    @Test func reportsTheProgramDidNotAskForAreDropped() {
        var decoder = KeyDecoder()
        decoder.readsMouse = false
        #expect(decoder.feed(Array("\u{1B}[<0;5;3M\u{1B}[<64;1;1Mx\u{1B}[M !!".utf8)) == [.key(.char("x"))])
    }

    @Test func aClickSplitAcrossReads() {
        #expect(Self.decode(["\u{1B}[<0;1", "2;7M"], quietAfter: false) == [.click(Point(x: 11, y: 6))])
        #expect(Self.decode(["\u{1B}[M ", "!!"], quietAfter: false) == [.click(Point(x: 0, y: 0))])
    }

    @Test func aThousandKeysInOneRead() {
        let sent = String(repeating: "\u{1B}OBj", count: 1_000)
        let events = Self.decode([sent])
        #expect(events.count == 2_000)
        #expect(events.prefix(2) == [.key(.down), .key(.char("j"))])
    }
}
