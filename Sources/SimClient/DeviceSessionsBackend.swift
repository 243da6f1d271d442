import SimKernel

/// A server without its admin token: each session the front creates becomes the server's own device
/// session (`POST /v1/sessions` with its settings) on its first call; every other simulator control
/// is refused with what to do. The flows work; the simulator panel needs the admin token.
public actor DeviceSessionsBackend: SimBackend {
    private let url: String
    private let sessionToken: String?
    private var clients: [String: RemoteBackend] = [:]
    private let trace: Bool

    /// - Parameter trace: ask for each answer's trace (a walk records it).
    public init(url: String, sessionToken: String? = nil, trace: Bool = false) {
        self.url = url
        self.sessionToken = sessionToken
        self.trace = trace
    }

    public func send(_ request: CallRequest, session: String) async -> CallResponse {
        guard let client = clients[session] ?? (try? RemoteBackend(url: url, adminToken: nil, sessionToken: sessionToken, trace: trace)) else {
            return .failure("local", .transport(.noInternet, detail: "not a server URL: \(RemoteBackend.shown(url))"))
        }
        clients[session] = client
        return await client.send(request, session: session)
    }

    /// The session's events, from its own device session on the server.
    public nonisolated func events(session: String) -> AsyncStream<SimEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: SimEvent.self)
        let task = Task {
            guard let client = await self.client(session) else { return continuation.finish() }
            for await event in client.events(session: session) { continuation.yield(event) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func client(_ session: String) -> RemoteBackend? {
        if let client = clients[session] { return client }
        let client = try? RemoteBackend(url: url, adminToken: nil, sessionToken: sessionToken, trace: trace)
        clients[session] = client
        return client
    }

    public func control(_ control: SimControl) async -> SimAnswer {
        guard control.kind == "session", case .session(let name, let settings)? = try? KernelControl(control) else {
            return .failure("the simulator controls need the server's admin token: start with --admin-token (or ENROLLSIM_ADMIN_TOKEN)")
        }
        do {
            clients[name] = try RemoteBackend(url: url, adminToken: nil, sessionToken: sessionToken, device: settings, trace: trace)
            return .success(["session": .string(name)])
        } catch {
            return .failure(error.description)
        }
    }
}
