import TerminalUI

extension Frame {
    /// The frame as an SVG image with its colours (for a ticket): one `<text>` run per stretch of
    /// cells of one look, on a dark or light background as the theme is.
    public func svg(theme: Theme) -> String {
        let cw = 8.4, ch = 17.0
        let light = theme.name == "light"
        let paper = light ? "#ffffff" : "#1e1e1e", ink = light ? "#1e1e1e" : "#d4d4d4"
        let w = Int((Double(size.width) * cw).rounded(.up)), h = Int(Double(size.height) * ch)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"\(paper)\"/>\n"
        out += "<g font-family=\"DejaVu Sans Mono, Menlo, monospace\" font-size=\"14\" xml:space=\"preserve\">\n"
        for y in 0..<size.height {
            var x = 0
            while x < size.width {
                let look = theme.look(for: self[x, y].style)
                var run = ""
                var blocks = BlockRuns()
                let start = x
                while x < size.width, theme.look(for: self[x, y].style) == look {
                    let cell = self[x, y]
                    if let parts = BlockElement.parts(cell.glyph) {
                        // Drawn as rectangles below; a space keeps the text's columns.
                        blocks.add(parts, at: x)
                        run.append(" ")
                    } else if !cell.isWideTail {
                        run.append(cell.glyph)
                    }
                    x += 1
                }
                var fg = Self.hex(look.foreground) ?? ink, bg = Self.hex(look.background)
                if look.attributes.contains(.reverse) { (fg, bg) = (bg ?? paper, fg) }
                let px = Double(start) * cw, py = Double(y) * ch
                if let bg {
                    out += "<rect x=\"\(px)\" y=\"\(py)\" width=\"\(Double(x - start) * cw)\" height=\"\(ch)\" fill=\"\(bg)\"/>\n"
                }
                out += blocks.svg(row: y, cellWidth: cw, cellHeight: ch, fill: fg)
                guard run.contains(where: { $0 != " " }) else { continue }
                var attrs = "x=\"\(px)\" y=\"\(py + 13)\" fill=\"\(fg)\""
                if look.attributes.contains(.bold) { attrs += " font-weight=\"bold\"" }
                if look.attributes.contains(.underline) { attrs += " text-decoration=\"underline\"" }
                if look.attributes.contains(.dim) { attrs += " opacity=\"0.6\"" }
                out += "<text \(attrs)>\(Self.escaped(run))</text>\n"
            }
        }
        return out + "</g>\n</svg>\n"
    }

    /// One row's block elements of one look, as rectangles: a part repeated over adjacent cells (a
    /// row of `▀`) is one rectangle, and edges fall on whole pixels (`crispEdges`), so that blocks
    /// meet without a seam and a QR code drawn with half blocks decodes.
    struct BlockRuns {
        private var runs: [(first: Int, last: Int, part: BlockElement.Part)] = []

        mutating func add(_ parts: [BlockElement.Part], at column: Int) {
            for part in parts {
                if let i = runs.lastIndex(where: { $0.part == part && $0.last == column - 1 }), part.x == 0, part.width == 1 {
                    runs[i].last = column
                } else {
                    runs.append((column, column, part))
                }
            }
        }

        func svg(row: Int, cellWidth: Double, cellHeight: Double, fill: String) -> String {
            var out = ""
            for run in runs {
                let r = run.part.rect(left: Double(run.first) * cellWidth, top: Double(row) * cellHeight, cellWidth: cellWidth, cellHeight: cellHeight)
                let width = r.width + Double(run.last - run.first) * cellWidth
                let opacity = run.part.opacity < 1 ? " fill-opacity=\"\(run.part.opacity)\"" : ""
                out += "<rect x=\"\(r.x)\" y=\"\(r.y)\" width=\"\(width)\" height=\"\(r.height)\" fill=\"\(fill)\"\(opacity) shape-rendering=\"crispEdges\"/>\n"
            }
            return out
        }
    }

    static func hex(_ c: TerminalColor) -> String? {
        switch c {
        case .default: nil
        case .black: "#000000"
        case .red: "#cd3131"
        case .green: "#0dbc79"
        case .yellow: "#e5e510"
        case .blue: "#2472c8"
        case .magenta: "#bc3fbc"
        case .cyan: "#11a8cd"
        case .white: "#e5e5e5"
        }
    }

    static func escaped(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
