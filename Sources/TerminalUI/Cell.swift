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
