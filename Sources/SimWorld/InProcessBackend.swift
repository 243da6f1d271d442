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
    /// Keeps the newest `journalLimit` events for the `events` control (scripts): a subscriber
    /// resumes nothing in process.
    private let hub = EventHub(retention: InProcessBackend.journalLimit)
    private var lastEventID = 0
    /// The `events` control: each session's last event read, or where its reading starts (its
    /// creation by the `session` control); a session not here reads from the backend's start.
    private var readUpTo: [String: Int] = [:]
    public static let journalLimit = 1_000

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
        var outcome = simulator.handle(request, session: session, recordingEvents: true)
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
        let answer = simulator.control(control, events: &events, recordingEvents: true)
        publish(events)
        // A new session (or one replaced under its name) reads its events from here.
        if control.kind == "session", answer.ok, let name = control.fields["session"]?.stringValue {
            readUpTo[name] = lastEventID
        }
        return answer
    }

    public nonisolated func events(session: String) -> AsyncStream<SimEvent> {
        hub.subscribe(session: session)
    }

    private func publish(_ events: [PendingEvent]) {
        guard !events.isEmpty else { return }
        let now = simulator.world.clock
        let numbered = events.map { event in
            lastEventID += 1
            return event.numbered(lastEventID, at: now)
        }
        hub.publish(numbered)
    }

    /// `{"sim": "events", "session": S}`: S's events since its last read, or since its creation for
    /// the first read; older ones than the newest `journalLimit` are a `gap`, as on `/v1/events`.
    private func readEvents(_ control: SimControl) -> SimAnswer {
        guard case .events(let session)? = try? KernelControl(control) else {
            return .failure("events: \"session\" must be a session name")
        }
        let read = hub.read(for: session, after: readUpTo[session] ?? 0)
        readUpTo[session] = read.lastID
        return .success(read.answerFields(keeping: Self.journalLimit))
    }

    public var world: World { simulator.world }

    /// Runs `body` on this backend's actor: a driver that sends it every call (`batch`) then
    /// switches executors at no call (each switch cost more than a PIMS rule).
    public func withIsolation<T: Sendable>(_ body: @Sendable (isolated InProcessBackend) async throws -> T) async rethrows -> T {
        try await body(self)
    }
}
