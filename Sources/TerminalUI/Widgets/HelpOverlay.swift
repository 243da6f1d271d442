/// The `?` overlay: every binding of the keymap, by group, in one or two columns.
public struct HelpOverlay<Command: Hashable & Sendable>: Widget {
    public var keymap: Keymap<Command>
    public var title: String

    public init(keymap: Keymap<Command>, title: String = "Keys — ? or Esc to close") {
        self.keymap = keymap
        self.title = title
    }

    private typealias Line = (keys: String, help: String, isHeading: Bool)

    private func blocks() -> [[Line]] {
        keymap.groups.map { group in
            [(group, "", true)] + keymap.bindings(in: group).map { ($0.keysLabel, $0.help, false) }
        }
    }

    public func render(into frame: inout Frame, area: Rect) {
        let blocks = blocks()
        let keysWidth = min(16, keymap.bindings.map(\.keysLabel.terminalWidth).max() ?? 0)
        let oneColumn = blocks.reduce(0) { $0 + $1.count + 1 } - 1
        let columns = oneColumn + 2 <= area.height ? [blocks] : Self.balance(blocks)
        let rows = columns.map { $0.reduce(0) { $0 + $1.count + 1 } - 1 }.max() ?? 0
        let width = min(area.width, columns.count == 1 ? 64 : 100)
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
                        let helpX = part.x + keysWidth + 3
                        frame.put(line.help.truncated(toWidth: part.maxX - helpX), x: helpX, y: y, style: .normal, clip: part)
                    }
                    y += 1
                }
                y += 1
            }
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
