import CustomDump
import Enrollment
import Foundation
import PIMS
import Testing

/// A backend whose event streams the test feeds: every call answers as a fresh account with a
/// trusted phone would, and the inbox holds only what the test delivers "from elsewhere".
final class EventfulBackend: SimBackend, @unchecked Sendable {
    static let phone = "0612345678"
    private let lock = NSLock()
    private var inbox: [JSONValue] = []
    private var streams: [String: AsyncStream<SimEvent>.Continuation] = [:]
    private var opened: [String] = []
    private var closed: [String] = []
    private var nextEvent = 1

    /// The sessions subscribed to, in order, and those whose stream ended.
    var subscribed: [String] { lock.withLock { opened } }
    var ended: [String] { lock.withLock { closed } }

    func send(_ request: CallRequest, session: String) async -> CallResponse {
        switch (request.name, request.params["type"]?.stringValue) {
        case ("pims.authentication.account", "isDeviceActivated"): .success("tx", ["isDeviceActivated": false])
        case ("pims.authentication.account", "isAccountBlocked"): .success("tx", ["isAccountBlocked": "NotBlocked"])
        case ("pims.authentication.trustedphonenumber", _): .success("tx", ["phoneNumber": .string(Self.phone)])
        default: .success("tx", [:])
        }
    }

    func control(_ control: SimControl) async -> SimAnswer {
        guard control.kind == "inbox" else { return .success() }
        return .success(["messages": .array(lock.withLock { inbox }), "now": "2026-01-05T09:00:00Z"])
    }

    func events(session: String) -> AsyncStream<SimEvent> {
        let (stream, continuation) = AsyncStream<SimEvent>.makeStream()
        continuation.onTermination = { [weak self] _ in self?.lock.withLock { self?.closed.append(session) } }
        lock.withLock {
            streams[session] = continuation
            opened.append(session)
        }
        return stream
    }

    /// An SMS sent by someone else (another terminal, batch, /v1/sim) to the session's phone.
    func deliverSMS(_ code: String, to session: String) {
        let (event, stream): (SimEvent, AsyncStream<SimEvent>.Continuation?) = lock.withLock {
            let message: JSONValue = ["code": .string(code), "purpose": "enrollment", "sentAt": "2026-01-05T09:00:00Z",
                                      "expiresAt": "2026-01-05T09:10:00Z", "phone": .string(Self.phone)]
            inbox.append(message)
            defer { nextEvent += 1 }
            return (SimEvent(id: nextEvent, kind: .smsDelivered, data: message, at: SimTime(seconds: 1_767_603_600)), streams[session])
        }
        stream?.yield(event)
    }
}

/// The subscription: a long-lived effect beside the call in flight; events arrive as actions.
@Suite struct SubscriptionTests {
    static let alice = "alice@example.com"
    static let sms = SimEvent(id: 7, kind: .smsDelivered, data: ["phone": "+33612345678", "purpose": "enrollment", "code": "4321"],
                              at: SimTime(seconds: 1_767_603_600))

    /// Logged in and following the session's events, on step 6's prompt, the phone's inbox read and empty.
    static func onCodePrompt() -> ReducerHarness {
        var s = ReducerTests.home()
        s.subscription = "alice-iphone"
        s.route = .guided
        s.guided.stage = .enterCode
        s.guided.form = Form([.smsCode])
        s.simulator.inbox = PhoneInbox(phone: "0612345678")
        return ReducerHarness(s)
    }

    @Test("An SMS event, with no call in flight: the phone's inbox is read again (the number as the phone writes it)")
    func smsEventReadsTheInbox() {
        var t = Self.onCodePrompt()
        let purpose = ControlPurpose.simulator(.inbox(phone: "0612345678"))
        t.send(.event(Self.sms), effects: [.control(RequestID(1), .inbox(phone: PhoneNumber("0612345678")!), purpose: purpose)]) {
            $0.nextID = 2
        }
        #expect(t.state.inFlight == nil, "an event is never the call in flight")
        let answer = SimAnswer.success(["messages": [["code": "4321", "purpose": "enrollment", "sentAt": "2026-01-05T09:00:00Z",
                                                      "expiresAt": "2026-01-05T09:10:00Z"]], "now": "2026-01-05T09:00:00Z"])
        _ = reduce(&t.state, .controlAnswer(RequestID(1), answer, purpose: purpose))
        #expect(t.state.smsOnPhone?.message.code == "4321", "the phone lights up")
        #expect(t.state.smsOnPhone?.state == .live(secondsLeft: 600))
        #expect(t.state.log.entries.isEmpty, "a control, not a call: nothing in the API log")
    }

