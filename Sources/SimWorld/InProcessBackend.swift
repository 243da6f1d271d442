import PIMS
import SimKernel

/// The default backend: the simulator in memory, nothing to start. An actor, because a TUI and its
/// effects share one world. Events reach subscribers as the step that produced them ends.
public actor InProcessBackend: SimBackend {
    public private(set) var simulator: Simulator
    /// Injected latency (faults) is slept for real unless this is false (benchmarks, fast tests).
    private let honoursLatency: Bool
    /// How a latency is slept: `Task.sleep` unless the caller's loop keeps its own timers (the
    /// terminal app's, whose process then never starts Swift's global pool to sleep).
    private let sleep: LatencySleep
    public typealias LatencySleep = @Sendable (Duration) async -> Void
    /// Nothing to resume in process (a subscriber lives as long as the backend): no history kept.
    private let hub = EventHub(retention: 0)
    private var lastEventID = 0
    /// The `events` control (scripts): each reading session's last event read, and the events kept
    /// for them since the first read (the newest `journalLimit`).
    private var readUpTo: [String: Int] = [:]
    private var journal: [SimEvent] = []
    static let journalLimit = 1_000

    public init(world: World, honoursLatency: Bool = true, sleep: @escaping LatencySleep = InProcessBackend.taskSleep) {
        simulator = Simulator(world: world)
        self.honoursLatency = honoursLatency
        self.sleep = sleep
    }

    public init(scenario: String = "fresh", honoursLatency: Bool = true,
                sleep: @escaping LatencySleep = InProcessBackend.taskSleep) throws(ScenarioError) {
        simulator = try Simulator(scenario: scenario)
        self.honoursLatency = honoursLatency
        self.sleep = sleep
    }

    public static let taskSleep: LatencySleep = { try? await Task.sleep(for: $0) }

    deinit { hub.finish() }

    public func send(_ request: CallRequest, session: String) async -> CallResponse {
        var outcome = simulator.handle(request, session: session, recordingEvents: anyoneListens)
        publish(outcome.events)
        let latencyMs = outcome.latencyMs
        let response = outcome.takeResponse()
        if honoursLatency && latencyMs > 0 {
            await sleep(.milliseconds(latencyMs))
        }
        return response
    }

    public func control(_ control: SimControl) async -> SimAnswer {
        if control.kind == "events" { return readEvents(control) }
        var events: [PendingEvent] = []
        let answer = simulator.control(control, events: &events, recordingEvents: anyoneListens)
        publish(events)
        return answer
    }

    public nonisolated func events(session: String) -> AsyncStream<SimEvent> {
        hub.subscribe(session: session)
    }

    /// Whether a call's events are worth building: with no subscriber nor reader they are not built at all.
    private var anyoneListens: Bool { hub.subscriberCount > 0 || !readUpTo.isEmpty }

    private func publish(_ events: [PendingEvent]) {
        guard !events.isEmpty else { return }
        let now = simulator.world.clock
        let numbered = events.map { event in
            lastEventID += 1
            return event.numbered(lastEventID, at: now)
        }
        if !readUpTo.isEmpty {
            journal += numbered
            if journal.count > Self.journalLimit { journal.removeFirst(journal.count - Self.journalLimit) }
        }
        hub.publish(numbered)
    }

    /// `{"sim": "events", "session": S}`: S's events since its last read; the first read starts the
    /// reading (events are kept from then on) and answers none.
    private func readEvents(_ control: SimControl) -> SimAnswer {
        guard case .events(let session)? = try? KernelControl(control) else {
            return .failure("events: \"session\" must be a session name")
        }
        let events = readUpTo[session].map { after in journal.filter { $0.id > after && $0.concerns(session) } } ?? []
        readUpTo[session] = lastEventID
        return .success(["events": .array(events.map(\.json))])
    }

    public var world: World { simulator.world }

    /// Runs `body` on this backend's actor: a driver that sends it every call (`batch`) then
    /// switches executors at no call (each switch cost more than a PIMS rule).
    public func withIsolation<T: Sendable>(_ body: @Sendable (isolated InProcessBackend) async throws -> T) async rethrows -> T {
        try await body(self)
    }
}
