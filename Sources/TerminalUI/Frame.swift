/// Everything a screen shows, rendered whole each time: a grid of cells with semantic styles and
/// where the cursor should blink. The curses driver paints it; tests read it as text.
public struct Frame: Hashable, Sendable {
    public let size: Size
    /// Row-major, `size.width * size.height` cells.
    public private(set) var cells: [Cell]
    /// Where the terminal cursor is shown (a focused text field); `nil` hides it.
    public var cursor: Point?
    /// What a mouse click does where: the keys it stands for (see `ClickTarget`); the last drawn wins.
    public var clickTargets: [ClickTarget] = []
    /// Where a `put` cut text at its clip's edge (a visible character that did not fit after
    /// another, a word or a list cut off): prose must wrap instead (a test renders every
    /// screen and expects none). Text scrolled on purpose in a field's box is `put` with `mayCut`.
    public private(set) var wordCuts: [WordCut] = []

    public init(size: Size, style: Style = .normal) {
        self.size = size
        self.cells = Array(repeating: Cell(style: style), count: size.width * size.height)
    }

    public var bounds: Rect { Rect(size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
        return cells[y * size.width + x]
    }

    /// Writes text on one row from `x`, clipped to `clip` (the whole frame by default). A wide
    /// character that would straddle the clip's right edge becomes a space, as terminals do.
    /// Returns the column after the text, so callers can chain runs of different styles.
    @discardableResult
    public mutating func put(_ text: some StringProtocol, x: Int, y: Int, style: Style = .normal, clip: Rect? = nil, mayCut: Bool = false) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard y >= area.y, y < area.maxY else { return x + text.terminalWidth }
        var column = x
        var previous: Character = " "
        /// Places one character; false once the clip's right edge is reached.
        func place(_ c: Character, width w: Int) -> Bool {
            if w == 0 { return true }
            if column + w > area.maxX {
                if column < area.maxX { setCell(Cell(" ", style: style), x: column, y: y) }
                if !mayCut, column > area.x, !previous.isWhitespace, !c.isWhitespace {
                    wordCuts.append(WordCut(text: String(text), at: Point(x: column, y: y)))
                }
                column += w
                return false
            }
            previous = c
            if column >= area.x {
                setCell(Cell(c, style: style), x: column, y: y)
                if w == 2 { setCell(Cell(" ", style: style, isWideTail: true), x: column + 1, y: y) }
            }
            column += w
            return true
        }
        // Most screen text is made of scalars that never combine: walking scalars instead of
        // grapheme clusters is several times faster.
        if text.unicodeScalars.allSatisfy({ TextWidth.simpleWidth($0.value) != nil }) {
            for scalar in text.unicodeScalars where !place(Character(scalar), width: TextWidth.simpleWidth(scalar.value)!) { break }
        } else {
            // A control character is shown, never sent to the terminal (`ShownGlyph`).
            for c in text {
                let shown = ShownGlyph.placeholder(for: c) ?? c
                if !place(shown, width: TextWidth.of(shown)) { break }
            }
        }
        return column
    }

    /// Fills a rectangle with one narrow glyph (a space by default), erasing what was there.
    public mutating func fill(_ rect: Rect, glyph: Character = " ", style: Style = .normal) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let cell = Cell(glyph, style: style)
        for y in area.y..<area.maxY {
            // Only the edges can cut a wide character in half; the inside is simply overwritten.
            setCell(cell, x: area.x, y: y)
            setCell(cell, x: area.maxX - 1, y: y)
            let start = y * size.width + area.x
            cells.withUnsafeMutableBufferPointer { row in
                for i in start..<(start + area.width) { row[i] = cell }
            }
        }
    }

    /// Changes the meaning of cells and keeps their glyphs: a selection bar over a list row.
    public mutating func restyle(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { cells[y * size.width + x].style = style }
        }
    }

    /// Stores a cell, first breaking any wide character it would cut in half.
    private mutating func setCell(_ cell: Cell, x: Int, y: Int) {
        let i = y * size.width + x
        if cells[i].isWideTail, x > 0, !cell.isWideTail {
            cells[i - 1].glyph = " "
        }
        if x + 1 < size.width, cells[i + 1].isWideTail {
            cells[i + 1].isWideTail = false
            cells[i + 1].glyph = " "
        }
        cells[i] = cell
    }
}

/// A word cut at the edge of the area it was written in.
public struct WordCut: Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var at: Point
    public var description: String { "row \(at.y), column \(at.x): \(text)" }
}

/// A region of the screen a mouse click acts on, as the keys it stands for: a help bar entry is its
/// key, a list row the arrows to it (and Enter, where a click opens), a dialog's button Enter or Esc.
/// Clicks then go through the keymap like keys, so a walk records them as keys.
public struct ClickTarget: Hashable, Sendable {
    public var rect: Rect
    public var keys: [Key]
    public init(_ rect: Rect, keys: [Key]) {
        self.rect = rect
        self.keys = keys
    }
}

extension Frame {
    /// A click on `rect` presses `keys`.
    public mutating func onClick(_ rect: Rect, keys: [Key]) {
        guard !rect.isEmpty, !keys.isEmpty else { return }
        clickTargets.append(ClickTarget(rect, keys: keys))
    }

    /// Something modal drawn over `rect`: what is under it no longer takes clicks.
    public mutating func coverClicks(_ rect: Rect) {
        clickTargets.removeAll { !$0.rect.intersection(rect).isEmpty }
    }

    /// The keys a click at `point` stands for, if anything is there.
    public func keys(forClickAt point: Point) -> [Key]? {
        clickTargets.last { $0.rect.contains(point) }?.keys
    }
}
