import PIMS

/// The default backend: the simulator in memory, nothing to start. An actor, because a TUI and its
/// effects share one world.
public actor InProcessBackend: PIMSBackend {
    public private(set) var simulator: Simulator
    /// Injected latency (faults) is slept for real unless this is false (benchmarks, fast tests).
    private let honoursLatency: Bool

    public init(world: World, honoursLatency: Bool = true) {
        simulator = Simulator(world: world)
        self.honoursLatency = honoursLatency
    }

    public init(scenario: String = "fresh", honoursLatency: Bool = true) throws(ScenarioError) {
        simulator = try Simulator(scenario: scenario)
        self.honoursLatency = honoursLatency
    }

    public func send(_ request: PIMSRequest, session: String) async -> PIMSResponse {
        let outcome = simulator.handle(request, session: session)
        if honoursLatency && outcome.latencyMs > 0 {
            try? await Task.sleep(for: .milliseconds(outcome.latencyMs))
        }
        return outcome.response
    }

    public func control(_ control: SimControl) async -> SimAnswer {
        simulator.control(control)
    }

    public var world: World { simulator.world }
}
