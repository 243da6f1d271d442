/// The bottom line: the bindings marked for the bar, as `key label` pairs, dropping from the end
/// what does not fit.
public struct HelpBar<Command: Hashable & Sendable>: Widget {
    public var keymap: Keymap<Command>

    public init(keymap: Keymap<Command>) { self.keymap = keymap }

    public func render(into frame: inout Frame, area: Rect) {
        let line = area.row(0)
        guard !line.isEmpty else { return }
        frame.fill(line, style: .hint)
        var x = line.x + 1
        for binding in keymap.bindings {
            guard let label = binding.barLabel else { continue }
            let needed = binding.barKeys.terminalWidth + 1 + label.terminalWidth
            if x + needed > line.maxX { break }
            x = frame.put(binding.barKeys, x: x, y: line.y, style: .key, clip: line)
            x = frame.put(" " + label, x: x, y: line.y, style: .hint, clip: line) + 2
        }
    }
}
