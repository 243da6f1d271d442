import Enrollment
import TerminalUI

/// Writes a panel's lines from the top, as the phone screens do: a paragraph wrapped to the panel,
/// a name-value row with the name in a column of `nameWidth`; nothing past the panel's last row.
struct PanelWriter {
    let area: Rect
    let nameWidth: Int
    /// The next row written.
    var y: Int

    init(_ area: Rect, nameWidth: Int) {
        self.area = area
        self.nameWidth = nameWidth
        y = area.y
    }

    var hasRoom: Bool { y < area.maxY }

    /// A paragraph, wrapped to the panel's width.
    mutating func line(_ text: String, _ style: Style = .normal, in frame: inout Frame) {
        guard hasRoom else { return }
        y = frame.paragraph(text, at: y, in: area, style: style)
    }

    /// A name (dim, in its column) and its value on one row.
    mutating func row(_ name: String, _ value: String, _ style: Style = .normal, in frame: inout Frame) {
        guard hasRoom else { return }
        let x = frame.put(name.padded(toWidth: nameWidth), x: area.x, y: y, style: .hint, clip: area)
        frame.put(value, x: x, y: y, style: style, clip: area)
        y += 1
    }

    /// A form in the rows left.
    mutating func form(_ form: Form, policy: PINPolicy, focus: FieldFocus, in frame: inout Frame) {
        guard hasRoom else { return }
        y += FormView.render(form, policy: policy, focus: focus, into: &frame, area: Rect(x: area.x, y: y, width: area.width, height: area.maxY - y))
    }

    /// Leaves `rows` blank.
    mutating func skip(_ rows: Int = 1) { y += rows }
}
