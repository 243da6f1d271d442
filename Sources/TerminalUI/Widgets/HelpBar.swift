/// The bottom line: the keys of the current state (`barKeys barLabel`). When they do not all fit,
/// the unpinned ones are cut and marked `…`, and the pinned ones (help, quit) keep their place at
/// the end, so a newcomer can always find them.
public struct HelpBar<Command: Hashable & Sendable>: Widget {
    public var keymap: Keymap<Command>

    public init(keymap: Keymap<Command>) { self.keymap = keymap }

    public func render(into frame: inout Frame, area: Rect) {
        let line = area.row(0)
        guard !line.isEmpty else { return }
        frame.fill(line, style: .hint)
        let entries = keymap.bindings.compactMap { b in
            b.barLabel.map { Entry(keys: b.barKeys, label: $0, pinned: b.pinned, key: b.patterns.first?.key) }
        }
        let pinned = entries.filter { $0.pinned }
        let pinnedWidth = pinned.reduce(0) { $0 + $1.width + 2 }
        let all = entries.reduce(0) { $0 + $1.width + 2 }
        var x = line.x + 1
        if x + all - 2 <= line.maxX {
            for entry in entries { x = put(entry, &frame, x, line) }
            return
        }
        // Room for the marker and its gap, then the pinned entries (the last needs no gap).
        let limit = line.maxX - pinnedWidth - 3
        for entry in entries where !entry.pinned {
            if x + entry.width > limit { break }
            x = put(entry, &frame, x, line)
        }
        x = frame.put("…", x: x, y: line.y, style: .hint, clip: line) + 2
        for entry in pinned { x = put(entry, &frame, x, line) }
    }

    private struct Entry {
        let keys: String
        let label: String
        let pinned: Bool
        /// What a click on the entry presses.
        let key: Key?
        var width: Int { keys.terminalWidth + 1 + label.terminalWidth }
    }

    private func put(_ entry: Entry, _ frame: inout Frame, _ x: Int, _ line: Rect) -> Int {
        let start = x
        let x = frame.put(entry.keys, x: x, y: line.y, style: .key, clip: line)
        let end = frame.put(" " + entry.label, x: x, y: line.y, style: .hint, clip: line)
        if let key = entry.key { frame.onClick(Rect(x: start, y: line.y, width: end - start, height: 1).intersection(line), keys: [key]) }
        return end + 2
    }
}
