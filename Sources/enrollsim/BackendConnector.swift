import Enrollment
import PIMS
import PIMSSimulator

/// Opens the backend a session screen asks for: the executable is the one place that knows the
/// concrete backends.
enum BackendConnector {
    @Sendable static func open(_ choice: BackendChoice) async -> Result<Store.Opened, Store.ConnectError> {
        switch choice {
        case .inProcess(let scenario):
            do {
                let backend = try InProcessBackend(scenario: scenario)
                let defaults = await backend.world.session
                return .success(Store.Opened(backend, defaults: ScenarioDefaults(settings: defaults.settings, username: defaults.user)))
            } catch {
                return .failure(Store.ConnectError(error.description))
            }
        case .remote(let url):
            return .failure(Store.ConnectError("no remote backend at \(url): this build has no HTTP client"))
        }
    }
}
