import TerminalUI

extension Frame {
    /// The whole frame as terminal output: home, clear, then each row with its SGR colours (what an
    /// asciicast player draws). The same frame always gives the same bytes.
    public func ansi(theme: Theme) -> String {
        var out = "\u{1B}[H\u{1B}[2J"
        for y in 0..<size.height {
            out += "\u{1B}[\(y + 1);1H"
            var current: Look?
            var currentStyle: Style?
            for i in (y * size.width)..<((y + 1) * size.width) {
                let code = glyphs[i]
                if code == GlyphCode.wideTail { continue }
                // Styles map to looks: a look is compared only where the style changes.
                if styles[i] != currentStyle {
                    currentStyle = styles[i]
                    let look = theme.look(for: styles[i])
                    if look != current {
                        out += Self.sgr(look)
                        current = look
                    }
                }
                if GlyphCode.clusterIndex(code) == nil, let scalar = Unicode.Scalar(code) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out.append(glyph(of: code))
                }
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
