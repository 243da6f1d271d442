import TerminalUI

extension Frame {
    /// The whole frame as terminal output: home, clear, then each row with its SGR colours (what an
    /// asciicast player draws). The same frame always gives the same bytes.
    public func ansi(theme: Theme) -> String {
        // Gathered as UTF-8 bytes: appending to a String scalar by scalar costs several times more.
        var out: [UInt8] = []
        out.reserveCapacity(glyphs.count + 16 * size.height)
        out += "\u{1B}[H\u{1B}[2J".utf8
        for y in 0..<size.height {
            out += "\u{1B}[\(y + 1);1H".utf8
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
                        out += Self.sgr(look).utf8
                        current = look
                    }
                }
                if GlyphCode.clusterIndex(code) == nil, let scalar = Unicode.Scalar(code) {
                    UTF8.encode(scalar) { out.append($0) }
                } else {
                    out += String(glyph(of: code)).utf8
                }
            }
            out += "\u{1B}[0m".utf8
        }
        if let cursor { out += "\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H".utf8 }
        return String(decoding: out, as: UTF8.self)
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
