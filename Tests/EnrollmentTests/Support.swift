import CustomDump
import Enrollment
import PIMS
import SimWorld
import Testing

/// The Composable Architecture's TestStore, reduced to what this module needs: send an action,
/// state how the whole state changes, and list every effect it must ask for.
struct ReducerHarness {
    var state: AppState

    init(_ state: AppState = AppState()) { self.state = state }

    mutating func send(_ action: Action, effects expected: [Effect] = [], fileID: StaticString = #fileID,
                       filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
                       _ update: (inout AppState) -> Void = { _ in }) {
        var expectedState = state
        update(&expectedState)
        let effects = reduce(&state, action)
        expectNoDifference(state, expectedState, "state after \(action)", fileID: fileID, filePath: filePath, line: line, column: column)
        expectNoDifference(effects, expected, "effects of \(action)", fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// A clock that never moves by itself: durations read 0 and timers wait until cancelled, so a flow
/// test is decided by its answers only.
struct FrozenClock: RuntimeClock {
    func nowMs() -> Int { 0 }
    func sleep(ms: Int) async throws { try await Task.sleep(for: .seconds(3600)) }
}

/// A running app on the in-process simulator, logged in through the session screen.
struct App {
    let store: Store
    let backend: InProcessBackend

    static func start(_ scenario: String, _ config: SessionConfig = SessionConfig()) async throws -> App {
        let backend = try InProcessBackend(scenario: scenario, honoursLatency: false)
        var config = config
        config.backend = .inProcess(scenario: scenario)
        // The scenario's default session and systems, as the executable's connector reads them.
        let world = await backend.world
        let defaults = ScenarioDefaults(settings: world.session.settings, username: world.session.user, systemIDs: world.systemIDs)
        let store = Store(state: AppState(config: config), connector: { _ in .success(Store.Opened(backend, defaults: defaults)) },
                          clock: FrozenClock())
        let app = App(store: store, backend: backend)
        await app.send(.submit)
        let state = await app.state
        #expect(state.route == .home, "login failed: \(String(describing: state.notice))")
        return app
    }

    var state: AppState { get async { await store.state } }

    /// Sends and waits until every answer (and every call it caused) is in.
    func send(_ actions: Action...) async {
        for a in actions {
            await store.send(a)
            await store.settle()
        }
    }

    func type(_ text: String) async {
        for c in text { await store.send(.typed(c)) }
    }

    /// A PIN typed in the field, then again in the next one (steps 7, 4·1, B, C).
    func typePINTwice(_ pin: String) async {
        await type(pin)
        await send(.focusNext)
        await type(pin)
    }

    /// Account management C on its form: the current PIN, the new one twice, sent.
    func sendUpdatePIN(old: String, new: String) async {
        await type(old)
        await send(.focusNext)
        await typePINTwice(new)
        await send(.submit)
    }

    func account(_ username: String = "alice@example.com") async -> Account {
        await backend.world.account(username)!
    }

    /// The newest code the simulated phone received (what the user reads off the phone).
    func newestCode(_ phone: String = "0612345678") async -> String {
        let answer = await backend.control(.inbox(phone: PhoneNumber(phone)!))
        return answer["messages"]?.arrayValue?.last?["code"]?.stringValue ?? ""
    }

    /// The flow map as text, `1✓ 2✓ 3✓ 4·1✓ 4·2- 5- 6- 7- 8-`, for compact assertions.
    func flowMap() async -> String {
        await state.guided.flowMap.map { "\($0.step.rawValue)\(Self.mark($0.status))" }.joined(separator: " ")
    }

    static func mark(_ s: StepStatus) -> String {
        switch s {
        case .pending: "·"
        case .current: "▶"
        case .done: "✓"
        case .failed: "✗"
        case .skipped: "-"
        }
    }

    /// The log's step labels with outcomes, in order.
    func logSteps() async -> [String] {
        await state.log.entries.map { "\($0.step) \($0.response?.error.map { $0.code.description } ?? "ok")" }
    }
}
