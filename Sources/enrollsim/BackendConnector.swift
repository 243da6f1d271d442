import Enrollment
import SimClient
import SimWorld
import Synchronization

/// Opens the backend a session screen asks for: the executable is the one place that knows the
/// concrete backends.
struct BackendConnector: Sendable {
    /// The server's admin token, for a remote backend (the simulator panel and named sessions need it).
    let adminToken: String?
    /// Ask a server for each answer's trace (when a walk is recorded).
    var trace = false
    /// How the in-process backend sleeps a fault's latency (the terminal app: on its loop's timers).
    var latencySleep: InProcessBackend.LatencySleep = InProcessBackend.taskSleep
    /// A scenario already read at start-up, and its world: the first open takes it instead of
    /// reading the scenario again (a later one reads it, as edited since).
    var loaded: StartupWorld?

    @Sendable func open(_ choice: BackendChoice) async -> Result<Store.Opened, Store.ConnectError> {
        switch choice {
        case .inProcess(let scenario):
            do {
                let backend = if let world = loaded?.take(scenario: scenario) {
                    InProcessBackend(world: world, sleep: latencySleep)
                } else {
                    try InProcessBackend(scenario: scenario, sleep: latencySleep)
                }
                let world = await backend.world
                return .success(Store.Opened(backend, defaults: world.scenarioDefaults))
            } catch {
                return .failure(Store.ConnectError(error.description))
            }
        case .remote(let url):
            guard let adminToken else {
                return .success(Store.Opened(DeviceSessionsBackend(url: url, sessionToken: StartupSettings.sessionToken, trace: trace)))
            }
            do {
                let backend = try RemoteBackend(url: url, adminToken: adminToken, trace: trace)
                // The server's scenario decides the system and the default session, as in process.
                return .success(Store.Opened(backend, defaults: await World.served(by: backend)?.scenarioDefaults))
            } catch {
                return .failure(Store.ConnectError(error.description))
            }
        }
    }
}

/// The world the TUI read at start-up, given once.
final class StartupWorld: Sendable {
    private let scenario: String
    private let world: Mutex<World?>

    init(scenario: String, world: World) {
        self.scenario = scenario
        self.world = Mutex(world)
    }

    /// The world if it is `scenario`'s and was not taken yet.
    func take(scenario: String) -> World? {
        guard scenario == self.scenario else { return nil }
        return world.withLock { world in
            defer { world = nil }
            return world
        }
    }
}
