/// One terminal cell: what it shows and what that means.
public struct Cell: Hashable, Sendable {
    /// A whole grapheme cluster (a base character with its combining marks), or a space.
    public var glyph: Character
    public var style: Style
    /// The right half of a wide character: the terminal shows the character of the cell before it.
    public var isWideTail: Bool

    public init(_ glyph: Character = " ", style: Style = .normal, isWideTail: Bool = false) {
        self.glyph = glyph
        self.style = style
        self.isWideTail = isWideTail
    }

    public static let blank = Cell()
}

/// How a `Frame` stores a cell's glyph in 32 bits: a Unicode scalar's value (most glyphs are one
/// scalar), the right half of a wide character, or an index into the frame's table of grapheme
/// clusters of more than one scalar (a base with combining marks, an emoji sequence).
public enum GlyphCode {
    public static let space: UInt32 = 0x20
    /// The right half of a wide character: the terminal shows the cell before it.
    public static let wideTail: UInt32 = 0xFFFF_FFFF
    /// Above every scalar value (at most 0x10FFFF).
    static let clusterTag: UInt32 = 0x8000_0000

    static func cluster(_ index: Int) -> UInt32 { clusterTag | UInt32(index) }

    /// The cluster table's index a code refers to, if it is a cluster's.
    @inline(__always)
    public static func clusterIndex(_ code: UInt32) -> Int? {
        code & clusterTag != 0 && code != wideTail ? Int(code & ~clusterTag) : nil
    }
}
