import Testing
@testable import TerminalUI

/// Issue 38 (2): the block elements a picture of the screen draws as rectangles.
@Suite struct BlockElementTests {
    @Test func theHalvesAndTheFullBlockCoverTheirPartOfTheCell() {
        #expect(BlockElement.parts("▀") == [.init(x: 0, y: 0, width: 1, height: 0.5)])
        #expect(BlockElement.parts("▄") == [.init(x: 0, y: 0.5, width: 1, height: 0.5)])
        #expect(BlockElement.parts("█") == [.init(x: 0, y: 0, width: 1, height: 1)])
        #expect(BlockElement.parts("▌") == [.init(x: 0, y: 0, width: 0.5, height: 1)])
        #expect(BlockElement.parts("▐") == [.init(x: 0.5, y: 0, width: 0.5, height: 1)])
        #expect(BlockElement.parts("▁") == [.init(x: 0, y: 0.875, width: 1, height: 0.125)])
        #expect(BlockElement.parts("▏") == [.init(x: 0, y: 0, width: 0.125, height: 1)])
        #expect(BlockElement.parts("▒") == [.init(x: 0, y: 0, width: 1, height: 1, opacity: 0.5)])
        #expect(BlockElement.parts("▚") == [.init(x: 0, y: 0, width: 0.5, height: 0.5), .init(x: 0.5, y: 0.5, width: 0.5, height: 0.5)])
    }

    @Test func everyBlockElementHasPartsInsideTheCellAndNothingElseHas() {
        for v in UInt32(0x2580)...0x259F {
            let parts = BlockElement.parts(Character(Unicode.Scalar(v)!))
            #expect(parts?.isEmpty == false, "U+\(String(v, radix: 16))")
            for p in parts ?? [] {
                #expect(p.x >= 0 && p.y >= 0 && p.x + p.width <= 1 && p.y + p.height <= 1 && p.width > 0 && p.height > 0)
            }
        }
        for glyph: Character in [" ", "a", "─", "│", "■", "▶", "e\u{301}"] { #expect(BlockElement.parts(glyph) == nil) }
    }

    @Test func aPartInPixels() {
        let r = BlockElement.Part(x: 0, y: 0.5, width: 1, height: 0.5).rect(left: 16.8, top: 34, cellWidth: 8.4, cellHeight: 17)
        #expect(r.x == 16.8 && r.y == 42.5 && r.width == 8.4 && r.height == 8.5)
    }
}
