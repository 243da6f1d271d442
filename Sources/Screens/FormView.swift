import Enrollment
import TerminalUI

/// Draws a view-model form: PINs and SMS codes as boxes, other fields as text fields, each with its
/// validation message; returns the rows used.
enum FormView {
    @discardableResult
    static func render(_ form: Form, policy: PINPolicy, focus: FieldFocus, into frame: inout Frame, area: Rect) -> Int {
        var y = area.y
        let labelWidth = (form.fields.map(\.label.terminalWidth).max() ?? 0) + 1
        for (i, field) in form.fields.enumerated() where y < area.maxY {
            let top = y
            defer { clickToEdit(i, of: form, focus: focus, rows: Rect(x: area.x, y: top, width: area.width, height: y - top), into: &frame) }
            let isFocused = focus != .none && i == form.focus
            let caret = focus == .editing
            let label = field.label.padded(toWidth: labelWidth)
            let row = Rect(x: area.x, y: y, width: area.width, height: min(2, area.maxY - y))
            switch field.kind.look {
            case .boxes(let boxes):
                let length = boxes(field.value.count, isFocused && caret, policy)
                var w = CodeField(label: label, value: field.value, length: length, mask: field.masked ? "•" : nil, isFocused: isFocused, message: nil)
                w.showsCaret = caret
                frame.render(w, in: row)
                y += 1
            case .groupsOfFour:
                // Four groups of four: the spaces are drawn, never typed.
                var w = TextField(label: label, text: FieldLook.inGroupsOfFour(field.value), placeholder: "0000 0000 0000 0000",
                                  isFocused: isFocused, message: nil)
                w.showsCaret = caret
                frame.render(w, in: Rect(x: row.x, y: row.y, width: min(row.width, labelWidth + 26), height: row.height))
                y += 1
            case .text(let placeholder):
                var w = TextField(label: label, text: field.display, placeholder: placeholder, isFocused: isFocused, message: nil)
                w.showsCaret = caret
                w.isTextSelected = field.suggested && isFocused && caret
                frame.render(w, in: Rect(x: row.x, y: row.y, width: min(row.width, 64), height: row.height))
                y += 1
            }
            // The field's message under it, wrapped to the form's width: never cut mid-word.
            if let message = field.message { y = frame.paragraph("✗ " + message, at: y, in: area, style: .error, indent: 0) }
        }
        // The form's error repeating a field's message is said once, by the field.
        let repeated = form.fields.contains { f in f.message.map { "\(f.label): \($0)" } == form.error }
        if let error = form.error, !repeated, y < area.maxY {
            y = frame.paragraph("✗ " + error, at: y, in: area, style: .error)
        }
        return y - area.y
    }

    /// A click on a field of the form being used moves the focus there (Tab, as the keyboard does)
    /// and starts editing it (`i`) unless it is being edited already: clicks go through the keymap.
    static func clickToEdit(_ i: Int, of form: Form, focus: FieldFocus, rows: Rect, into frame: inout Frame) {
        guard focus != .none, !form.fields.isEmpty else { return }
        let tabs = [Key](repeating: .tab, count: (i - form.focus + form.fields.count) % form.fields.count)
        frame.onClick(rows, keys: tabs + (focus == .editing ? [] : [.char("i")]))
    }
}