    @Test("Events arrive while a call is in flight, and change nothing of the call")
    func eventsWhileBusy() {
        var t = ReducerTests.guidedStarted()
        t.state.subscription = "alice-iphone"
        let keys = t.state.availableCommands
        let changed = SimEvent(id: 1, kind: .accountChanged, data: ["username": .string(Self.alice)], at: SimTime(seconds: 0))
        t.send(.event(changed), effects: [ReducerTests.accountRefresh(2)]) { $0.nextID = 3 }
        #expect(t.state.availableCommands == keys, "the keys are those of the call in flight, as before")
        let other = SimEvent(id: 2, kind: .accountChanged, data: ["username": "bob@example.com"], at: SimTime(seconds: 0))
        t.send(.event(other))
        let unknown = SimEvent(id: 3, kind: SimEvent.Kind(rawValue: "push"), data: [:], at: SimTime(seconds: 0))
        t.send(.event(unknown))
    }

    @Test("Faults changed and a reloaded world refresh the simulator's panels")
    func faultsAndWorld() {
        var s = ReducerTests.home()
        s.subscription = "alice-iphone"
        s.simulator.faults = [FaultRule(name: "pims.vehicle.vin", code: ErrorCode.timeout.value, times: 1)]
        var t = ReducerHarness(s)
        t.send(.event(SimEvent(id: 1, kind: .faultsChanged, data: ["count": 0, "rules": []], at: SimTime(seconds: 0)))) {
            $0.simulator.faults = []
            $0.simulator.message = "No fault rule is active any more."
        }
        t.send(.event(SimEvent(id: 2, kind: .worldReloaded, data: ["scenario": "team"], at: SimTime(seconds: 0))),
               effects: [ReducerTests.accountRefresh(1)]) {
            $0.simulator.scenario = "team"
            $0.simulator.inboxAwaitsPhone = true  // no phone known: the account's answer reads the inbox
            $0.nextID = 2
        }
    }

    @Test("The simulator opened before the login's account read answers: that answer reads the phone's inbox")
    func simulatorOpenedBeforeTheAccountAnswers() {
        // The order a loaded machine gives (issue 15): the login's account read (#1) is still out
        // when the simulator opens, so the panel knows no phone; the account's answer names it.
        var s = ReducerTests.home()
        s.nextID = 2
        var t = ReducerHarness(s)
        t.send(.choose(.open(.simulator)), effects: [ReducerTests.accountRefresh(2), .control(RequestID(3), .faults, purpose: .simulator(.faults))]) {
            $0.route = .simulator
            $0.cameFrom = .home  // Esc goes back to the screen the panel was opened over
            $0.simulator.scenario = "fresh"  // the scenario the in-process session started on
            $0.simulator.inboxAwaitsPhone = true
            $0.nextID = 4
        }
        let account = SimAnswer.success(["account": ["username": .string(Self.alice), "phone": "0612345678"]])
        let inbox = ControlPurpose.simulator(.inbox(phone: "0612345678"))
        let effects = reduce(&t.state, .controlAnswer(RequestID(1), account, purpose: .simulator(.account)))
        #expect(effects == [.control(RequestID(4), .inbox(phone: PhoneNumber("0612345678")!), purpose: inbox)])
        _ = reduce(&t.state, .controlAnswer(RequestID(4), .success(["messages": [], "now": "2026-01-05T09:00:00Z"]), purpose: inbox))
        #expect(t.state.simulator.inbox?.phone == "0612345678", "the panel's title names the phone")
    }

