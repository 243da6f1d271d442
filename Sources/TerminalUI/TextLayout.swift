/// Fitting text into columns: truncation with an ellipsis, padding, word wrapping. All widths are
/// terminal columns (see `TextWidth`), never character counts.
extension String {
    /// The text cut to `width` columns, ending in `ellipsis` when something was cut.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if terminalWidth <= width { return self }
        let room = width - ellipsis.terminalWidth
        guard room >= 0 else { return String(ellipsis.prefix(width)) }
        var out = "", used = 0
        for c in self {
            let w = TextWidth.of(c)
            if used + w > room { break }
            out.append(c)
            used += w
        }
        return out + ellipsis
    }

    /// The text truncated or padded with spaces to exactly `width` columns.
    public func padded(toWidth width: Int, alignment: TextAlignment = .leading) -> String {
        let text = truncated(toWidth: width)
        let gap = max(0, width - text.terminalWidth)
        switch alignment {
        case .leading: return text + String(repeating: " ", count: gap)
        case .trailing: return String(repeating: " ", count: gap) + text
        case .center:
            return String(repeating: " ", count: gap / 2) + text + String(repeating: " ", count: gap - gap / 2)
        }
    }

    /// Lines of at most `width` columns, broken at spaces where possible and inside words that are
    /// longer than a line. Newlines in the text are kept as line breaks.
    public func wrapped(toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in pieces(splitAt: "\n", omittingEmpty: false) {
            var line = "", lineWidth = 0
            for word in String(paragraph).pieces(splitAt: " ", omittingEmpty: true) {
                var wordWidth = word.terminalWidth
                if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 { lines.append(line) }
                line = ""; lineWidth = 0
                var rest = Substring(word)
                while wordWidth > width {
                    let (head, tail) = rest.splitAtWidth(width)
                    lines.append(String(head))
                    rest = tail
                    wordWidth = rest.terminalWidth
                }
                line = String(rest); lineWidth = wordWidth
            }
            lines.append(line)
        }
        return lines
    }
}

extension String {
    /// Wrapped as `wrapped(toWidth:)`, the lines after the first indented by `indent` columns (a
    /// list item whose continuation stands under its text).
    public func wrapped(toWidth width: Int, hangingIndent indent: Int) -> [String] {
        let lines = wrapped(toWidth: width)
        guard lines.count > 1, width > indent + 1 else { return lines }
        let words = split(separator: " ", omittingEmptySubsequences: true)
        let firstWords = lines[0].split(separator: " ", omittingEmptySubsequences: true).count
        let pad = String(repeating: " ", count: indent)
        return [lines[0]] + words.dropFirst(firstWords).joined(separator: " ").wrapped(toWidth: width - indent).map { pad + $0 }
    }
}

extension String {
    /// `split(separator:)` at an ASCII separator. Text whose scalars never combine (most screen
    /// text) is split at the separator's bytes, without breaking it into grapheme clusters; other
    /// text as `split` does (a space with a combining mark on it is no separator).
    func pieces(splitAt separator: Character, omittingEmpty: Bool) -> [Substring] {
        guard let byte = separator.asciiValue,
              unicodeScalars.allSatisfy({ $0.value == UInt32(byte) || TextWidth.simpleWidth($0.value) != nil }) else {
            return split(separator: separator, omittingEmptySubsequences: omittingEmpty)
        }
        return utf8.split(separator: byte, omittingEmptySubsequences: omittingEmpty).map { self[$0.startIndex..<$0.endIndex] }
    }
}

public enum TextAlignment: Sendable, Hashable { case leading, center, trailing }

extension Substring {
    /// The longest prefix that fits `width` columns (at least one character, so wrapping progresses).
    func splitAtWidth(_ width: Int) -> (Substring, Substring) {
        var used = 0, end = startIndex
        while end < endIndex {
            let w = TextWidth.of(self[end])
            if used + w > width && end > startIndex { break }
            used += w
            end = index(after: end)
        }
        return (self[startIndex..<end], self[end...])
    }
}
