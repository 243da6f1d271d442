import SimKernel
import SimTestSupport
import Testing
@testable import TerminalUI

/// The screen's side of issue 30.3: a string from a scenario or a walk drawn on a frame never puts
/// a control character, a separator or a bidirectional control into a cell (the curses driver
/// would send it to the terminal); each is drawn as one visible stand-in, and layout counts it.
@Suite struct ShownGlyphTests {
    @Test(arguments: TerminalPayload.all)
    func aPayloadIsDrawnVisiblyAndNeverSent(_ payload: TerminalPayload) {
        var frame = Frame(size: Size(width: 40, height: 2))
        let end = frame.put(payload.text, x: 0, y: 0)
        #expect(end == payload.text.terminalWidth)
        let drawn = frame.cells.map { String($0.glyph) }.joined()
        #expect(!TerminalPayload.holdsUnsafe(drawn), "\(drawn.debugDescription)")
        let line = frame.textSnapshot.split(separator: "\n", omittingEmptySubsequences: false)[0]
        #expect(line.hasPrefix("f") && line.contains("x"), "\(line)")
        // Each unsafe character took one cell, shown as a stand-in.
        let unsafe = payload.text.unicodeScalars.filter(TerminalPayload.isUnsafe).count
        #expect(line.unicodeScalars.filter { (0x2400...0x2421).contains($0.value) || $0 == "\u{FFFD}" }.count == unsafe, "\(line)")
    }

    @Test func escapeAndBellHaveTheirControlPictures() {
        var frame = Frame(size: Size(width: 20, height: 1))
        frame.put("a\u{1B}[2J\u{07}\u{7F}\u{202E}b", x: 0, y: 0)
        #expect(frame.textSnapshot.hasPrefix("a␛[2J␇␡\u{FFFD}b"), "\(frame.textSnapshot)")
    }

    @Test func theScreensSetIsTheKernelsSet() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ShownGlyph.isUnsafe(scalar) != String.needsEscape(scalar) { disagreements.append(value) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func wrappingAndTruncationCountTheStandIns() {
        let text = "ab\u{1B}cd\u{202E}ef"
        #expect(text.terminalWidth == 8)
        #expect(text.truncated(toWidth: 5).terminalWidth == 5)
        var frame = Frame(size: Size(width: 8, height: 1))
        frame.put(text, x: 0, y: 0)
        #expect(frame.wordCuts.isEmpty)
        #expect(frame.textSnapshot.hasPrefix("ab␛cd\u{FFFD}ef"))
    }
}
