/// Whole rows of a frame as a drawing left them, with the click targets and word cuts that drawing
/// added: put back (`Frame.apply`) into a frame of the same width, it leaves that frame as drawing
/// the same thing again would. A painter keeps one for a part of the screen whose inputs did not
/// change (the title bar, the banner, the help bar) instead of drawing it again.
public struct FramePatch: Hashable, Sendable {
    public let width: Int
    public let rows: Range<Int>
    /// The rows' glyph codes; a cluster's code is an index into `clusters` below.
    let glyphs: [UInt32]
    let styles: [Style]
    let clusters: [Character]
    let clickTargets: [ClickTarget]
    let wordCuts: [WordCut]
}

extension Frame {
    /// Runs `draw`, which must change nothing outside `rows` (click targets and word cuts aside,
    /// which it may only add), and returns what it left there.
    public mutating func recording(rows: Range<Int>, _ draw: (inout Frame) -> Void) -> FramePatch {
        let rows = rows.clamped(to: 0..<size.height)
        let targets = clickTargets.count, cuts = wordCuts.count
        draw(&self)
        let cells = (rows.lowerBound * size.width)..<(rows.upperBound * size.width)
        var local: [Character] = []
        var codes = Array(glyphs[cells])
        for i in codes.indices {
            guard let index = GlyphCode.clusterIndex(codes[i]) else { continue }
            let cluster = clusters[index]
            if let known = local.firstIndex(of: cluster) {
                codes[i] = GlyphCode.cluster(known)
            } else {
                local.append(cluster)
                codes[i] = GlyphCode.cluster(local.count - 1)
            }
        }
        return FramePatch(width: size.width, rows: rows, glyphs: codes, styles: Array(styles[cells]), clusters: local,
                          clickTargets: Array(clickTargets[targets...]), wordCuts: Array(wordCuts[cuts...]))
    }

    /// Puts back what `recording` saw drawn: the rows' cells, then its click targets and word cuts
    /// after those already there (as drawing again would add them).
    public mutating func apply(_ patch: FramePatch) {
        precondition(patch.width == size.width && patch.rows.upperBound <= size.height, "a patch of this frame's width")
        let start = patch.rows.lowerBound * size.width
        var codes = patch.glyphs
        if !patch.clusters.isEmpty {
            for i in codes.indices {
                if let index = GlyphCode.clusterIndex(codes[i]) { codes[i] = code(for: patch.clusters[index]) }
            }
        }
        glyphs.replaceSubrange(start..<(start + codes.count), with: codes)
        styles.replaceSubrange(start..<(start + codes.count), with: patch.styles)
        clickTargets += patch.clickTargets
        wordCuts += patch.wordCuts
    }
}
