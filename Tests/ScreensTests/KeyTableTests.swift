import Enrollment
import Foundation
import Screens
import Testing
import TerminalUI

/// The key table of docs/tui.md is generated from the app's keymap in representative states; this
/// test fails, printing the fresh table, when the page falls behind the keymap.
@Suite("Key table", .serialized)
struct KeyTableTests {
    static func states() async throws -> [(String, AppState)] {
        var out: [(String, AppState)] = []
        let fresh = try await ScreenHarness.start("fresh", login: false)
        out.append(("Session", await fresh.state))
        try await fresh.press(.enter)
        out.append(("Home", await fresh.state))
        try await fresh.press(.enter)
        out.append(("Guided: no phone", await fresh.state))
        try await fresh.press(.char("s"))
        try await fresh.type("0612345678")
        try await fresh.press(.enter)
        out.append(("Guided: code and PIN", await fresh.state))
        let enrolled = try await ScreenHarness.start("enrolled")
        try await enrolled.press(.down, .enter)
        out.append(("Account management", await enrolled.state))
        try await enrolled.press(.escape, .down, .enter, .enter)
        out.append(("Steps checklist", await enrolled.state))
        try await enrolled.press(.escape, .escape, .down, .enter, .enter)
        out.append(("Car key", await enrolled.state))
        let remote = try await ScreenHarness.start("remote-ready")
        try await remote.press(.down, .down, .down, .down, .down, .down, .down, .down, .enter, .enter)
        out.append(("Vehicle", await remote.state))
        try await remote.press(.char("d"))
        out.append(("Vehicle: deferred charge form", await remote.state))
        try await enrolled.press(.escape, .escape, .down, .enter)
        out.append(("Simulator", await enrolled.state))
        try await enrolled.press(.escape, .down, .enter)
        out.append(("API log", await enrolled.state))
        try await enrolled.press(.escape, .down, .enter)
        out.append(("Coverage", await enrolled.state))
        try await enrolled.press(.char(":"))
        out.append(("Command palette", await enrolled.state))
        try await enrolled.press(.escape)
        let futurae = try await FuturaeScreenTests.start("futurae-pin", login: false)
        out.append(("Futurae session", await futurae.state))
        try await futurae.press(.enter, .enter)
        out.append(("Futurae: choose", await futurae.state))
        try await futurae.press(.enter)
        out.append(("Futurae: QR code", await futurae.state))
        try await futurae.press(.char("s"))
        out.append(("Futurae: SDK PIN", await futurae.state))
        try await futurae.type("2468")
        try await futurae.press(.tab)
        try await futurae.type("2468")
        try await futurae.press(.enter)
        out.append(("Futurae: binding token", await futurae.state))
        try await futurae.type("ZZZZ2222")
        try await futurae.press(.enter)
        out.append(("Futurae: failed", await futurae.state))
        // A payload typed instead of scanned, of another kind: futurae.qrCodeType (F1) says so.
        let typed = try await FuturaeScreenTests.start("futurae-fresh")
        try await typed.press(.enter, .enter, .char("t"))
        try await typed.type("futurae://auth?session_id=1")
        try await typed.press(.enter)
        out.append(("Futurae: typed payload", await typed.state))
        // An enroll on a locked SDK (F2.5): the unlock is the way on.
        let locked = try await FuturaeScreenTests.start("futurae-enrolled")
        try await locked.press(.enter, .enter, .char("s"))
        out.append(("Futurae: enroll on a locked SDK", await locked.state))
        try await locked.press(.enter)
        out.append(("Futurae: SDK PIN to enroll", await locked.state))
        let accounts = try await FuturaeScreenTests.start("futurae-enrolled")
        try await accounts.press(.down, .enter)
        out.append(("Futurae accounts", await accounts.state))
        try await accounts.press(.char("b"))
        out.append(("Futurae: biometric prompt", await accounts.state))
        let login = try await FuturaeLoginScreenTests.pushed()
        out.append(("Futurae: back office, a login pushed", await login.state))
        try await login.press(.escape, .function(6))
        out.append(("Futurae: login request", await login.state))
        try await login.press(.char("y"))
        out.append(("Futurae: unlock to answer", await login.state))
        try await login.press(.char("e"))
        out.append(("Futurae: SDK PIN to answer", await login.state))
        try await login.type("1234")
        try await login.press(.enter)
        out.append(("Futurae: login approved", await login.state))
        out.append(("Card session", await (try await CardScreenTests.start(login: false)).state))
        let card = try await CardScreenTests.start()
        try await CardScreenTests.pay(card)
        out.append(("Card: shop, a push arrived", await card.state))
        try await card.press(.function(6))
        out.append(("Card: transaction", await card.state))
        try await card.press(.char("y"))
        out.append(("Card: PIN or biometric", await card.state))
        try await card.press(.char("b"))
        out.append(("Card: biometric prompt", await card.state))
        try await card.press(.char("k"))
        out.append(("Card: PIN", await card.state))
        try await card.type("1234")
        try await card.press(.enter)
        out.append(("Card: display name", await card.state))
        try await card.type("Travel")
        try await card.press(.enter)
        out.append(("Card: approved", await card.state))
        try await card.press(.enter)
        out.append(("Card: notifications", await card.state))
        try await card.press(.escape, .up, .up, .up, .down, .down, .enter)
        out.append(("Display Accounts", await card.state))
        try await card.press(.char("a"))
        out.append(("Display Accounts: activation", await card.state))
        return out
    }

