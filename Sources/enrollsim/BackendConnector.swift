import Enrollment
import PIMS
import PIMSClient
import PIMSSimulator

/// Opens the backend a session screen asks for: the executable is the one place that knows the
/// concrete backends.
struct BackendConnector: Sendable {
    /// The server's admin token, for a remote backend (the simulator panel and named sessions need it).
    let adminToken: String?

    @Sendable func open(_ choice: BackendChoice) async -> Result<Store.Opened, Store.ConnectError> {
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
            guard let adminToken else { return .success(Store.Opened(DeviceSessionsBackend(url: url))) }
            do {
                return .success(Store.Opened(try PIMSClient(url: url, adminToken: adminToken)))
            } catch {
                return .failure(Store.ConnectError(error.description))
            }
        }
    }
}

/// A server without its admin token: each session the front creates becomes the server's own device
/// session (`POST /v1/sessions` with its settings) on its first call; every other simulator control
/// is refused with what to do. The flows work; the simulator panel needs the admin token.
actor DeviceSessionsBackend: PIMSBackend {
    private let url: String
    private var clients: [String: PIMSClient] = [:]

    init(url: String) { self.url = url }

    func send(_ request: PIMSRequest, session: String) async -> PIMSResponse {
        guard let client = clients[session] ?? (try? PIMSClient(url: url, adminToken: nil)) else {
            return .failure("local", PIMSError(.noInternet, detail: "not a server URL: \(url)"))
        }
        clients[session] = client
        return await client.send(request, session: session)
    }

    func control(_ control: SimControl) async -> SimAnswer {
        guard case .session(let name, let settings) = control else {
            return .failure("the simulator controls need the server's admin token: start with --admin-token (or ENROLLSIM_ADMIN_TOKEN)")
        }
        do {
            clients[name] = try PIMSClient(url: url, adminToken: nil, device: settings)
            return .success(["session": .string(name)])
        } catch {
            return .failure(error.description)
        }
    }
}
