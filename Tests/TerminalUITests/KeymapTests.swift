import Foundation
import Testing
@testable import TerminalUI

@Suite struct KeymapTests {
    let keymap = Keymap<StandardCommand>.standard

    @Test(arguments: [
        (Key.up, StandardCommand.up), (.char("k"), .up), (.char("j"), .down), (.tab, .nextField), (.backTab, .previousField),
        (.enter, .select), (.escape, .back), (.char("7"), .digit), (.backspace, .erase), (.char("?"), .help),
        (.char("q"), .quit), (.ctrlC, .forceQuit), (.ctrlL, .redraw), (.pageDown, .pageDown), (.home, .top),
    ])
    func dispatch(key: Key, command: StandardCommand) {
        #expect(keymap.command(for: key) == command)
    }

    @Test func unboundKeysDoNothing() {
        #expect(keymap.command(for: .char("x")) == nil)
        #expect(keymap.command(for: .function(5)) == nil)
    }

    @Test func noKeyIsBoundTwice() {
        #expect(keymap.duplicateKeys.isEmpty)
    }

    @Test func everyStandardCommandHasAKey() {
        #expect(Set(keymap.bindings.map(\.command)) == Set(StandardCommand.allCases))
    }

    @Test func earlierBindingsWin() {
        let screen = Keymap([Binding(.char("q"), command: StandardCommand.back, help: "Close", group: "Screen")])
        #expect(screen.followed(by: keymap).command(for: .char("q")) == .back)
        #expect(screen.followed(by: keymap).groups.first == "Screen")
    }

    @Test func markdownTableListsEveryBinding() {
        let table = keymap.markdownTable()
        #expect(table.split(separator: "\n").count == keymap.bindings.count + 2)
        #expect(table.contains("| `↑` `k` | Move up | Move |"))
    }

    @Test func rawScalarsBecomeKeys() {
        #expect(Key(scalar: "\u{03}") == .ctrlC)
        #expect(Key(scalar: "\u{0C}") == .ctrlL)
        #expect(Key(scalar: "\u{1B}") == .escape)
        #expect(Key(scalar: "\u{7F}") == .backspace)
        #expect(Key(scalar: "\r") == .enter)
        #expect(Key(scalar: "é") == .char("é"))
        #expect(Key.typing("1\t\n") == [.char("1"), .tab, .enter])
        #expect(Key.char("5").digit == 5)
        #expect(Key.char("٥").digit == nil)
    }
}

@Suite struct KeyTableDocumentationTests {
    /// docs/terminal-layer.md carries the generated key table; regenerate it when the keymap changes.
    @Test func theTerminalLayerPageShowsTheCurrentKeyTable() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/terminal-layer.md").standardized
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains(Keymap<StandardCommand>.standard.markdownTable()))
    }
}
