import Enrollment
import Foundation
import PIMS
import SimWorld
import Testing

/// A backend whose calls wait until the test lets them answer (a slow network, deterministically).
actor GatedBackend: SimBackend {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var open = false
    private(set) var calls = 0

    func send(_ request: CallRequest, session: String) async -> CallResponse {
        calls += 1
        if !open { await withCheckedContinuation { waiting.append($0) } }
        return .success("tx-gated", ["isDeviceActivated": false])
    }

    func control(_ control: SimControl) async -> SimAnswer { .success() }

    func release() {
        open = true
        waiting.forEach { $0.resume() }
        waiting = []
    }
}

/// A clock that reads from a script, and whose timers fire at once.
final class ScriptedClock: RuntimeClock, @unchecked Sendable {
    private let lock = NSLock()
    private var readings: [Int]
    init(_ readings: [Int]) { self.readings = readings }
    func nowMs() -> Int { lock.withLock { readings.isEmpty ? 0 : readings.removeFirst() } }
    func sleep(ms: Int) async throws { await Task.yield() }
}

/// Collects every state the store publishes.
final class StateRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var states: [AppState] = []
    func record(_ s: AppState) { lock.withLock { states.append(s) } }
    var all: [AppState] { lock.withLock { states } }
}

@Suite struct StoreTests {
    static func loggedIn() -> AppState {
        var s = AppState()
        s.session.connection = .connected(.inProcess(scenario: "fresh"))
        s.session.loggedIn = "alice@example.com"
        s.route = .home
        return s
    }

    @Test("Esc stops waiting; the late answer is logged and the flow does not move on")
    func lateAnswer() async {
        let backend = GatedBackend()
        let store = Store(state: Self.loggedIn(), backend: backend, connector: { _ in .failure(.init("none")) }, clock: FrozenClock())
        await store.send(.choose(.open(.guided)))
        #expect(await store.state.isBusy)
        await store.send(.cancel)
        #expect(await store.state.isBusy == false)
        #expect(await store.state.log.entries.last?.outcome == .abandoned)
        await backend.release()
        await store.settle()
        let state = await store.state
        #expect(state.log.entries.map(\.outcome) == [.lateAnswer])
        #expect(state.log.entries[0].response?.transactionId == "tx-gated")
        #expect(state.guided.statuses[.s1] == .current, "the late answer changes no flow")
        #expect(await backend.calls == 1)
    }

    @Test("Durations come from the injected clock")
    func durations() async {
        let backend = GatedBackend()
        await backend.release()
        let store = Store(state: Self.loggedIn(), backend: backend, connector: { _ in .failure(.init("none")) },
                          clock: ScriptedClock([100, 350]))
        await store.send(.choose(.open(.guided)))
        await store.settle()
        #expect(await store.state.log.entries.first?.durationMs == 250)
    }

    @Test("The client timeout fires through the runtime: 2201, then the late answer is still logged")
    func timeoutThroughRuntime() async {
        let backend = GatedBackend()
        let store = Store(state: Self.loggedIn(), backend: backend, connector: { _ in .failure(.init("none")) },
                          clock: ScriptedClock([]))
        await store.send(.choose(.open(.guided)))
        for _ in 0..<200 where await store.state.isBusy { await Task.yield() }
        #expect(await store.state.notice?.code == "2201")
        #expect(await store.state.retryable?.request == PIMSRequests.isDeviceActivated)
        await backend.release()
        await store.settle()
        #expect(await store.state.log.entries.first?.outcome == .lateAnswer)
    }

    @Test("A connector failure is shown on the session screen with what to do")
    func connectFailure() async {
        let store = Store(connector: { _ in .failure(.init("no scenario named nope")) }, clock: FrozenClock())
        await store.send(.submit)
        await store.settle()
        let state = await store.state
        #expect(state.session.connection == .failed("no scenario named nope"))
        #expect(state.route == .start)
        #expect(state.notice?.advice == "Check the scenario name or the server URL, then press Enter again.")
    }

    @Test("Every state of a whole enrollment offers commands with distinct keys, none the terminal owns")
    func commandKeysAreDistinct() async throws {
        let backend = try InProcessBackend(scenario: "enrolled-elsewhere", honoursLatency: false)
        let recorder = StateRecorder()
        let store = Store(connector: { _ in .success(Store.Opened(backend)) }, clock: FrozenClock(), observe: { recorder.record($0) })
        let script: [Action] = [
            .submit, .choose(.open(.guided)), .choose(.autofillCode), .submit, .typed("0"), .typed("0"), .typed("0"), .typed("0"),
            .submit, .choose(.toggleHelp), .cancel, .cancel, .choose(.open(.account)), .account(.startTask(.updatePIN)), .cancel,
            .cancel, .choose(.open(.steps)), .submit, .cancel, .choose(.open(.carKey)), .submit, .cancel, .choose(.open(.simulator)),
            .cancel, .choose(.open(.log)), .cancel, .choose(.open(.start)),
        ]
        for a in script {
            await store.send(a)
            await store.settle()
        }
        let states = recorder.all
        #expect(states.count > script.count)
        let owned: Set<Character> = ["c", "h", "i", "j", "l", "m", "z"]
        for s in states {
            let keys = s.availableCommands.map(\.key)
            #expect(Set(keys).count == keys.count, "duplicate keys on \(s.route): \(keys)")
            for k in keys { if case .ctrl(let c) = k { #expect(!owned.contains(c), "^\(c) on \(s.route)") } }
            if s.editingField != nil {
                #expect(!keys.contains { if case .char = $0 { true } else { false } }, "a printable key would be typed on \(s.route)")
            }
        }
    }
}
