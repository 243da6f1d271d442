/// The `?` overlay: every binding of the keymap, by group, in one or two columns, as wide as the
/// terminal allows; a help text longer than its column wraps under itself. Taller than the screen,
/// it scrolls: `offset` is the first row shown (clamped), ↑ and ↓ mark what is above and below.
public struct HelpOverlay<Command: Hashable & Sendable>: Widget {
    public var keymap: Keymap<Command>
    public var title: String
    public var offset: Int

    public init(keymap: Keymap<Command>, title: String = "Keys — ? or Esc to close", offset: Int = 0) {
        self.keymap = keymap
        self.title = title
        self.offset = offset
    }

    private typealias Line = (keys: String, help: String, isHeading: Bool)

    private func blocks(helpWidth: Int) -> [[Line]] {
        keymap.groups.map { group in
            [(group, "", true)] + keymap.bindings(in: group).flatMap { b -> [Line] in
                b.help.wrapped(toWidth: max(1, helpWidth)).enumerated().map { i, text in (i == 0 ? b.keysLabel : "", text, false) }
            }
        }
    }

    /// A column's rows, a blank one between groups.
    private static func rows(_ blocks: [[Line]]) -> [Line?] {
        blocks.enumerated().flatMap { i, block in (i == 0 ? [] : [nil]) + block.map(Optional.some) }
    }

    private var keysWidth: Int { min(16, keymap.bindings.map(\.keysLabel.terminalWidth).max() ?? 0) }

    /// The box's width and its columns' rows in `area`.
    private func layout(in area: Rect) -> (width: Int, columns: [[Line?]]) {
        let longestHelp = keymap.bindings.map(\.help.terminalWidth).max() ?? 0
        // A column: a space, the keys, a gap of two, the help; the box: borders and a space each side.
        let overhead = keysWidth + 3
        let oneWidth = min(area.width, overhead + longestHelp + 4)
        let one = Self.rows(blocks(helpWidth: oneWidth - 4 - overhead))
        guard one.count + 2 > area.height else { return (oneWidth, [one]) }
        // Two columns of equal width, each as wide as its longest help needs.
        let columnWidth = min((area.width - 4 - 3) / 2, overhead + longestHelp)
        let two = Self.balance(blocks(helpWidth: columnWidth - overhead)).map(Self.rows)
        return (min(area.width, 2 * columnWidth + 3 + 4), two)
    }

    /// The largest useful `offset` in `area`: 0 when everything fits.
    public func maxOffset(in area: Rect) -> Int {
        let rows = layout(in: area).columns.map(\.count).max() ?? 0
        return max(0, rows - (area.height - 2))
    }

    public func render(into frame: inout Frame, area: Rect) {
        frame.coverClicks(area)
        let (width, columns) = layout(in: area)
        let rows = columns.map(\.count).max() ?? 0
        let top = min(max(0, offset), maxOffset(in: area))
        let inside = frame.panel(area.centered(width: width, height: min(area.height, rows + 2)), title: title)
        let parts = inside.inset(left: 1, right: 1).splitColumns(Array(repeating: .fill(), count: columns.count), gap: 3)
        for (column, part) in zip(columns, parts) {
            for (y, line) in zip(part.y..<part.maxY, column.dropFirst(top)) {
                guard let line else { continue }
                if line.isHeading {
                    frame.put(line.keys, x: part.x, y: y, style: .title, clip: part)
                } else {
                    frame.put(line.keys.truncated(toWidth: keysWidth), x: part.x + 1, y: y, style: .key, clip: part)
                    frame.put(line.help, x: part.x + keysWidth + 3, y: y, style: .normal, clip: part)
                }
            }
        }
        if let last = parts.last { frame.putScrollMarks(area: last, top: top, count: rows) }
    }

    /// Splits groups into two columns of about equal height, keeping each group whole.
    private static func balance(_ blocks: [[Line]]) -> [[[Line]]] {
        let total = blocks.reduce(0) { $0 + $1.count + 1 }
        var left: [[Line]] = [], used = 0
        var rest = blocks[...]
        while let next = rest.first, used + next.count + 1 <= (total + 1) / 2 || left.isEmpty {
            left.append(next)
            used += next.count + 1
            rest = rest.dropFirst()
        }
        return [left, Array(rest)]
    }
}
