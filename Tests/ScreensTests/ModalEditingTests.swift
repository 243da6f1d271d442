import Enrollment
import Screens
import Testing
import TerminalUI

/// Issue 9.1: text entry is modal. On the first screen letters are commands (`?` help, `q` quit);
/// `i` starts editing, Esc ends it, ^U clears; a flow's prompt is edited as soon as it appears;
/// the help bar never drops help, quit or edit at 80 columns.
@Suite("Modal text entry")
struct ModalEditingTests {
    @Test("The first screen: ? opens the help and q quits, nothing is typed")
    func firstScreenLettersAreCommands() async throws {
        let app = try await ScreenHarness.start("fresh", login: false)
        let scenario = await app.state.session.form[.scenario]
        try await app.press(.char("?"))
        #expect(await app.state.showHelp)
        try await app.press(.escape)
        #expect(await !app.state.showHelp)
        try await app.press(.char("q"))
        #expect(await app.state.quitRequested)
        #expect(await app.state.session.form[.scenario] == scenario, "neither ? nor q was typed")
    }

    @Test("The help overlay scrolls at 80×24: ↓, j, PgDn and End reach its last key; ↑ and Home go back; it lists k as the SDK key, not 'Move up'",
          arguments: [Key.down, .char("j"), .pageDown, .end])
    func helpScrolls(_ key: Key) async throws {
        let app = try await ScreenHarness.start("fresh", login: false)
        let size = Size.minimum
        try await app.press(.char("?"))
        var screen = await app.frame(size).textSnapshot
        #expect(screen.contains("k       SDK version"), "k is listed with what it does here")
        #expect(!screen.contains("k       Move up") && !screen.contains("↑ / k"))
        #expect(!screen.contains("Close the help"), "the last row is below the screen at first:\n\(screen)")
        #expect(screen.contains("↓"))
        for _ in 0..<40 { try await app.press(key, size: size) }
        screen = await app.frame(size).textSnapshot
        #expect(screen.contains("Close the help"), "scrolled to the end:\n\(screen)")
        let bottom = await app.state.helpOffset
        try await app.press(.down, size: size)
        #expect(await app.state.helpOffset == bottom, "never past the end")
        try await app.press(.up, size: size)
        #expect(await app.state.helpOffset == bottom - 1, "↑ moves at once after the end")
        try await app.press(.home, size: size)
        #expect(await app.state.helpOffset == 0)
        let state = await app.state
        #expect(state.showHelp && state.route == .start, "scrolling neither closes the help nor moves the screen")
    }

    @Test("i edits the focused field, Esc ends editing and keeps the text, ^U empties it")
    func editingStartsAndEnds() async throws {
        let app = try await ScreenHarness.start("fresh", login: false)
        #expect(await app.state.fieldFocus == .selected)
        try await app.press(.char("i"))
        #expect(await app.state.fieldFocus == .editing)
        try await app.press(.ctrl("u"))
        try await app.type("pin-blocked?q")
        #expect(await app.state.session.form[.scenario] == "pin-blocked?q", "while editing, ? and q are typed")
        #expect(await !app.state.showHelp)
        try await app.press(.escape)
        #expect(await app.state.fieldFocus == .selected)
        #expect(await app.state.session.form[.scenario] == "pin-blocked?q")
        // Not editing again: letters are commands once more.
        try await app.press(.char("?"))
        #expect(await app.state.showHelp)
    }

    @Test("A flow's prompt is edited at once; its first Esc ends editing, the second goes back")
    func promptsAreEditedOnArrival() async throws {
        let app = try await ScreenHarness.start("fresh")
        try await app.press(.enter, .char("s"))
        #expect(await app.state.editingField?.id == .phone)
        try await app.type("06")
        #expect(await app.state.guided.form[.phone] == "06")
        try await app.press(.escape)
        #expect(await app.state.editingField == nil)
        #expect(await app.state.route == .guided)
        try await app.press(.escape)
        #expect(await app.state.route == .home)
    }

    @Test("At 80 columns the help bar keeps edit, help and quit, and marks what it cut")
    func theBarKeepsHelpAndQuit() async throws {
        let app = try await ScreenHarness.start("fresh", login: false)
        let bar = await app.frame(Size(width: 80, height: 24)).textSnapshot.split(separator: "\n").last.map(String.init) ?? ""
        #expect(bar.hasSuffix("…  i edit  ? help  q quit"), "\(bar)")
        try await app.press(.char("i"))
        let editing = await app.frame(Size(width: 80, height: 24)).textSnapshot.split(separator: "\n").last.map(String.init) ?? ""
        #expect(editing.hasSuffix("F1 help  ^Q quit"), "\(editing)")
        #expect(editing.hasPrefix(" Esc done"), "\(editing)")
    }

    @Test("While a field is edited, each system's screens bind every key once (a letter's ^letter is not ^U clear)",
          arguments: ["enrolled", "futurae-enrolled", "card-replacement"])
    func editingKeysAreDistinct(_ scenario: String) async throws {
        let app = try await ScreenHarness.start(scenario)
        let routes: [Route] = [.start, .simulator, .log, .guided, .account, .steps, .carKey, .vehicle,
                               .futurae, .futuraeAccounts, .futuraeLogin, .card, .cardShop, .cardAccounts]
        var edited = 0
        for route in routes {
            await app.store.send(.choose(.open(route)))
            await app.store.send(.choose(.edit))
            await app.store.settle()
            guard await app.state.editingField != nil else { continue }
            edited += 1
            let keys = await app.state.availableCommands.map(\.key)
            let twice = Dictionary(grouping: keys, by: { $0 }).filter { $0.value.count > 1 }.keys
            #expect(twice.isEmpty, "\(scenario), \(route): \(twice.map { "\($0)" }) bound twice")
            await app.store.send(.cancel)
            await app.store.send(.cancel)
            await app.store.settle()
        }
        #expect(edited >= 3, "\(scenario): a field was edited on \(edited) screens")
    }

    @Test("While a field is edited no screen's letter becomes a key the terminal owns (^C quits, ^H ^I ^J ^L ^M ^Z)")
    func editingNeverShadowsCtrlC() async throws {
        let owned: Set<Character> = ["c", "h", "i", "j", "l", "m", "z"]
        let app = try await ScreenHarness.start("enrolled")
        for route in [Route.simulator, .start, .guided, .account, .steps, .carKey] {
            await app.store.send(.choose(.open(route)))
            await app.store.settle()
            await app.store.send(.choose(.edit))
            await app.store.settle()
            for command in await app.state.availableCommands {
                if case .ctrl(let c) = command.key { #expect(!owned.contains(c), "^\(c) on \(route): \(command.title)") }
            }
            await app.store.send(.cancel)
            await app.store.settle()
        }
        // The vehicle choosers' last row, Another VIN…, is a field too (Vehicle, Car key).
        for route in [Route.vehicle, .carKey] {
            await app.store.send(.choose(.open(route)))
            await app.store.settle()
            await app.store.send(.moveSelection(1))
            await app.store.send(.choose(.edit))
            await app.store.settle()
            #expect(await app.state.editingField?.id == .vin, "\(route)")
            for command in await app.state.availableCommands {
                if case .ctrl(let c) = command.key { #expect(!owned.contains(c), "^\(c) on \(route): \(command.title)") }
            }
            await app.store.send(.cancel)
            await app.store.settle()
        }
    }
}
