/// What a recording keeps of a frame: the rows that differ from the frame painted before it (the two
/// rows a menu's selection moved across), so that keeping hundreds of frames costs a few hundred
/// bytes each, not a whole frame's cells. A frame with clusters of several scalars, or one with no
/// frame of its size before it, is kept whole.
public struct FrameDelta: Sendable {
    public let size: Size
    let cursor: Point?
    /// The rows kept, in order; every row when `isWhole`.
    let rows: [Int]
    let isWhole: Bool
    /// Those rows' glyph codes and styles, row after row.
    let glyphs: [UInt32]
    let styles: [Style]
    let clusters: [Character]

    public init(_ frame: Frame, since previous: Frame?) {
        size = frame.size
        cursor = frame.cursor
        clusters = frame.clusters
        // Codes of a cluster point into their own frame's table: such frames are not mixed.
        if let previous, previous.size == frame.size, previous.clusters.isEmpty, frame.clusters.isEmpty {
            rows = (0..<frame.size.height).filter { !frame.sameRow($0, as: previous) }
            isWhole = false
        } else {
            rows = Array(0..<frame.size.height)
            isWhole = true
        }
        var glyphs: [UInt32] = [], styles: [Style] = []
        glyphs.reserveCapacity(rows.count * size.width)
        styles.reserveCapacity(rows.count * size.width)
        for y in rows {
            glyphs += frame.glyphs[(y * size.width)..<((y + 1) * size.width)]
            styles += frame.styles[(y * size.width)..<((y + 1) * size.width)]
        }
        self.glyphs = glyphs
        self.styles = styles
    }

    /// Turns the frame painted before this one into this one (its cells, clusters and cursor; not
    /// its click targets). `frame` must be that frame unless this delta is whole.
    public func apply(to frame: inout Frame?) {
        if isWhole || frame == nil {
            frame = Frame(size: size)
        }
        frame!.clusters = clusters
        frame!.cursor = cursor
        let width = size.width
        for (k, y) in rows.enumerated() {
            frame!.glyphs.replaceSubrange((y * width)..<((y + 1) * width), with: glyphs[(k * width)..<((k + 1) * width)])
            frame!.styles.replaceSubrange((y * width)..<((y + 1) * width), with: styles[(k * width)..<((k + 1) * width)])
        }
    }
}
