/// Everything a screen shows, rendered whole each time: a grid of cells with semantic styles and
/// where the cursor should blink. The curses driver paints it; tests read it as text.
///
/// Cells are kept as two flat arrays, a glyph code and a style each (`GlyphCode`): building a frame
/// and comparing rows copy plain integers, not `Character`s (reference-counted strings).
public struct Frame: Hashable, Sendable {
    public let size: Size
    /// Row-major, `size.width * size.height` glyph codes (`GlyphCode`).
    public internal(set) var glyphs: [UInt32]
    /// Row-major, one style per cell.
    public internal(set) var styles: [Style]
    /// The grapheme clusters of more than one scalar that `glyphs` refer to (`GlyphCode.cluster`).
    var clusters: [Character] = []
    /// Where the terminal cursor is shown (a focused text field); `nil` hides it.
    public var cursor: Point?
    /// What a mouse click does where: the keys it stands for (see `ClickTarget`); the last drawn wins.
    public var clickTargets: [ClickTarget] = []
    /// Where a `put` cut text at its clip's edge (a visible character that did not fit after
    /// another, a word or a list cut off): prose must wrap instead (a test renders every
    /// screen and expects none). Text scrolled on purpose in a field's box is `put` with `mayCut`.
    public internal(set) var wordCuts: [WordCut] = []

    public init(size: Size, style: Style = .normal) {
        self.size = size
        glyphs = Array(repeating: GlyphCode.space, count: size.width * size.height)
        styles = Array(repeating: style, count: size.width * size.height)
    }

    public var bounds: Rect { Rect(size: size) }

