/// Frames as text, for snapshot tests and for comparing with what tmux shows.
extension Frame {
    /// One row of text: each wide character once, trailing spaces kept.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < size.height else { return "" }
        var out = ""
        out.reserveCapacity(size.width)
        for x in 0..<size.width {
            let code = glyphs[y * size.width + x]
            if code != GlyphCode.wideTail { out.append(glyph(of: code)) }
        }
        return out
    }

    /// The frame as plain text, one line per row, trailing spaces trimmed (as `tmux capture-pane`).
    public var textSnapshot: String {
        (0..<size.height).map { Self.trimmingTrailingSpaces(line($0)) }.joined(separator: "\n")
    }

    /// One style letter per cell (see `Style.letter`), one line per row, under a legend line.
    public var styleSnapshot: String {
        var rows = ["# " + Style.legend]
        for y in 0..<size.height {
            rows.append(String((0..<size.width).map { styles[y * size.width + $0].letter }))
        }
        return rows.joined(separator: "\n")
    }

    static func trimmingTrailingSpaces(_ s: String) -> String {
        var s = Substring(s)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

extension Frame {
    /// What a theme makes of each cell without its colours: one hex digit per cell, the sum of
    /// bold 1, reverse 2, underline 4, dim 8. A monochrome snapshot shows that state survives.
    public func attributeSnapshot(theme: Theme) -> String {
        var rows = ["# \(theme.name): bold=1 reverse=2 underline=4 dim=8, summed in hex"]
        let digits = Array("0123456789abcdef")
        for y in 0..<size.height {
            rows.append(String((0..<size.width).map { digits[Int(theme.look(for: styles[y * size.width + $0]).attributes.rawValue & 0xF)] }))
        }
        return rows.joined(separator: "\n")
    }
}
