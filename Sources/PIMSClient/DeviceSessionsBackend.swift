import PIMS

/// A server without its admin token: each session the front creates becomes the server's own device
/// session (`POST /v1/sessions` with its settings) on its first call; every other simulator control
/// is refused with what to do. The flows work; the simulator panel needs the admin token.
public actor DeviceSessionsBackend: PIMSBackend {
    private let url: String
    private var clients: [String: PIMSClient] = [:]

    public init(url: String) { self.url = url }

    public func send(_ request: PIMSRequest, session: String) async -> PIMSResponse {
        guard let client = clients[session] ?? (try? PIMSClient(url: url, adminToken: nil)) else {
            return .failure("local", PIMSError(.noInternet, detail: "not a server URL: \(url)"))
        }
        clients[session] = client
        return await client.send(request, session: session)
    }

    public func control(_ control: SimControl) async -> SimAnswer {
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
