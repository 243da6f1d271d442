import Testing
@testable import TerminalUI

@Suite struct TextWidthTests {
    @Test(arguments: [
        ("abc", 3), ("漢字", 4), ("e\u{301}", 1), ("🚗", 2), ("✓✗▶", 3), ("ｶﾀ", 2), ("Ａ", 2), ("\t", 1), ("\u{202E}", 1), ("", 0), ("한국", 4),
    ])
    /// A control character takes the one cell its visible stand-in is drawn in (`ShownGlyph`).
    func widths(text: String, width: Int) {
        #expect(text.terminalWidth == width)
    }

    /// The rendering fast path must agree with the full rules wherever it answers.
    @Test func simpleWidthsAgreeWithTheFullRules() {
        for v in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(v), let quick = TextWidth.simpleWidth(v) else { continue }
            #expect(quick == TextWidth.of(scalar), "U+\(String(v, radix: 16))")
            #expect(scalar.properties.isEmojiPresentation == false, "U+\(String(v, radix: 16))")
            #expect(scalar.properties.generalCategory != .nonspacingMark, "U+\(String(v, radix: 16))")
        }
    }

    @Test func fastAndFullPathsDrawTheSame() {
        var fast = Frame(size: Size(width: 12, height: 1)), full = fast
        fast.put("┌─漢─·✓", x: 0, y: 0)
        full.put("┌─漢─·✓\u{301}", x: 0, y: 0)  // one combining mark sends the text down the full path
        #expect(fast.line(0) == "┌─漢─·✓     ")
        #expect(full.line(0) == "┌─漢─·✓\u{301}     ")
    }

    @Test func truncationKeepsWidthAndEndsInEllipsis() {
        #expect("enrollment".truncated(toWidth: 6) == "enrol…")
        #expect("漢字テスト".truncated(toWidth: 6) == "漢字…")
        #expect("漢字テスト".truncated(toWidth: 6).terminalWidth == 5)
        #expect("short".truncated(toWidth: 10) == "short")
        #expect("abc".truncated(toWidth: 0) == "")
    }

    @Test func paddingFillsExactly() {
        #expect("ab".padded(toWidth: 5) == "ab   ")
        #expect("ab".padded(toWidth: 5, alignment: .trailing) == "   ab")
        #expect("漢".padded(toWidth: 5, alignment: .center) == " 漢  ")
    }

    @Test func wrappingBreaksAtSpacesAndInsideLongWords() {
        #expect("the quick brown fox".wrapped(toWidth: 10) == ["the quick", "brown fox"])
        #expect("abcdefghij klm".wrapped(toWidth: 4) == ["abcd", "efgh", "ij", "klm"])
        #expect("one\n\ntwo".wrapped(toWidth: 10) == ["one", "", "two"])
        #expect("漢字テスト".wrapped(toWidth: 5) == ["漢字", "テス", "ト"])
    }

    @Test func wrappingSplitsLikeSplitWhateverTheText() {
        // Plain text is split at its bytes; text with clusters of several scalars as `split` does.
        #expect("  a  b \n\n c ".wrapped(toWidth: 10) == ["a b", "", "c"])
        #expect("x \u{301}y z".wrapped(toWidth: 3) == ["x \u{301}y", "z"])  // the mark sits on the space
        #expect("a\r\nb c".wrapped(toWidth: 10) == ["a\r\nb c"])  // CR LF is one character, no newline
        #expect("é e\u{301} 👍🏽 x".wrapped(toWidth: 4) == ["é e\u{301}", "👍🏽 x"])
        for text in ["a b\nc  d", "漢字 テスト\n\nx", "e\u{301} e\u{301}\nb"] {
            #expect(String(text).pieces(splitAt: " ", omittingEmpty: true) == text.split(separator: " ", omittingEmptySubsequences: true))
            #expect(String(text).pieces(splitAt: "\n", omittingEmpty: false) == text.split(separator: "\n", omittingEmptySubsequences: false))
        }
    }
}
