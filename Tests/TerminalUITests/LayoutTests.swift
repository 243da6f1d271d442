import Testing
@testable import TerminalUI

@Suite struct LayoutTests {
    @Test func rowsCoverTheWholeHeight() {
        let parts = Rect(x: 0, y: 0, width: 80, height: 24).splitRows([.fixed(1), .fill(), .fixed(2), .fill(2)])
        #expect(parts.map(\.height) == [1, 7, 2, 14])
        #expect(parts.map(\.y) == [0, 1, 8, 10])
    }

    @Test func fixedPartsShrinkWhenSpaceRunsOut() {
        let parts = Rect(x: 0, y: 0, width: 10, height: 3).splitRows([.fixed(2), .fixed(2), .fill()])
        #expect(parts.map(\.height) == [2, 1, 0])
    }

    @Test func columnsLeaveGaps() {
        let parts = Rect(x: 2, y: 0, width: 21, height: 1).splitColumns([.fill(), .fill()], gap: 1)
        #expect(parts.map(\.x) == [2, 13])
        #expect(parts.map(\.width) == [10, 10])
    }

    @Test func centeredAndInset() {
        let r = Rect(x: 0, y: 0, width: 80, height: 24)
        #expect(r.centered(width: 20, height: 4) == Rect(x: 30, y: 10, width: 20, height: 4))
        #expect(r.centered(width: 100, height: 4).width == 80)
        #expect(r.inset(by: 1) == Rect(x: 1, y: 1, width: 78, height: 22))
        #expect(Rect(x: 0, y: 0, width: 1, height: 1).inset(by: 2).isEmpty)
    }

    @Test func scrollingKeepsSelectionVisibleMovingLittle() {
        #expect(scrollOffset(selected: 0, offset: 0, visibleRows: 5, count: 20) == 0)
        #expect(scrollOffset(selected: 7, offset: 0, visibleRows: 5, count: 20) == 3)
        #expect(scrollOffset(selected: 4, offset: 3, visibleRows: 5, count: 20) == 3)
        #expect(scrollOffset(selected: 1, offset: 3, visibleRows: 5, count: 20) == 1)
        #expect(scrollOffset(selected: nil, offset: 99, visibleRows: 5, count: 20) == 15)
        #expect(scrollOffset(selected: 3, offset: 2, visibleRows: 5, count: 4) == 0)
    }
}
