import Testing
@testable import TerminalUI

@Suite struct FrameTests {
    @Test func wideCharactersTakeTwoCells() {
        var frame = Frame(size: Size(width: 8, height: 1))
        let end = frame.put("a漢b", x: 0, y: 0, style: .code)
        #expect(end == 4)
        #expect(frame[1, 0].glyph == "漢")
        #expect(frame[2, 0].isWideTail)
        #expect(frame.line(0) == "a漢b    ")
        #expect(frame.textSnapshot == "a漢b")
    }

    @Test func wideCharacterAtTheClipEdgeBecomesASpace() {
        var frame = Frame(size: Size(width: 4, height: 1))
        frame.put("ab漢", x: 1, y: 0)
        #expect(frame.line(0) == " ab ")
        #expect(!frame[3, 0].isWideTail)
    }

    @Test func overwritingHalfAWideCharacterClearsTheOtherHalf() {
        var frame = Frame(size: Size(width: 4, height: 1))
        frame.put("漢字", x: 0, y: 0)
        frame.put("x", x: 1, y: 0)
        #expect(frame.line(0) == " x字")
        frame.put("y", x: 2, y: 0)
        #expect(frame.line(0) == " xy ")
        // A fill that starts on one's right half and ends on another's left half clears both.
        frame.put("漢字", x: 0, y: 0)
        frame.fill(Rect(x: 1, y: 0, width: 2, height: 1), glyph: "-")
        #expect(frame.line(0) == " -- ")
        #expect(!frame[3, 0].isWideTail)
    }

    @Test func combiningMarksStayWithTheirBase() {
        var frame = Frame(size: Size(width: 3, height: 1))
        frame.put("e\u{301}x", x: 0, y: 0)
        #expect(frame[0, 0].glyph == "e\u{301}")
        #expect(frame[1, 0].glyph == "x")
    }

    @Test func textOutsideTheFrameIsClipped() {
        var frame = Frame(size: Size(width: 3, height: 2))
        frame.put("abcdef", x: -2, y: 0)
        frame.put("zz", x: 0, y: 5)
        #expect(frame.textSnapshot == "cde\n")
    }

    @Test func restyleKeepsGlyphs() {
        var frame = Frame(size: Size(width: 3, height: 1))
        frame.put("abc", x: 0, y: 0)
        frame.restyle(Rect(x: 1, y: 0, width: 5, height: 1), style: .selected)
        #expect(frame.line(0) == "abc")
        #expect(frame.styleSnapshot.split(separator: "\n").last == ".SS")
    }

    @Test func boxHasTitleInTopEdge() {
        var frame = Frame(size: Size(width: 12, height: 3))
        frame.drawBox(frame.bounds, title: "Log")
        #expect(frame.textSnapshot == "┌─ Log ────┐\n│          │\n└──────────┘")
    }

    @Test func clustersOfSeveralScalarsAreKeptWhole() {
        var frame = Frame(size: Size(width: 10, height: 1))
        // A family (ZWJ sequence), a flag, a base with two marks: one cell or two each, whole.
        let end = frame.put("👨‍👩‍👧🇫🇷o\u{308}\u{301}!", x: 0, y: 0)
        #expect(end == 6)
        #expect(frame[0, 0].glyph == "👨‍👩‍👧")
        #expect(frame[1, 0].isWideTail)
        #expect(frame[2, 0].glyph == "🇫🇷")
        #expect(frame[4, 0].glyph == "o\u{308}\u{301}")
        #expect(frame.line(0) == "👨‍👩‍👧🇫🇷o\u{308}\u{301}!    ")
        #expect(frame.cells.map(\.glyph) == (0..<10).map { frame[$0, 0].glyph })
    }

    @Test func emojiOfOneScalarIsWide() {
        var frame = Frame(size: Size(width: 4, height: 1))
        frame.put("👍x", x: 0, y: 0, style: .done)
        #expect(frame[0, 0].glyph == "👍")
        #expect(frame[1, 0] == Cell(" ", style: .done, isWideTail: true))
        #expect(frame.line(0) == "👍x ")
    }

    @Test func framesAreEqualByWhatTheyShowNotHowClustersWereStored() {
        // The same clusters written in another order sit at other places of each frame's table.
        var a = Frame(size: Size(width: 4, height: 1)), b = Frame(size: Size(width: 4, height: 1))
        a.put("e\u{301}", x: 0, y: 0)
        a.put("a\u{301}", x: 1, y: 0)
        b.put("a\u{301}", x: 1, y: 0)
        b.put("e\u{301}", x: 0, y: 0)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        b.put("o\u{301}", x: 2, y: 0)
        #expect(a != b)
    }

    @Test func rowsDifferWhenTheirClustersDo() {
        // Both frames store their one cluster at the same index: the codes match, the glyphs do not.
        var a = Frame(size: Size(width: 3, height: 2)), b = Frame(size: Size(width: 3, height: 2))
        a.put("e\u{301}", x: 0, y: 1)
        b.put("a\u{301}", x: 0, y: 1)
        #expect(a.sameRow(0, as: b))
        #expect(!a.sameRow(1, as: b))
        #expect(!a.sameCell(3, as: b))
        #expect(a.sameCell(4, as: b))
        var c = a
        c.put("x", x: 2, y: 1)
        #expect(!c.sameRow(1, as: a))
        c.put(" ", x: 2, y: 1)
        #expect(c.sameRow(1, as: a))
        c.restyle(Rect(x: 1, y: 1, width: 1, height: 1), style: .selected)
        #expect(!c.sameRow(1, as: a))
    }

    @Test func changesAreTheRunsOfColumnsThatDiffer() {
        var before = Frame(size: Size(width: 8, height: 3))
        before.put("abcdefgh", x: 0, y: 0)
        before.put("漢字", x: 0, y: 2)
        #expect(before.changes(since: nil) == (0..<3).map { FrameChange(y: $0, columns: 0..<8) })
        #expect(before.changes(since: before).isEmpty)
        var after = before
        after.put("XY", x: 2, y: 0)
        after.put("Z", x: 7, y: 0)
        after.restyle(Rect(x: 0, y: 1, width: 1, height: 1), style: .selected)
        after.put("漢", x: 2, y: 2)  // over 字: its right half is a right half still
        #expect(after.changes(since: before) == [FrameChange(y: 0, columns: 2..<4), FrameChange(y: 0, columns: 7..<8),
                                                  FrameChange(y: 1, columns: 0..<1), FrameChange(y: 2, columns: 2..<3)])
        // Another size: everything.
        #expect(Frame(size: Size(width: 2, height: 1)).changes(since: before) == [FrameChange(y: 0, columns: 0..<2)])
    }

    @Test func styleLettersAreDistinct() {
        #expect(Set(Style.allCases.map(\.letter)).count == Style.allCases.count)
    }
}