    @Test("Another device logs in: the subscription follows the new session; another backend stops the old one first")
    func restartedOnReconnect() {
        var s = ReducerTests.home()
        s.subscription = "alice-iphone"
        s.session.settings = ReducerTests.settings("alice-iphone")
        s.route = .start
        s.session.form[.device] = "alice-ipad"
        var t = ReducerHarness(s)
        let ipad = ReducerTests.settings("alice-ipad")
        t.send(.submit, effects: [.control(RequestID(1), .session(name: "alice-ipad", settings: ipad), purpose: .createSession)]) {
            $0.session.config.device = "alice-ipad"
            $0.session.loggedIn = nil
            $0.session.settings = ipad
            $0.nextID = 2
        }
        let login = PIMSRequests.login(Self.alice, "alice-pass")
        let loginCall: [Effect] = [.send(RequestID(2), login, session: "alice-ipad", purpose: .login),
                                   .startTimer(.callTimeout(RequestID(2)), milliseconds: 30_000)]
        t.send(.controlAnswer(RequestID(1), .success(), purpose: .createSession), effects: loginCall) {
            $0.inFlight = InFlightCall(id: RequestID(2), call: PlannedCall(.login, login))
            $0.log.entries = [APILog.Entry(id: RequestID(2), step: "Session · login", session: "alice-ipad", request: login)]
            $0.nextID = 3
        }
        let ok = CallResponse.success("tx", [:])
        t.send(.response(RequestID(2), ok, durationMs: 1, purpose: .login),
               effects: [.cancelTimer(.callTimeout(RequestID(2))), .subscribe(session: "alice-ipad"),
                         .control(RequestID(3), .account(username: Self.alice), purpose: .simulator(.account))]) {
            $0.inFlight = nil
            ReducerTests.answered(&$0, ok, ms: 1)
            $0.session.loggedIn = Self.alice
            $0.route = .home
            $0.home.system = .pims  // the home menu shows the session's system
            $0.notice = .success("Logged in as alice@example.com on alice-ipad (ios, SDK 2.3).")
            $0.subscription = "alice-ipad"
            $0.nextID = 4
        }
        // Another backend: the old one's events stop before it is replaced.
        t.send(.choose(.open(.start))) {
            $0.route = .start
            $0.notice = nil  // another screen: the last one's banner stays behind
        }
        t.send(.session(.cycle(.backend))) {
            $0.session.config.backend = .remote(url: "http://127.0.0.1:8080")
            $0.session.form = Form([.remoteURL, .username, .password, .device],
                                   values: [.remoteURL: "http://127.0.0.1:8080", .username: Self.alice, .password: "alice-pass", .device: "alice-ipad"])
        }
        t.send(.submit, effects: [.unsubscribe, .connect(.remote(url: "http://127.0.0.1:8080"))]) {
            $0.session.loggedIn = nil
            $0.session.connection = .connecting
            $0.notice = .info("Connecting to remote · http://127.0.0.1:8080…")
            $0.subscription = nil
        }
    }

    @Test("Through the runtime: an SMS sent elsewhere lights the phone; keys still work; settle never waits for events")
    func smsFromElsewhere() async throws {
        let backend = EventfulBackend()
        let store = Store(connector: { _ in .success(Store.Opened(backend)) }, clock: FrozenClock())
        func go(_ actions: Action...) async {
            for a in actions {
                await store.send(a)
                await store.settle()  // returns: the subscription is not an effect awaited
            }
        }
        await go(.submit)
        #expect(backend.subscribed == ["alice-iphone"])
        await go(.choose(.open(.guided)))
        var state = await store.state
        #expect(state.guided.stage == .enterCode)
        #expect(state.smsOnPhone == nil, "nothing on the phone yet")
        let calls = state.log.entries.count

        backend.deliverSMS("4321", to: "alice-iphone")
        state = await Self.until(store) { $0.smsOnPhone?.message.code == "4321" }
        #expect(state.smsOnPhone?.message.code == "4321", "the phone lights up")
        #expect(state.inFlight == nil)
        #expect(state.log.entries.count == calls, "no call was made for it")

        // Keys work as ever while subscribed: autofill types it, Enter checks it.
        await go(.choose(.autofillCode))
        #expect(await store.state.guided.form[.smsCode] == "4321")
        await go(.submit)
        #expect(await store.state.log.entries.last?.step == "Enrollment · step 6")
    }

    @Test("Through the runtime: switching device restarts the subscription on the new session; the old stream ends")
    func restartThroughRuntime() async throws {
        let backend = EventfulBackend()
        let store = Store(connector: { _ in .success(Store.Opened(backend)) }, clock: FrozenClock())
        func go(_ actions: Action...) async {
            for a in actions {
                await store.send(a)
                await store.settle()
            }
        }
        await go(.submit, .choose(.open(.start)), .focusNext, .focusNext, .focusNext)
        await go(.choose(.edit), .choose(.clearField))
        for c in "alice-ipad" { await go(.typed(c)) }
        await go(.submit)
        #expect(await store.state.session.loggedIn == Self.alice)
        #expect(backend.subscribed == ["alice-iphone", "alice-ipad"])
        for _ in 0..<500 where backend.ended.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        #expect(backend.ended == ["alice-iphone"], "the old subscription was cancelled")

        await go(.choose(.open(.guided)))
        backend.deliverSMS("8642", to: "alice-ipad")
        let state = await Self.until(store) { $0.smsOnPhone?.message.code == "8642" }
        #expect(state.smsOnPhone?.message.code == "8642")
    }

    /// The store's state once `condition` holds (events arrive on their own time), or after 2 s.
    static func until(_ store: Store, _ condition: (AppState) -> Bool) async -> AppState {
        for _ in 0..<1000 {
            await store.settle()
            let state = await store.state
            if condition(state) { return state }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return await store.state
    }
}
