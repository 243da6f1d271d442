import Testing
import TerminalUI
import WalkPlayer

/// The screen tape keeps each screen as the rows that changed and renders it when read: what it
/// gives back is every screen as painted, after the ring has dropped the oldest too.
@Suite struct ScreenTapeTests {
    /// A menu whose selection is on row `selected`, with a click target (not kept) and a cursor.
    static func menu(_ selected: Int, width: Int = 40, cluster: Bool = false) -> Frame {
        var frame = Frame(size: Size(width: width, height: 10))
        for row in 0..<8 {
            frame.put((row == selected ? "▶ " : "  ") + "entry \(row)", x: 0, y: row, style: row == selected ? .selected : .normal)
        }
        if cluster { frame.put("e\u{301} 👍🏽", x: 0, y: 9) }
        frame.onClick(Rect(x: 0, y: 0, width: 10, height: 1), keys: [.enter])
        frame.cursor = Point(x: selected, y: 9)
        return frame
    }

    static func sameScreen(_ a: Frame, _ b: Frame) -> Bool {
        a.size == b.size && a.cells == b.cells && a.cursor == b.cursor
    }

    @Test func theScreensReadBackAreThePaintedOnesAfterTheOldestAreDropped() {
        let tape = ScreenTape(theme: .dark, limit: 4)
        var painted: [Frame] = []
        // Down and up a menu, a frame with clusters of several scalars, a wider frame, back.
        let frames = [0, 1, 2, 3, 2, 1].map { Self.menu($0) }
            + [Self.menu(1, cluster: true), Self.menu(2), Self.menu(2, width: 50), Self.menu(3, width: 50)]
        for (i, frame) in frames.enumerated() {
            tape.record(frame, t: i, step: nil)
            painted.append(frame)
        }
        let (screens, seen) = tape.kept
        #expect(seen == 10)
        #expect(screens.map(\.t) == [6, 7, 8, 9])
        for (screen, frame) in zip(screens, painted.suffix(4)) {
            #expect(Self.sameScreen(screen.frame, frame), "screen at \(screen.t)")
            #expect(screen.ansi == frame.ansi(theme: .dark))
        }
    }

    /// The oldest screen kept is a delta (same size, no clusters): it is rebuilt over the screens
    /// the ring dropped, not over a blank frame.
    @Test func theOldestScreenKeptIsRebuiltOverTheDroppedOnes() {
        let tape = ScreenTape(theme: .dark, limit: 3)
        let frames = [0, 1, 2, 3, 4, 5, 6].map { Self.menu($0) }
        for (i, frame) in frames.enumerated() { tape.record(frame, t: i, step: nil) }
        let (screens, _) = tape.kept
        #expect(screens.map(\.t) == [4, 5, 6])
        for (screen, frame) in zip(screens, frames.suffix(3)) {
            #expect(Self.sameScreen(screen.frame, frame), "screen at \(screen.t)")
        }
    }

    @Test func aFrameDeltaKeepsOnlyTheRowsThatChanged() throws {
        let before = Self.menu(1), after = Self.menu(2)
        let delta = FrameDelta(after, since: before)
        var rebuilt: Frame? = before
        delta.apply(to: &rebuilt)
        #expect(Self.sameScreen(try #require(rebuilt), after))
        // Rows 1 and 2 changed: applied to a frame that differs elsewhere, only they are written.
        var other: Frame? = Self.menu(5)
        delta.apply(to: &other)
        #expect(other.map { $0[0, 5].glyph } == "▶")
        #expect(other.map { $0[0, 2].glyph } == "▶")
        #expect(other.map { $0[0, 1].glyph } == " ")
    }
}