    static func table() async throws -> String {
        var lines = ["| Where | Keys (the `?` overlay explains each) |", "|---|---|"]
        var globals: [Binding<UICommand>] = []
        for (name, state) in try await states() {
            let keymap = AppKeymap.keymap(for: state)
            let keys = keymap.bindings(in: state.palette == nil ? state.route.title : "Commands").map { b in
                "`\(b.patterns.map(\.label).joined(separator: " "))` \(b.barLabel ?? b.help)"
            }
            lines.append("| \(name) | \(keys.joined(separator: " · ")) |")
            for group in ["Fields", "Move", "App"] {
                for b in keymap.bindings(in: group) {
                    // The fullest form of each shared key (k and j are there when no field is focused).
                    if let i = globals.firstIndex(where: { $0.help == b.help }) {
                        if b.patterns.count > globals[i].patterns.count { globals[i] = b }
                    } else {
                        globals.append(b)
                    }
                }
            }
        }
        for b in globals {
            lines.append("| everywhere | `\(b.patterns.map(\.label).joined(separator: "` `"))` \(b.help) |")
        }
        return lines.joined(separator: "\n")
    }

    @Test("The README's session-screen keys are the screen's: y switches the system, n the scenario")
    func theReadmeNamesTheSessionKeys() async throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md").standardized
        let text = try String(contentsOf: readme, encoding: .utf8).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("On the session screen `y` switches the system (PIMS, Futurae, Card) and `n` the scenario"))
        let app = try await ScreenHarness.start("fresh", login: false)
        let commands = await app.state.availableCommands
        #expect(commands.first { $0.key == .char("y") }?.action == .session(.cycle(.system)))
        #expect(commands.first { $0.key == .char("n") }?.action == .session(.cycle(.scenario)))
        #expect(!commands.contains { $0.key == .ctrl("y") }, "no ^Y on the session screen")
    }

    @Test func theTUIGuideHasTheKeymapsTable() async throws {
        let table = try await Self.table()
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/tui.md").standardized
        let text = try String(contentsOf: guide, encoding: .utf8)
        let begin = "<!-- keys:begin -->\n", end = "\n<!-- keys:end -->"
        let section = text.range(of: begin).flatMap { b in text.range(of: end, range: b.upperBound..<text.endIndex).map { text[b.upperBound..<$0.lowerBound] } }
        #expect(section.map(String.init) == table, "docs/tui.md's key table is out of date; it should read:\n\(table)")
    }

    /// The `?` overlay lists each key once, with what it does on that screen: a shared row (Move up,
    /// Choose) leaves out the keys the screen binds itself.
    @Test func everyKeyIsListedOnceWithWhatItDoesHere() async throws {
        for (name, state) in try await Self.states() {
            var help = state
            help.showHelp = true
            for shown in [state, help] {
                let keymap = AppKeymap.keymap(for: shown)
                let keys = keymap.bindings.flatMap(\.patterns)
                let twice = Dictionary(grouping: keys, by: { $0 }).filter { $0.value.count > 1 }.keys.map(\.label)
                #expect(twice.isEmpty, "\(name)\(shown.showHelp ? " with the help open" : ""): listed twice: \(twice)")
                for binding in keymap.bindings {
                    for pattern in binding.patterns {
                        #expect(keymap.binding(for: pattern.key ?? .char("x"))?.help == binding.help || pattern.key == nil,
                                "\(name): \(pattern.label) is listed as \(binding.help) but does something else")
                    }
                }
            }
        }
        let session = try await ScreenHarness.start("fresh", login: false)
        let k = AppKeymap.keymap(for: await session.state).bindings.filter { $0.patterns.contains(.key(.char("k"))) }
        #expect(k.count == 1 && k.first?.help.contains("SDK") == true, "k on the session screen: \(k.map(\.help))")
    }

    @Test func everyStatesKeysAreDistinct() async throws {
        for (name, state) in try await Self.states() {
            let screenKeys = AppKeymap.keymap(for: state).bindings(in: state.palette == nil ? state.route.title : "Commands").flatMap(\.patterns)
            #expect(Set(screenKeys).count == screenKeys.count, "\(name) binds a key twice")
        }
    }
}
