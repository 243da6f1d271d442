/// The bottom line: the keys of the current state (`barKeys barLabel`). When they do not all fit,
/// the unpinned ones are cut and marked `…`, and the pinned ones (help, quit) keep their place at
/// the end, so a newcomer can always find them.
///
/// Inlinable: drawn on every frame, it is specialized for the app's command type where it is
/// drawn (generic, each binding was read through its type's metadata).
public struct HelpBar<Command: Hashable & Sendable>: Widget {
    public var keymap: Keymap<Command>

    @inlinable
    public init(keymap: Keymap<Command>) { self.keymap = keymap }

    @inlinable
    public func render(into frame: inout Frame, area: Rect) {
        let line = area.row(0)
        guard !line.isEmpty else { return }
        frame.fill(line, style: .hint)
        var entries: [HelpBarEntry] = []
        var pinnedWidth = 0, all = 0
        for b in keymap.bindings {
            guard let label = b.barLabel else { continue }
            let entry = HelpBarEntry(keys: b.barKeys, label: label, pinned: b.pinned, key: b.patterns.first?.key)
            entries.append(entry)
            all += entry.width + 2
            if entry.pinned { pinnedWidth += entry.width + 2 }
        }
        var x = line.x + 1
        if x + all - 2 <= line.maxX {
            for entry in entries { x = entry.put(&frame, x, line) }
            return
        }
        // Room for the marker and its gap, then the pinned entries (the last needs no gap).
        let limit = line.maxX - pinnedWidth - 3
        for entry in entries where !entry.pinned {
            if x + entry.width > limit { break }
            x = entry.put(&frame, x, line)
        }
        x = frame.put("…", x: x, y: line.y, style: .hint, clip: line) + 2
        for entry in entries where entry.pinned { x = entry.put(&frame, x, line) }
    }
}

/// One entry of the help bar: keys, then what they do.
@usableFromInline
struct HelpBarEntry {
    let keys: String
    let label: String
    @usableFromInline let pinned: Bool
    /// What a click on the entry presses.
    let key: Key?
    @usableFromInline let width: Int

    @usableFromInline
    init(keys: String, label: String, pinned: Bool, key: Key?) {
        self.keys = keys
        self.label = label
        self.pinned = pinned
        self.key = key
        width = keys.terminalWidth + 1 + label.terminalWidth
    }

    /// Draws the entry from `x`; returns where the next one starts.
    @usableFromInline
    func put(_ frame: inout Frame, _ x: Int, _ line: Rect) -> Int {
        let start = x
        let x = frame.put(keys, x: x, y: line.y, style: .key, clip: line)
        let end = frame.put(" " + label, x: x, y: line.y, style: .hint, clip: line)
        if let key { frame.onClick(Rect(x: start, y: line.y, width: end - start, height: 1).intersection(line), keys: [key]) }
        return end + 2
    }
}
