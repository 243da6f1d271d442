import Testing
@testable import TerminalUI

/// The text field with far more text than its box: what it shows, where the caret is, and what it
/// costs. A render used to measure the rest of the text once per character scrolled out of view,
/// so a pasted 10 KB took about 50 million measurements per frame.
@Suite struct TextFieldTests {
    /// "Name " then "[": the box starts at column 6 and, before "]" in column 39, holds 33.
    let area = Rect(x: 0, y: 0, width: 40, height: 1)
    let box = 6
    let room = 33

    static func digits(_ count: Int) -> String {
        String((0..<count).map { Character(String($0 % 10)) })
    }

    /// Renders with a width function that counts its calls.
    func measurements(_ field: TextField) -> (Frame, Int) {
        var frame = Frame(size: Size(width: 40, height: 1))
        var count = 0
        field.render(into: &frame, area: area) { c in
            count += 1
            return TextWidth.of(c)
        }
        return (frame, count)
    }

    @Test(arguments: [10_000, 20_000])
    func aLongTextCostsTheBoxNotTheText(length: Int) {
        let text = Self.digits(length)
        let (_, atEnd) = measurements(TextField(label: "Name", text: text, isFocused: true))
        let (_, atStart) = measurements(TextField(label: "Name", text: text, cursor: 0, isFocused: true))
        let (_, inMiddle) = measurements(TextField(label: "Name", text: text, cursor: length / 2, isFocused: true))
        // The box's width and one more (the character that would cross its edge), whatever the length.
        for count in [atEnd, atStart, inMiddle] { #expect(count <= room + 1, "\(count) measurements for \(length) characters") }
    }

    @Test func aLongTextShowsItsTailWithTheCaretAfterIt() {
        let (frame, _) = measurements(TextField(label: "Name", text: Self.digits(10_000), isFocused: true))
        // The last 32 digits, and the caret's own column free before "]".
        let tail = String(Self.digits(10_000).suffix(room - 1))
        #expect(frame.line(0) == "Name [" + tail + " ]")
        #expect(frame.cursor == Point(x: box + room - 1, y: 0))
    }

    @Test func aCaretAtTheStartShowsTheHead() {
        let (frame, _) = measurements(TextField(label: "Name", text: Self.digits(10_000), cursor: 0, isFocused: true))
        #expect(frame.line(0) == "Name [" + Self.digits(room) + "]")
        #expect(frame.cursor == Point(x: box, y: 0))
    }

    @Test func wideCharactersScrollWholeAndKeepTheCaretBesideThem() {
        // 20 ideographs are 40 columns: 16 fit before the caret (32 columns), a 17th would take
        // the caret's column.
        let text = String(repeating: "漢", count: 20)
        let (frame, _) = measurements(TextField(label: "Name", text: text, isFocused: true))
        #expect(frame.line(0) == "Name [" + String(repeating: "漢", count: 16) + " ]")
        #expect(frame.cursor == Point(x: box + 32, y: 0))
    }

    @Test func aShortTextIsShownWhole() {
        let (frame, _) = measurements(TextField(label: "Name", text: "alice", cursor: 2, isFocused: true))
        #expect(frame.line(0) == "Name [alice" + String(repeating: " ", count: room - 5) + "]")
        #expect(frame.cursor == Point(x: box + 2, y: 0))
    }
}