    /// Row-major, `size.width * size.height` cells.
    public var cells: [Cell] { glyphs.indices.map(cell(at:)) }

    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
        return cell(at: y * size.width + x)
    }

    private func cell(at i: Int) -> Cell {
        let code = glyphs[i]
        return Cell(glyph(of: code), style: styles[i], isWideTail: code == GlyphCode.wideTail)
    }

    /// The character a glyph code of this frame stands for (a space for a wide character's right half).
    public func glyph(of code: UInt32) -> Character {
        if code == GlyphCode.wideTail { return " " }
        if let index = GlyphCode.clusterIndex(code) { return clusters[index] }
        return Character(Unicode.Scalar(code).unsafelyUnwrapped)
    }

    /// Whether cell `i` (row-major) shows the same thing in both frames of the same size.
    @inline(__always)
    public func sameCell(_ i: Int, as other: Frame) -> Bool {
        let code = glyphs[i]
        guard code == other.glyphs[i], styles[i] == other.styles[i] else { return false }
        guard let index = GlyphCode.clusterIndex(code) else { return true }
        return clusters[index] == other.clusters[index]
    }

    /// Whether row `y` shows the same thing in both frames of the same size: the rows' codes and
    /// styles compared as plain integers first.
    public func sameRow(_ y: Int, as other: Frame) -> Bool {
        let row = (y * size.width)..<((y + 1) * size.width)
        let equalCodes = glyphs.withUnsafeBufferPointer { a in
            other.glyphs.withUnsafeBufferPointer { b in a[row].elementsEqual(b[row]) }
        } && styles.withUnsafeBufferPointer { a in
            other.styles.withUnsafeBufferPointer { b in a[row].elementsEqual(b[row]) }
        }
        guard equalCodes else { return false }
        if clusters.isEmpty && other.clusters.isEmpty { return true }
        return row.allSatisfy { sameCell($0, as: other) }
    }

    /// What a terminal must be sent to go from `previous` to this frame: per row that differs,
    /// the runs of columns that differ (every row whole without a previous frame of this size).
    /// A run may start or end on a wide character's right half, which a painter skips.
    public func changes(since previous: Frame?) -> [FrameChange] {
        let previous = previous.flatMap { $0.size == size ? $0 : nil }
        var runs: [FrameChange] = []
        for y in 0..<size.height {
            guard let previous else {
                runs.append(FrameChange(y: y, columns: 0..<size.width))
                continue
            }
            if sameRow(y, as: previous) { continue }
            var x = 0
            while x < size.width {
                guard !sameCell(y * size.width + x, as: previous) else {
                    x += 1
                    continue
                }
                let start = x
                while x < size.width, !sameCell(y * size.width + x, as: previous) { x += 1 }
                runs.append(FrameChange(y: y, columns: start..<x))
            }
        }
        return runs
    }

    public static func == (a: Frame, b: Frame) -> Bool {
        guard a.size == b.size, a.cursor == b.cursor, a.styles == b.styles, a.clickTargets == b.clickTargets,
              a.wordCuts == b.wordCuts else { return false }
        if a.glyphs == b.glyphs && a.clusters == b.clusters { return true }
        return a.glyphs.indices.allSatisfy { a.glyph(of: a.glyphs[$0]) == b.glyph(of: b.glyphs[$0]) && (a.glyphs[$0] == GlyphCode.wideTail) == (b.glyphs[$0] == GlyphCode.wideTail) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(cursor)
        hasher.combine(styles)
        hasher.combine(clickTargets)
        hasher.combine(wordCuts)
        for code in glyphs {
            if let index = GlyphCode.clusterIndex(code) { hasher.combine(clusters[index]) } else { hasher.combine(code) }
        }
    }

    /// Writes text on one row from `x`, clipped to `clip` (the whole frame by default). A wide
    /// character that would straddle the clip's right edge becomes a space, as terminals do.
    /// Returns the column after the text, so callers can chain runs of different styles.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .normal, clip: Rect? = nil, mayCut: Bool = false) -> Int {
        put(text[...], x: x, y: y, style: style, clip: clip, mayCut: mayCut)
    }

    /// Writes text on one row from `x` (see `put(_:x:y:style:clip:mayCut:)` of a `String`).
    @discardableResult
    public mutating func put(_ text: some StringProtocol, x: Int, y: Int, style: Style = .normal, clip: Rect? = nil, mayCut: Bool = false) -> Int {
        put(String(text)[...], x: x, y: y, style: style, clip: clip, mayCut: mayCut)
    }

    /// Writes text on one row from `x` (see `put(_:x:y:style:clip:mayCut:)` of a `String`).
    @discardableResult
    public mutating func put(_ text: Substring, x: Int, y: Int, style: Style = .normal, clip: Rect? = nil, mayCut: Bool = false) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard y >= area.y, y < area.maxY else { return x + text.terminalWidth }
        var column = x
        var previous: Unicode.Scalar = " "
        /// Places one glyph (its code, and its first scalar for the word-cut check); false once
        /// the clip's right edge is reached.
        func place(_ code: UInt32, first: Unicode.Scalar, width w: Int) -> Bool {
            if w == 0 { return true }
            if column + w > area.maxX {
                if column < area.maxX { setCell(GlyphCode.space, style: style, x: column, y: y) }
                if !mayCut, column > area.x, !previous.properties.isWhitespace, !first.properties.isWhitespace {
                    wordCuts.append(WordCut(text: String(text), at: Point(x: column, y: y)))
                }
                column += w
                return false
            }
            previous = first
            if column >= area.x {
                setCell(code, style: style, x: column, y: y)
                if w == 2 { setCell(GlyphCode.wideTail, style: style, x: column + 1, y: y) }
            }
            column += w
            return true
        }
        // Most screen text is made of scalars that never combine: walking scalars instead of
        // grapheme clusters is several times faster, and printable ASCII is a column a byte.
        if text.utf8.allSatisfy(TextWidth.isPrintableASCII) {
            for byte in text.utf8 where !place(UInt32(byte), first: Unicode.Scalar(byte), width: 1) { break }
        } else if text.unicodeScalars.allSatisfy({ TextWidth.simpleWidth($0.value) != nil }) {
            for scalar in text.unicodeScalars where !place(scalar.value, first: scalar, width: TextWidth.simpleWidth(scalar.value).unsafelyUnwrapped) { break }
        } else {
            // A control character is shown, never sent to the terminal (`ShownGlyph`).
            for c in text {
                let shown = ShownGlyph.placeholder(for: c) ?? c
                if !place(code(for: shown), first: shown.unicodeScalars.first.unsafelyUnwrapped, width: TextWidth.of(shown)) { break }
            }
        }
        return column
    }

    /// Writes one narrow scalar `count` times on row `y` from `x`, all inside the frame (a box's
    /// edge): what `put` of that text does, without the text.
    mutating func put(_ scalar: Unicode.Scalar, count: Int, x: Int, y: Int, style: Style) {
        guard count > 0 else { return }
        precondition(x >= 0 && x + count <= size.width && y >= 0 && y < size.height, "inside the frame")
        // Only the ends can cut a wide character in half; the inside is simply overwritten.
        setCell(scalar.value, style: style, x: x, y: y)
        setCell(scalar.value, style: style, x: x + count - 1, y: y)
        let start = y * size.width + x
        glyphs.withUnsafeMutableBufferPointer { row in
            for i in start..<(start + count) { row[i] = scalar.value }
        }
        styles.withUnsafeMutableBufferPointer { row in
            for i in start..<(start + count) { row[i] = style }
        }
    }

    /// Fills a rectangle with one narrow glyph (a space by default), erasing what was there.
    public mutating func fill(_ rect: Rect, glyph: Character = " ", style: Style = .normal) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let code = code(for: glyph)
        for y in area.y..<area.maxY {
            // Only the edges can cut a wide character in half; the inside is simply overwritten.
            setCell(code, style: style, x: area.x, y: y)
            setCell(code, style: style, x: area.maxX - 1, y: y)
            let start = y * size.width + area.x
            glyphs.withUnsafeMutableBufferPointer { row in
                for i in start..<(start + area.width) { row[i] = code }
            }
            styles.withUnsafeMutableBufferPointer { row in
                for i in start..<(start + area.width) { row[i] = style }
            }
        }
    }

    /// Changes the meaning of cells and keeps their glyphs: a selection bar over a list row.
    public mutating func restyle(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        styles.withUnsafeMutableBufferPointer { cells in
            for y in area.y..<area.maxY {
                for i in (y * size.width + area.x)..<(y * size.width + area.maxX) { cells[i] = style }
            }
        }
    }

    /// The code of a glyph: its scalar, or a cluster of this frame's table (the same cluster
    /// written twice in a row is kept once).
    mutating func code(for glyph: Character) -> UInt32 {
        let scalars = glyph.unicodeScalars
        if scalars.count == 1 { return scalars.first.unsafelyUnwrapped.value }
        if let last = clusters.last, last == glyph { return GlyphCode.cluster(clusters.count - 1) }
        clusters.append(glyph)
        return GlyphCode.cluster(clusters.count - 1)
    }

    /// Stores a cell, first breaking any wide character it would cut in half.
    private mutating func setCell(_ code: UInt32, style: Style, x: Int, y: Int) {
        let i = y * size.width + x
        if glyphs[i] == GlyphCode.wideTail, x > 0, code != GlyphCode.wideTail {
            glyphs[i - 1] = GlyphCode.space
        }
        if x + 1 < size.width, glyphs[i + 1] == GlyphCode.wideTail {
            glyphs[i + 1] = GlyphCode.space
        }
        glyphs[i] = code
        styles[i] = style
    }
}

/// Columns of one row that differ from the frame painted before (`Frame.changes(since:)`).
public struct FrameChange: Hashable, Sendable {
    public var y: Int
    public var columns: Range<Int>
    public init(y: Int, columns: Range<Int>) {
        self.y = y
        self.columns = columns
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
