import TerminalUI

extension Frame {
    /// The whole frame as terminal output: home, clear, then each row with its SGR colours (what an
    /// asciicast player draws). The same frame always gives the same bytes.
    public func ansi(theme: Theme) -> String {
        var out = "\u{1B}[H\u{1B}[2J"
        for y in 0..<size.height {
            out += "\u{1B}[\(y + 1);1H"
            var current: Look?
            for x in 0..<size.width {
                let cell = self[x, y]
                if cell.isWideTail { continue }
                let look = theme.look(for: cell.style)
                if look != current {
                    out += Self.sgr(look)
                    current = look
                }
                out.append(cell.glyph)
            }
            out += "\u{1B}[0m"
        }
        if let cursor { out += "\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H" }
        return out
    }

    static func sgr(_ look: Look) -> String {
        var codes = ["0"]
        if look.attributes.contains(.bold) { codes.append("1") }
        if look.attributes.contains(.dim) { codes.append("2") }
        if look.attributes.contains(.underline) { codes.append("4") }
        if look.attributes.contains(.reverse) { codes.append("7") }
        if look.foreground != .default { codes.append(String(30 + look.foreground.rawValue)) }
        if look.background != .default { codes.append(String(40 + look.background.rawValue)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
