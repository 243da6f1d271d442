/// The `?` overlay: every binding of the keymap, by group, in one or two columns, as wide as the
/// terminal allows; a help text longer than its column wraps under itself.
public struct HelpOverlay<Command: Hashable & Sendable>: Widget {
    public var keymap: Keymap<Command>
    public var title: String

    public init(keymap: Keymap<Command>, title: String = "Keys — ? or Esc to close") {
        self.keymap = keymap
        self.title = title
    }

    private typealias Line = (keys: String, help: String, isHeading: Bool)

    private func blocks(keysWidth: Int, helpWidth: Int) -> [[Line]] {
        keymap.groups.map { group in
            [(group, "", true)] + keymap.bindings(in: group).flatMap { b -> [Line] in
                b.help.wrapped(toWidth: max(1, helpWidth)).enumerated().map { i, text in (i == 0 ? b.keysLabel : "", text, false) }
            }
        }
    }

    private static func height(_ blocks: [[Line]]) -> Int { blocks.reduce(0) { $0 + $1.count + 1 } - 1 }

    public func render(into frame: inout Frame, area: Rect) {
        frame.coverClicks(area)
        let keysWidth = min(16, keymap.bindings.map(\.keysLabel.terminalWidth).max() ?? 0)
        let longestHelp = keymap.bindings.map(\.help.terminalWidth).max() ?? 0
        // A column: a space, the keys, a gap of two, the help; the box: borders and a space each side.
        let overhead = keysWidth + 3
        let oneWidth = min(area.width, overhead + longestHelp + 4)
        var columns = [blocks(keysWidth: keysWidth, helpWidth: oneWidth - 4 - overhead)]
        var width = oneWidth
        if Self.height(columns[0]) + 2 > area.height {
            // Two columns of equal width, each as wide as its longest help needs.
            let columnWidth = min((area.width - 4 - 3) / 2, overhead + longestHelp)
            columns = Self.balance(blocks(keysWidth: keysWidth, helpWidth: columnWidth - overhead))
            width = min(area.width, 2 * columnWidth + 3 + 4)
        }
        let rows = columns.map(Self.height).max() ?? 0
        let inside = frame.panel(area.centered(width: width, height: rows + 2), title: title)
        let parts = inside.inset(left: 1, right: 1).splitColumns(Array(repeating: .fill(), count: columns.count), gap: 3)
        for (column, part) in zip(columns, parts) {
            var y = part.y
            for block in column {
                for line in block where y < part.maxY {
                    if line.isHeading {
                        frame.put(line.keys, x: part.x, y: y, style: .title, clip: part)
                    } else {
                        frame.put(line.keys.truncated(toWidth: keysWidth), x: part.x + 1, y: y, style: .key, clip: part)
                        frame.put(line.help, x: part.x + overhead, y: y, style: .normal, clip: part)
                    }
                    y += 1
                }
                y += 1
            }
            if Self.height(column) > part.height { frame.put("↓", x: part.maxX - 1, y: part.maxY - 1, style: .hint) }
        }
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
