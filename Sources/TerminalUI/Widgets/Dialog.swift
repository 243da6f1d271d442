/// A modal question centred over the screen: a title, a wrapped body and a row of buttons, the
/// selected one shown as a selection bar.
public struct Dialog: Widget {
    public var title: String
    public var body: String
    public var buttons: [String]
    public var selectedButton: Int
    /// `.error` for destructive confirmations (remove the account), `.border` otherwise.
    public var style: Style
    public var maxWidth: Int
    /// The key each button stands for, for clicks (Enter, Esc).
    public var buttonKeys: [Key] = []

    public init(title: String, body: String, buttons: [String], selectedButton: Int = 0, style: Style = .border, maxWidth: Int = 60) {
        self.title = title
        self.body = body
        self.buttons = buttons
        self.selectedButton = selectedButton
        self.style = style
        self.maxWidth = maxWidth
    }

    private var buttonLabels: [String] { buttons.map { "[ \($0) ]" } }

    /// The box the dialog takes inside `area`.
    public func box(in area: Rect) -> Rect {
        let buttonsWidth = buttonLabels.reduce(0) { $0 + $1.terminalWidth } + 2 * max(0, buttons.count - 1)
        let longest = body.split(separator: "\n").map(\.terminalWidth).max() ?? 0
        let width = min(area.width, maxWidth, max(buttonsWidth, longest, title.terminalWidth + 4) + 4)
        let lines = body.wrapped(toWidth: max(1, width - 4))
        return area.centered(width: width, height: lines.count + 5)
    }

    public func render(into frame: inout Frame, area: Rect) {
        let box = box(in: area)
        guard box.width >= 6, box.height >= 4 else { return }
        frame.coverClicks(area)
        let inside = frame.panel(box, title: title, style: style).inset(left: 1, right: 1)
        for (i, text) in body.wrapped(toWidth: inside.width).enumerated() where i < inside.height - 2 {
            frame.put(text, x: inside.x, y: inside.y + 1 + i, clip: inside)
        }
        let labels = buttonLabels
        let total = labels.reduce(0) { $0 + $1.terminalWidth } + 2 * max(0, labels.count - 1)
        var x = inside.x + max(0, (inside.width - total) / 2)
        let y = inside.maxY - 1
        for (i, label) in labels.enumerated() {
            let start = x
            x = frame.put(label, x: x, y: y, style: i == selectedButton ? .selected : .key, clip: inside) + 2
            if buttonKeys.indices.contains(i) { frame.onClick(Rect(x: start, y: y, width: x - 2 - start, height: 1), keys: [buttonKeys[i]]) }
        }
    }
}
