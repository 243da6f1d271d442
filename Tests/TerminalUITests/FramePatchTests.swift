import Testing
@testable import TerminalUI

/// A part of the screen drawn once and put back (`FramePatch`): the frame is the one drawing it
/// again makes, clusters of several scalars, click targets and word cuts included.
@Suite struct FramePatchTests {
    /// A row with clusters, a click target and a word cut (text cut at the clip's edge).
    static func drawRow(_ frame: inout Frame, y: Int) {
        frame.fill(Rect(x: 0, y: y, width: frame.size.width, height: 1), style: .hint)
        let end = frame.put("👨‍👩‍👧 o\u{308}\u{301} keys", x: 1, y: y, style: .key)
        frame.onClick(Rect(x: 1, y: y, width: end - 1, height: 1), keys: [.char("k")])
        frame.put("and a word cut off", x: end + 1, y: y, clip: Rect(x: 0, y: y, width: end + 3, height: 1))
    }

    @Test func aPatchPutBackIsTheDrawingAgain() {
        var first = Frame(size: Size(width: 30, height: 3))
        first.put("🇫🇷 above", x: 0, y: 0)  // a cluster of this frame's before the patch's
        let patch = first.recording(rows: 1..<2) { Self.drawRow(&$0, y: 1) }
        #expect(patch.rows == 1..<2)

        // Another frame, with clusters and a click target of its own before the patch goes in.
        var drawn = Frame(size: Size(width: 30, height: 3))
        drawn.put("é👍🏽 x", x: 2, y: 0)
        drawn.onClick(Rect(x: 0, y: 0, width: 3, height: 1), keys: [.enter])
        var patched = drawn
        Self.drawRow(&drawn, y: 1)
        patched.apply(patch)
        #expect(patched == drawn)
        #expect(patched.line(1) == drawn.line(1))
        #expect(patched.clickTargets.count == 2 && patched.wordCuts.count == 1)
        #expect(patched[1, 1].glyph == "👨‍👩‍👧")
        #expect(patched[2, 0].glyph == "é")
    }
}
