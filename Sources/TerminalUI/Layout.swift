/// How much of a split one part takes.
public enum Extent: Hashable, Sendable {
    /// Exactly this many cells (fewer if the whole is too small).
    case fixed(Int)
    /// A share of what the fixed parts leave, in proportion to the weight.
    case fill(Int = 1)
}

extension Rect {
    /// Shrinks the rectangle on each side.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    public func inset(by n: Int) -> Rect { inset(top: n, left: n, bottom: n, right: n) }

    /// A rectangle of the given size centred in this one, clipped to it.
    public func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(w, width), ch = min(h, height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }

    /// One row of this rectangle; empty when out of range.
    public func row(_ i: Int) -> Rect {
        guard i >= 0, i < height else { return Rect(x: x, y: y + height, width: width, height: 0) }
        return Rect(x: x, y: y + i, width: width, height: 1)
    }

    /// Stacks parts top to bottom.
    public func splitRows(_ extents: [Extent]) -> [Rect] {
        Self.distribute(height, extents).map { Rect(x: x, y: y + $0.offset, width: width, height: $0.length) }
    }

    /// Places parts left to right, `gap` blank columns between them.
    public func splitColumns(_ extents: [Extent], gap: Int = 0) -> [Rect] {
        let gaps = max(0, extents.count - 1) * gap
        return Self.distribute(width - gaps, extents).enumerated().map { i, part in
            Rect(x: x + part.offset + i * gap, y: y, width: part.length, height: height)
        }
    }

    /// Fixed parts first, in order, while space lasts; the rest is shared by weight, the remainder
    /// going to the earliest fills so the parts always cover the whole.
    static func distribute(_ total: Int, _ extents: [Extent]) -> [(offset: Int, length: Int)] {
        var remaining = max(0, total)
        var lengths = extents.map { extent -> Int in
            guard case .fixed(let n) = extent else { return 0 }
            let taken = min(max(0, n), remaining)
            remaining -= taken
            return taken
        }
        let weights = extents.map { if case .fill(let w) = $0 { max(0, w) } else { 0 } }
        let totalWeight = weights.reduce(0, +)
        if totalWeight > 0 {
            var left = remaining
            for i in extents.indices where weights[i] > 0 {
                lengths[i] = remaining * weights[i] / totalWeight
                left -= lengths[i]
            }
            for i in extents.indices where weights[i] > 0 && left > 0 {
                lengths[i] += 1
                left -= 1
            }
        }
        var offset = 0
        return lengths.map { length in
            defer { offset += length }
            return (offset, length)
        }
    }
}
