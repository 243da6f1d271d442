import Enrollment
import PIMS
import SimWorld
import Testing

/// Issue 9.5 and 12.4–12.5 in the view-model: the command palette, the jump keys, the API log's
/// filter, copy and exports, and the coverage screen, on the in-process simulator.
@Suite struct GettingAroundTests {
    /// Logged in on `fresh`, the guided enrollment's checks run (steps 1–3), back home.
    static func withCalls() async throws -> App {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.guided)))
        await app.send(.cancel)
        #expect(await app.state.log.entries.count >= 3)
        return app
    }

    static func effects(of action: Action, on state: AppState) -> (AppState, [Effect]) {
        var s = state
        let effects = reduce(&s, action)
        return (s, effects)
    }

    @Test("The palette lists every screen of the session and the keys of each, from their key tables")
    func paletteEntries() async throws {
        let app = try await App.start("enrolled")
        let state = await app.state
        let entries = state.paletteEntries
        for route in [Route.home] + Route.homeMenu(.pims) {
            #expect(entries.contains { $0.route == route && $0.action == nil }, "no entry opens \(route.title)")
        }
        #expect(entries.first { $0.screen == "Simulator" && $0.action == nil }?.key == "F8")
        #expect(entries.first { $0.screen == "API log" && $0.action == nil }?.key == "F9")
        // Another screen's keys, with the key that does it there.
        let advance = try #require(entries.first { $0.screen == "Simulator" && $0.title == "advance" })
        #expect(advance.key == "a")
        #expect(advance.route == .simulator)
        // No Enter, Esc or arrows out of context.
        #expect(!entries.contains { ["Enter", "Esc", "↑", "↓", "Tab"].contains($0.key) })
    }

    @Test("Typed letters find an entry fuzzily; Enter opens its screen and does its action; Esc closes")
    func paletteRuns() async throws {
        let app = try await App.start("enrolled")
        // A fault rule active (the backend's list, as its event brings it), so that clearing sends.
        await app.send(.simulator(.faultsChanged([FaultRule(name: "pims.authentication.trustedphonenumber", code: 2307, times: 1)])))
        await app.send(.choose(.openPalette))
        #expect(await app.state.palette != nil)
        for c in "simclr" { await app.send(.typed(c)) }
        let first = try #require(await app.state.paletteMatches.first)
        #expect(first.screen == "Simulator" && first.title == "clear faults", "\(first)")
        let (after, effects) = Self.effects(of: .submit, on: await app.state)
        #expect(after.palette == nil)
        #expect(after.route == .simulator)
        #expect(effects.contains { if case .control(_, let c, _) = $0 { c.kind == "clearFaults" } else { false } }, "\(effects)")
        // A query that matches nothing runs nothing; Esc closes.
        await app.send(.cancel, .choose(.openPalette))
        for c in "zzzzzz" { await app.send(.typed(c)) }
        #expect(await app.state.paletteMatches.isEmpty)
        await app.send(.cancel)
        #expect(await app.state.palette == nil)
        #expect(await app.state.route == .home)
    }

    @Test("While the palette is open, letters are its query, not commands (q does not quit)")
    func paletteTakesLetters() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.openPalette), .typed("q"), .typed("?"))
        let state = await app.state
        #expect(state.palette?.query == "q?")
        #expect(!state.quitRequested && !state.showHelp)
    }

    @Test("F8 and F9 jump to the simulator and the API log from any screen, a field being edited included")
    func jumpKeys() async throws {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.guided)))
        let shortcut = try #require(await app.state.availableCommands.first { $0.key == .char("s") })
        await app.send(shortcut.action)  // the phone number prompt, edited at once
        let state = await app.state
        #expect(state.editing)
        let commands = state.availableCommands
        #expect(commands.contains { $0.key == .function(8) && $0.action == .choose(.open(.simulator)) })
        #expect(commands.contains { $0.key == .function(9) && $0.action == .choose(.open(.log)) })
        await app.send(.choose(.open(.log)))
        #expect(await app.state.route == .log)
        #expect(await !app.state.editing, "the log's filter waits for / after a jump from a prompt")
        #expect(!(await app.state.availableCommands.contains { $0.key == .function(9) }), "no jump to the screen one is on")
        await app.send(.choose(.open(.simulator)))
        #expect(await app.state.route == .simulator)
    }

    @Test("The log's filter shows the calls every word matches: API, outcome, code, text")
    func logFilter() async throws {
        let app = try await Self.withCalls()
        await app.send(.choose(.open(.log)), .choose(.edit))
        for c in "trustedphone" { await app.send(.typed(c)) }
        var log = await app.state.log
        let expected = log.entries.indices.filter { log.entries[$0].request.name.contains("trustedphonenumber") }
        #expect(!expected.isEmpty)
        #expect(log.shown == expected)
        #expect(log.selected?.request.name == "pims.authentication.trustedphonenumber")
        // The selection moves among the calls shown only.
        await app.send(.moveSelection(-5))
        log = await app.state.log
        #expect(log.selectedIndex == expected.first)
        // Outcomes and codes are words too.
        await app.send(.choose(.clearField))
        for c in "ok" { await app.send(.typed(c)) }
        log = await app.state.log
        #expect(log.shown == log.entries.indices.filter { log.entries[$0].response?.error == nil && log.entries[$0].response != nil })
        await app.send(.choose(.clearField))
        for c in "zzz-nothing" { await app.send(.typed(c)) }
        #expect(await app.state.log.shown.isEmpty)
        #expect(await app.state.log.selected == nil)
    }

    @Test("y and a copy the selected request and answer as pretty JSON to the clipboard")
    func copy() async throws {
        let app = try await Self.withCalls()
        await app.send(.choose(.open(.log)))
        let state = await app.state
        let entry = try #require(state.log.selected)
        let (s1, request) = Self.effects(of: .choose(.copy(.request)), on: state)
        #expect(request == [.copyToClipboard(entry.requestText)])
        #expect(s1.notice?.label.hasPrefix("Copied the request of \(entry.request.name) as JSON") == true)
        let (_, answer) = Self.effects(of: .choose(.copy(.response)), on: state)
        #expect(answer == [.copyToClipboard(JSONText.pretty(try #require(entry.response).json))])
        #expect(state.availableCommands.contains { $0.key == .char("y") && $0.action == .choose(.copy(.request)) })
    }

    @Test("t, d and b ask for the session's export; the answer says where it was written")
    func exports() async throws {
        let app = try await Self.withCalls()
        await app.send(.choose(.open(.log)))
        let state = await app.state
        for (key, kind) in [("t", SessionExport.asciicast), ("d", .markdown), ("b", .batch)] {
            #expect(state.availableCommands.contains { $0.key == .char(Character(key)) && $0.action == .choose(.export(kind)) })
            #expect(Self.effects(of: .choose(.export(kind)), on: state).1 == [.exportSession(kind)])
        }
        var s = state
        _ = reduce(&s, .exported(.markdown, path: "/tmp/enrollsim-session.md", error: nil))
        #expect(s.notice?.label == "Exported the session as Markdown transcript: /tmp/enrollsim-session.md.")
        _ = reduce(&s, .exported(.batch, path: nil, error: "disk full"))
        #expect(s.notice?.label == "The batch script was not written: disk full.")
    }

    @Test("The store runs an export through the exporter it was given and reports the path")
    func storeExports() async throws {
        let backend = try InProcessBackend(scenario: "fresh", honoursLatency: false)
        let store = Store(state: AppState(config: SessionConfig()), connector: { _ in .success(Store.Opened(backend)) }, clock: FrozenClock(),
                          export: { kind in .success("/somewhere/session.\(kind.fileExtension)") })
        await store.send(.choose(.export(.asciicast)))
        await store.settle()
        #expect(await store.state.notice?.label == "Exported the session as asciicast: /somewhere/session.cast.")
    }

    @Test("The coverage screen counts this session's answers against the catalogues")
    func coverage() async throws {
        let backend = try InProcessBackend(scenario: "fresh", honoursLatency: false)
        var config = SessionConfig()
        config.backend = .inProcess(scenario: "fresh")
        let store = Store(state: AppState(config: config, ruleCatalogues: World.ruleCatalogues),
                          connector: { _ in .success(Store.Opened(backend)) }, clock: FrozenClock())
        let app = App(store: store, backend: backend)
        await app.send(.submit, .choose(.open(.guided)))
        let state = await app.state
        let report = state.sessionCoverage
        let answered = state.log.entries.filter { $0.response?.trace != nil }.count
        #expect(answered == state.log.entries.count && answered >= 3)
        #expect(report.answers == answered)
        let pims = try #require(report.systems.first { $0.id == "pims" })
        // Exactly the rules the log's traces name were hit.
        let traced = Set(state.log.entries.compactMap { $0.response?.trace }.filter { $0.system == "pims" }.map { $0.rule ?? "input" })
        #expect(Set(pims.rules.filter(\.hit).map(\.id)) == traced)
        #expect(!pims.codesNever.isEmpty)
        await app.send(.choose(.open(.coverage)), .moveSelection(3))
        #expect(await app.state.coverage.offset == 3)
        await app.send(.cancel)
        #expect(await app.state.route == .home)
    }
}
