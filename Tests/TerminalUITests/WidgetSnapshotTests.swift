import FrameSnapshotTesting
import SnapshotTesting
import Testing
import TerminalUI

/// Every widget at 80×24, as text and as a style grid; the showcase also in monochrome.
@Suite struct WidgetSnapshotTests {
    let size = Size.minimum

    @Test func showcase() {
        let frame = Showcase.frame(size: size, lastEvent: "key j")
        assertFrameSnapshot(frame, named: "80x24")
        assertSnapshot(of: frame, as: .frameAttributes(.monochrome), named: "80x24.monochrome")
    }

    @Test func showcaseLarge() {
        assertFrameSnapshot(Showcase.frame(size: Size(width: 120, height: 40)), named: "120x40")
    }

    @Test func terminalTooSmall() {
        assertFrameSnapshot(Showcase.frame(size: Size(width: 60, height: 20)), named: "60x20")
    }

    @Test func helpOverlay() {
        assertFrameSnapshot(Showcase.frame(size: size, showsHelp: true), named: "80x24")
    }

    @Test func dialog() {
        assertFrameSnapshot(Showcase.frame(size: size, showsDialog: true), named: "80x24")
    }

    @Test func menuScrollsToTheSelection() {
        var frame = Frame(size: size)
        let items = (1...30).map { MenuItem("Item \($0)", detail: $0 % 3 == 0 ? "done" : nil, marker: $0 % 3 == 0 ? "✓" : "·", style: $0 % 3 == 0 ? .done : .pending, isEnabled: $0 != 17) }
        let columns = frame.bounds.splitColumns([.fill(), .fill(), .fill()], gap: 1)
        frame.render(Menu(items: items, selected: 0), in: frame.panel(columns[0].union(height: 10), title: "Top"))
        frame.render(Menu(items: items, selected: 18, offset: 0), in: frame.panel(columns[1].union(height: 10), title: "Scrolled"))
        frame.render(Menu(items: items, selected: 29, offset: 0, isFocused: false), in: frame.panel(columns[2].union(height: 10), title: "Unfocused"))
        assertFrameSnapshot(frame, named: "80x24")
    }

    @Test func fields() {
        var frame = Frame(size: size)
        let rows = frame.bounds.inset(by: 1).splitRows([.fixed(2), .fixed(2), .fixed(2), .fixed(2), .fixed(1), .fixed(1), .fixed(2), .fixed(2), .fill()])
        frame.render(TextField(label: "Phone", text: "", placeholder: "06 12 34 56 78", isFocused: true), in: rows[0])
        frame.render(TextField(label: "Phone", text: "06123", isFocused: false, message: "Use 10 digits, starting with 06."), in: rows[1])
        frame.render(TextField(label: "Name ", text: "A very long device name that does not fit in the box at all, 漢字 included", isFocused: true), in: rows[2].inset(right: 30))
        frame.render(TextField(label: "VIN  ", text: "VF1ABC", cursor: 2, isFocused: true), in: rows[3])
        frame.render(PINField(digits: "123", isFocused: true), in: rows[4])
        frame.render(PINField(digits: "123", isRevealed: true), in: rows[5])
        frame.render(CodeField(label: "SMS", value: "48", length: 6, isFocused: true, message: "Code expired 12 s ago: press r to resend."), in: rows[6])
        frame.render(CodeField(label: "SMS", value: "482913", length: 6), in: rows[7])
        assertFrameSnapshot(frame, named: "80x24")
        // Only the last focused field places the cursor.
        #expect(frame.cursor == Point(x: 10, y: 7))
    }

    @Test func banners() {
        var frame = Frame(size: size)
        var y = 0
        for banner in [
            Banner(.error, title: "PIMS-4031 SMS code expired", message: "The code lives 5 minutes in simulated time.", nextStep: "Press r to send a new code."),
            Banner(.warning, title: "Phone number already registered", nextStep: "Continue with the full enrollment."),
            Banner(.info, title: "Pacing: step — press Enter to send each call"),
            Banner(.success, title: "Device enrolled", message: "Car key available."),
        ] {
            let h = banner.height(forWidth: size.width)
            frame.render(banner, in: Rect(x: 0, y: y, width: size.width, height: h))
            y += h + 1
        }
        assertFrameSnapshot(frame, named: "80x24")
    }

    @Test func logWithDetail() {
        var frame = Frame(size: size)
        let entries = (0..<12).map { i in
            LogEntry(time: String(format: "09:00:%02d", i), summary: i % 4 == 3 ? "POST pin/verify" : "GET trustedphonenumber", status: i % 4 == 3 ? "PIMS-4012" : "200",
                     style: i % 4 == 3 ? .error : .success, detail: "{\n  \"call\": \(i),\n  \"ok\": \(i % 4 != 3),\n  \"note\": \"a \\\"quoted\\\": value\"\n}")
        }
        let halves = frame.bounds.splitColumns([.fill(), .fill()], gap: 1)
        frame.render(LogView(entries: entries, selected: 7, showsDetail: true), in: frame.panel(halves[0], title: "API log"))
        frame.render(LogView(entries: entries, selected: 11, offset: 0), in: frame.panel(halves[1].union(height: 8), title: "Closed"))
        assertFrameSnapshot(frame, named: "80x24")
    }

    @Test func helpBarCutsTheRestButKeepsHelpAndQuit() {
        var frame = Frame(size: Size(width: 80, height: 3))
        frame.render(HelpBar(keymap: .standard), in: frame.bounds.row(0))
        frame.render(HelpBar(keymap: .standard), in: frame.bounds.row(1).inset(right: 40))
        frame.render(HelpBar(keymap: .standard), in: frame.bounds.row(2).inset(right: 55))
        #expect(frame.textSnapshot == [
            " ↑↓ move  Tab next  Enter select  Esc back  ? help  q quit",
            " ↑↓ move  Tab next  …  ? help  q quit",
            " …  ? help  q quit",
        ].joined(separator: "\n"))
    }
}

extension Rect {
    /// The same rectangle, `height` rows tall.
    fileprivate func union(height: Int) -> Rect { Rect(x: x, y: y, width: width, height: height) }
}
