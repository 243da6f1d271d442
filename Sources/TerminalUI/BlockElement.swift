/// Unicode's block elements (U+2580–U+259F: `▀ ▄ █ ▌ ▐ ░ ▒ ▓`, the eighths and the quadrants) as
/// the parts of a cell they fill. A picture of the screen (SVG, HTML) draws them as rectangles, not
/// as font glyphs: a font's blocks rarely span the row exactly, and the hairlines they leave between
/// rows break a QR code drawn with half blocks.
public enum BlockElement {
    /// A part of a cell, in fractions of its width and height from its top left corner; `opacity`
    /// below 1 for the shades (░ ▒ ▓), which cover the whole cell lightly.
    public struct Part: Hashable, Sendable {
        public var x: Double, y: Double, width: Double, height: Double
        public var opacity: Double

        public init(x: Double, y: Double, width: Double, height: Double, opacity: Double = 1) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.opacity = opacity
        }

        /// The part in pixels of a cell `cellWidth` × `cellHeight` whose corner is at (`left`, `top`).
        public func rect(left: Double, top: Double, cellWidth: Double, cellHeight: Double) -> (x: Double, y: Double, width: Double, height: Double) {
            (left + x * cellWidth, top + y * cellHeight, width * cellWidth, height * cellHeight)
        }
    }

    /// The parts `glyph` fills, or nil when it is no block element (a space fills none: nil too).
    public static func parts(_ glyph: Character) -> [Part]? {
        guard glyph.unicodeScalars.count == 1, let v = glyph.unicodeScalars.first?.value, (0x2580...0x259F).contains(v) else { return nil }
        func eighths(_ n: Double) -> Double { n / 8 }
        switch v {
        case 0x2580: return [Part(x: 0, y: 0, width: 1, height: 0.5)]                          // ▀ upper half
        case 0x2581...0x2588:                                                                   // ▁ … █ lower eighths
            let h = eighths(Double(v - 0x2580))
            return [Part(x: 0, y: 1 - h, width: 1, height: h)]
        case 0x2589...0x258F:                                                                   // ▉ … ▏ left eighths
            return [Part(x: 0, y: 0, width: eighths(Double(0x2590 - v)), height: 1)]
        case 0x2590: return [Part(x: 0.5, y: 0, width: 0.5, height: 1)]                        // ▐ right half
        case 0x2591...0x2593:                                                                   // ░ ▒ ▓ shades
            return [Part(x: 0, y: 0, width: 1, height: 1, opacity: Double(v - 0x2590) / 4)]
        case 0x2594: return [Part(x: 0, y: 0, width: 1, height: eighths(1))]                   // ▔ upper eighth
        case 0x2595: return [Part(x: 1 - eighths(1), y: 0, width: eighths(1), height: 1)]      // ▕ right eighth
        default: return quadrants(v)                                                            // ▖ … ▟
        }
    }

    /// U+2596–U+259F: each a set of the four quadrants (upper left, upper right, lower left, lower right).
    private static func quadrants(_ v: UInt32) -> [Part]? {
        let sets: [UInt32: [Int]] = [
            0x2596: [2], 0x2597: [3], 0x2598: [0], 0x2599: [0, 2, 3], 0x259A: [0, 3],
            0x259B: [0, 1, 2], 0x259C: [0, 1, 3], 0x259D: [1], 0x259E: [1, 2], 0x259F: [1, 2, 3],
        ]
        return sets[v]?.map { q in Part(x: q % 2 == 0 ? 0 : 0.5, y: q < 2 ? 0 : 0.5, width: 0.5, height: 0.5) }
    }
}
