import Foundation
import Testing
@testable import TerminalUI

/// What a click stands for (keys), what the clipboard receives (OSC 52 bytes), JSON that wraps
/// instead of being cut, and the frame's record of words cut at an edge.
@Suite struct ClicksAndClipboardTests {
    @Test func osc52IsBase64OfTheUTF8Bytes() {
        #expect(OSC52.sequence("hi") == "\u{1B}]52;c;aGk=\u{07}")
        for text in ["", "a", "ab", "abc", "{\n  \"name\" : \"pims.authentication.smscode\"\n}", "é ☎ ✓"] {
            let expected = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
            #expect(OSC52.sequence(text) == expected)
        }
    }

    @Test func theMemoryDriverRecordsTheBytesATerminalWouldGet() {
        let driver = MemoryDriver()
        driver.copyToClipboard("{}")
        #expect(driver.clipboardWrites == ["\u{1B}]52;c;e30=\u{07}"])
    }

    @Test func aClickOnAMenuRowIsTheArrowsToItAndEnterWhereItOpens() {
        var frame = Frame(size: Size(width: 30, height: 6))
        var menu = Menu(items: (1...4).map { MenuItem("item \($0)") }, selected: 1)
        menu.clickOpens = true
        frame.render(menu, in: Rect(x: 0, y: 1, width: 30, height: 4))
        #expect(frame.keys(forClickAt: Point(x: 5, y: 4)) == [.down, .down, .enter])
        #expect(frame.keys(forClickAt: Point(x: 5, y: 1)) == [.up, .enter])
        #expect(frame.keys(forClickAt: Point(x: 5, y: 2)) == [.enter])
        #expect(frame.keys(forClickAt: Point(x: 5, y: 0)) == nil)
    }

    @Test func aHelpBarEntryIsItsKeyAndADialogCoversWhatIsUnder() {
        var frame = Frame(size: Size(width: 60, height: 12))
        let keymap = Keymap<Int>([Binding(.char("?"), command: 1, help: "Help", group: "App", bar: "help")])
        frame.render(HelpBar(keymap: keymap), in: Rect(x: 0, y: 11, width: 60, height: 1))
        #expect(frame.keys(forClickAt: Point(x: 2, y: 11)) == [.char("?")])
        frame.onClick(Rect(x: 0, y: 0, width: 60, height: 11), keys: [.enter])
        var dialog = Dialog(title: "Quit?", body: "Quit anyway?", buttons: ["Quit", "Stay"])
        dialog.buttonKeys = [.enter, .escape]
        frame.render(dialog, in: Rect(x: 0, y: 0, width: 60, height: 11))
        let box = dialog.box(in: Rect(x: 0, y: 0, width: 60, height: 11))
        let row = (0..<60).map { frame[$0, box.maxY - 2].glyph }
        let stay = try! #require(String(row).range(of: "[ Stay ]"))
        let x = String(row).distance(from: String(row).startIndex, to: stay.lowerBound)
        #expect(frame.keys(forClickAt: Point(x: x + 2, y: box.maxY - 2)) == [.escape])
        #expect(frame.keys(forClickAt: Point(x: box.x + 1, y: box.y + 1)) == nil, "what the dialog covers takes no click")
    }

    @Test func longJSONLinesWrapUnderTheirIndentation() {
        var frame = Frame(size: Size(width: 24, height: 6))
        let json = "{\n  \"message\" : \"the code expired three minutes ago\"\n}"
        frame.render(ScrollText(text: json, highlightsJSON: true), in: Rect(x: 0, y: 0, width: 24, height: 6))
        #expect(frame.wordCuts.isEmpty)
        let text = frame.textSnapshot
        #expect(text.replacingOccurrences(of: "\n    ", with: "").contains("\"message\" : \"the code expired three minutes ago\""), "\(text)")
    }

    @Test func aWordCutAtTheClipIsRecordedAndOneThatFitsIsNot() {
        var frame = Frame(size: Size(width: 20, height: 2))
        frame.put("a sentence cut here", x: 0, y: 0, clip: Rect(x: 0, y: 0, width: 12, height: 1))
        #expect(frame.wordCuts.map(\.at) == [Point(x: 12, y: 0)])
        frame.put("cut at a space", x: 0, y: 1, clip: Rect(x: 0, y: 1, width: 6, height: 1))
        frame.put("[field text scrolled]", x: 0, y: 1, clip: Rect(x: 0, y: 1, width: 8, height: 1), mayCut: true)
        #expect(frame.wordCuts.count == 1)
    }
}
