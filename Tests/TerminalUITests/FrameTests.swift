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

    @Test func styleLettersAreDistinct() {
        #expect(Set(Style.allCases.map(\.letter)).count == Style.allCases.count)
    }
}
