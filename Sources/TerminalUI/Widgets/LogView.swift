/// One line of the API log.
public struct LogEntry: Hashable, Sendable {
    /// Simulated time, as the screen wants it shown ("09:00:12").
    public var time: String
    /// What was called ("GET pims.authentication.trustedphonenumber").
    public var summary: String
    /// The outcome ("200", "PIMS-4012").
    public var status: String
    /// `.success`, `.error`, … for the status.
    public var style: Style
    /// Request and response, already pretty-printed by the caller (PIMS's `JSONText.pretty`).
    public var detail: String

    public init(time: String, summary: String, status: String, style: Style = .normal, detail: String = "") {
        self.time = time
        self.summary = summary
        self.status = status
        self.style = style
        self.detail = detail
    }
}

/// The API log: a scrolling list of calls, and under it, when open, the selected call's detail.
public struct LogView: Widget {
    public var entries: [LogEntry]
    public var selected: Int?
    public var offset: Int
    public var showsDetail: Bool
    public var detailOffset: Int

    public init(entries: [LogEntry], selected: Int? = nil, offset: Int = 0, showsDetail: Bool = false, detailOffset: Int = 0) {
        self.entries = entries
        self.selected = selected
        self.offset = offset
        self.showsDetail = showsDetail
        self.detailOffset = detailOffset
    }

    public func render(into frame: inout Frame, area: Rect) {
        let detail = showsDetail ? selected.flatMap { entries.indices.contains($0) ? entries[$0].detail : nil } : nil
        let parts = detail == nil ? [area] : area.splitRows([.fill(1), .fixed(1), .fill(2)])
        let items = entries.map { entry in
            MenuItem(entry.time + "  " + entry.summary, detail: entry.status, marker: entry.style == .error ? "✗" : "✓", style: entry.style == .error ? .error : .normal)
        }
        frame.render(Menu(items: items, selected: selected, offset: offset), in: parts[0])
        if let detail {
            frame.put(String(repeating: "─", count: parts[1].width), x: parts[1].x, y: parts[1].y, style: .border, clip: parts[1])
            frame.render(ScrollText(text: detail, offset: detailOffset, highlightsJSON: true), in: parts[2])
        }
    }
}

/// Text too long for its area, scrolled by `offset` lines; optionally with JSON keys picked out.
public struct ScrollText: Widget {
    public var text: String
    public var offset: Int
    public var highlightsJSON: Bool

    public init(text: String, offset: Int = 0, highlightsJSON: Bool = false) {
        self.text = text
        self.offset = offset
        self.highlightsJSON = highlightsJSON
    }

    public func render(into frame: inout Frame, area: Rect) {
        guard !area.isEmpty else { return }
        let lines = Self.wrap(text.split(separator: "\n", omittingEmptySubsequences: false), width: area.width - 1)
        let top = scrollOffset(selected: nil, offset: offset, visibleRows: area.height, count: lines.count)
        for row in 0..<min(area.height, lines.count - top) {
            let line = lines[top + row]
            let y = area.y + row
            let textArea = area.row(row).inset(right: 1)
            if highlightsJSON, let keyEnd = Self.jsonKeyEnd(line) {
                let x = frame.put(line[..<keyEnd], x: area.x, y: y, style: .key, clip: textArea)
                frame.put(line[keyEnd...], x: x, y: y, style: .code, clip: textArea)
            } else {
                frame.put(line, x: area.x, y: y, style: .code, clip: textArea)
            }
        }
        frame.putScrollMarks(area: area, top: top, count: lines.count)
    }

    /// Lines longer than `width` go on under their own indentation, two columns in (JSON reads
    /// as JSON, nothing is cut off at the edge).
    static func wrap(_ lines: [Substring], width: Int) -> [Substring] {
        guard width > 4 else { return lines }
        var out: [Substring] = []
        for line in lines {
            guard line.terminalWidth > width else {
                out.append(line)
                continue
            }
            let indent = String(repeating: " ", count: min(width / 2, line.prefix { $0 == " " }.count + 2))
            var (head, rest) = line.splitAtWidth(width)
            out.append(head)
            while !rest.isEmpty {
                (head, rest) = rest.splitAtWidth(width - indent.count)
                out.append(Substring(indent + head))
            }
        }
        return out
    }

    /// The end of a `"key"` that opens a pretty-printed JSON line, if the line has one.
    static func jsonKeyEnd(_ line: Substring) -> Substring.Index? {
        guard let open = line.firstIndex(where: { $0 != " " }), line[open] == "\"" else { return nil }
        var i = line.index(after: open), escaped = false
        while i < line.endIndex {
            let c = line[i]
            if c == "\"" && !escaped {
                let end = line.index(after: i)
                return end < line.endIndex && line[end] == ":" ? end : nil
            }
            escaped = c == "\\" && !escaped
            i = line.index(after: i)
        }
        return nil
    }
}
