import Enrollment
import PIMS
import SimWorld
import SnapshotTesting
import Screens
import Testing
import TerminalUI

/// A clock that never moves by itself: durations read 0 ms, timers never fire.
struct FrozenClock: RuntimeClock {
    func nowMs() -> Int { 0 }
    func sleep(ms: Int) async throws { try await Task.sleep(for: .seconds(3600)) }
}

/// The app on the in-process simulator, driven by keys through the app's keymap, as a user would.
struct ScreenHarness {
    let store: Store
    let backend: InProcessBackend

    static func start(_ scenario: String, _ config: SessionConfig = SessionConfig(), login: Bool = true,
                      catalogues: Bool = false) async throws -> ScreenHarness {
        let backend = try InProcessBackend(scenario: scenario, honoursLatency: false)
        var config = config
        config.backend = .inProcess(scenario: scenario)
        let state = AppState(config: config, ruleCatalogues: catalogues ? World.ruleCatalogues : [], scenarios: ScenarioLoader.builtinNames)
        // The scenario's default session and systems, as the executable's connector reads them.
        let world = await backend.world
        let defaults = ScenarioDefaults(settings: world.session.settings, username: world.session.user, systemIDs: world.systemIDs)
        let store = Store(state: state, connector: { _ in .success(Store.Opened(backend, defaults: defaults)) }, clock: FrozenClock())
        let h = ScreenHarness(store: store, backend: backend)
        if login { try await h.press(.enter) }
        return h
    }

    var state: AppState { get async { await store.state } }

    /// Presses keys one by one through the keymap, waiting for every answer; with a size, as the
    /// terminal of that size does (the help overlay scrolls as far as it goes there).
    func press(_ keys: Key..., size: Size? = nil) async throws {
        for key in keys {
            let state = await store.state
            let command = try #require(AppKeymap.command(for: key, in: state, size: size), "no binding for \(key) on \(state.route)")
            guard case .send(let action) = command else { continue }
            await store.send(action)
            await store.settle()
        }
    }

    func type(_ text: String) async throws {
        for key in Key.typing(text) { try await press(key) }
    }

    func newestCode(_ phone: String = "0612345678") async -> String {
        let answer = await backend.control(.inbox(phone: PhoneNumber(phone)!))
        return answer["messages"]?.arrayValue?.last?["code"]?.stringValue ?? ""
    }

    func frame(_ size: Size = .minimum) async -> Frame {
        Screens.render(await store.state, size: size)
    }
}

/// A screen as text, then its style grid (one letter per cell, legend first).
func screenSnapshot(_ frame: Frame) -> String {
    frame.textSnapshot + "\n\n" + Style.legend + "\n" + frame.styleSnapshot
}

/// The screen at 80×24 and at 120×40, each against its snapshot beside the calling test file.
func assertBothSizes(_ h: ScreenHarness, filePath: StaticString = #filePath, testName: String = #function,
                     line: UInt = #line) async {
    let small = screenSnapshot(await h.frame())
    assertSnapshot(of: small, as: .lines, file: filePath, testName: testName, line: line)
    let large = screenSnapshot(await h.frame(Size(width: 120, height: 40)))
    assertSnapshot(of: large, as: .lines, named: "120x40", file: filePath, testName: testName, line: line)
}
