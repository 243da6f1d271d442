import Enrollment
import PIMS
import SimClient
import SimWorld

/// Opens the backend a session screen asks for: the executable is the one place that knows the
/// concrete backends.
struct BackendConnector: Sendable {
    /// The server's admin token, for a remote backend (the simulator panel and named sessions need it).
    let adminToken: String?
    /// Ask a server for each answer's trace (when a walk is recorded).
    var trace = false

    @Sendable func open(_ choice: BackendChoice) async -> Result<Store.Opened, Store.ConnectError> {
        switch choice {
        case .inProcess(let scenario):
            do {
                let backend = try InProcessBackend(scenario: scenario)
                let world = await backend.world
                let defaults = ScenarioDefaults(settings: world.session.settings, username: world.session.user, system: world.scenarioSystem)
                return .success(Store.Opened(backend, defaults: defaults))
            } catch {
                return .failure(Store.ConnectError(error.description))
            }
        case .remote(let url):
            guard let adminToken else {
                return .success(Store.Opened(DeviceSessionsBackend(url: url, sessionToken: StartupSettings.sessionToken, trace: trace)))
            }
            do {
                return .success(Store.Opened(try RemoteBackend(url: url, adminToken: adminToken, trace: trace)))
            } catch {
                return .failure(Store.ConnectError(error.description))
            }
        }
    }
}
