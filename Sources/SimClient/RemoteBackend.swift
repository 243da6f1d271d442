import Foundation
import SimKernel
import Synchronization

/// The `SimBackend` over HTTP, talking to `enrollsim serve`: calls of every system, controls, and
/// the session's events as a stream it keeps open (reconnecting, resuming after the last event seen).
/// Every failure, transport included, is a FAILED envelope (`TransportFailure`), as the SDK hands it
/// to an app.
///
/// Sessions: a session name maps to a bearer token, asked for on first use. With the admin token the
/// client *attaches* to the world's session of that name (`{"attach": name}`), so `"default"` is the
/// scenario's default session and the sessions that `session` controls create behave exactly as in
/// `batch`. Without it, each name gets a device session of its own, made from `device`.
public final class RemoteBackend: SimBackend {
    public let baseURL: String
    let adminToken: String?
    /// The server's session-opening token (`serve --session-token`), for device sessions.
    private let sessionToken: String?
    private let device: SessionSettings
    private let trace: Bool
    private let timeout: Duration
    let http: HTTPTransport
    let base: URL
    let backoff: Backoff
    private let tokens = Mutex<[String: Task<String, any Error>]>([:])
    private let localFailures = Atomic<Int>(0)

    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// A URL as messages show it: any `user:password@` masked, control characters escaped.
    static func shown(_ url: String) -> String {
        var text = Substring(url)
        var prefix = ""
        if let scheme = text.range(of: "://") {
            prefix = String(text[..<scheme.upperBound])
            text = text[scheme.upperBound...]
        }
        let authority = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") {
            text = "•••" + text[at...]
        }
        return (prefix + text).escapingControlCharacters
    }

    /// - Parameters:
    ///   - url: `http://HOST:PORT` of the server.
    ///   - adminToken: the server's admin token: controls (`/v1/sim`) and named sessions need it.
    ///   - device: the settings of device sessions, used without an admin token.
    ///   - sessionToken: the token a server started with `--session-token` needs to open them.
    ///   - timeout: how long one request may take before it answers 2201.
    ///   - trace: ask for each answer's trace (the rule and branch that answered: a walk records it).
    public init(url: String, adminToken: String?, sessionToken: String? = nil, device: SessionSettings = SessionSettings(device: "enrollsim-terminal"),
                timeout: Duration = .seconds(10), transport: HTTPTransport? = nil,
                eventBackoff: Backoff = Backoff(), trace: Bool = false) throws(SetupError) {
        self.trace = trace
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        guard let parsed = URL(string: base), let scheme = parsed.scheme, ["http", "https"].contains(scheme), parsed.host != nil,
              parsed.path.isEmpty
        else { throw SetupError(description: "the backend must be a URL like http://127.0.0.1:8080, not \"\(Self.shown(url))\"") }
        // The server takes tokens, never a user and password: a URL carrying them is refused, and
        // no message repeats them.
        if parsed.user != nil || parsed.password != nil {
            throw SetupError(description: "the backend URL must not carry a user or password (\"\(Self.shown(url))\"): "
                + "the admin token goes in --admin-token or ENROLLSIM_ADMIN_TOKEN")
        }
        // A port past 65535 traps inside the HTTP client (SocketAddress takes a UInt16): refused here.
        if let port = parsed.port, !(1...65_535).contains(port) {
            throw SetupError(description: "the backend's port must be 1 to 65535, not \(port) (in \"\(Self.shown(url))\")")
        }
        baseURL = base
        self.base = parsed
        self.adminToken = adminToken
        self.sessionToken = sessionToken
        self.device = device
        self.timeout = timeout
        // A transport of its own by default: one backend's traffic never queues behind another's.
        http = transport ?? HTTPTransport()
        backoff = eventBackoff
    }

    // MARK: SimBackend

    public func send(_ request: CallRequest, session: String) async -> CallResponse {
        do {
            var (status, body) = try await post("/v1/call", request.json, bearer: try await token(for: session))
            if status == 401 {
                // The server no longer knows the token (its database was replaced): a new one, once.
                // A 401 is answered before the call runs, so sending it again cannot run it twice.
                forget(session)
                (status, body) = try await post("/v1/call", request.json, bearer: try await token(for: session))
            }
            if status == 410 {
                // The server ended this device session (to make room, or by the admin's hand): said
                // as such, not sent again; the next call opens a new session.
                forget(session)
                return localFailure(.sessionEnded(detail: TransportFailure.message(of: body)))
            }
            guard status == 200 else { return localFailure(TransportFailure.error(status: status, body: body, url: baseURL)) }
            do {
                let json = try JSONText.parse(body)
                var response = try CallResponse(json: json)
                response.trace = json["trace"].flatMap(AnswerTrace.init(json:))
                return response
            } catch {
                return localFailure(.transport(.invalidReturn, detail: "not an envelope: \(error)"))
            }
        } catch let error as RefusedToken {
            return localFailure(error.error)
        } catch {
            return localFailure(TransportFailure.error(for: error, url: baseURL))
        }
    }

    public func control(_ requested: SimControl) async -> SimAnswer {
        guard let adminToken else {
            return .failure("the simulator controls need the server's admin token (--admin-token or ENROLLSIM_ADMIN_TOKEN)")
        }
        let control: SimControl
        switch Self.withLocalFile(requested) {
        case .success(let c): control = c
        case .failure(let error): return .failure(error.message)
        }
        do {
            let (status, body) = try await post("/v1/sim", control.json, bearer: adminToken)
            let json = try? JSONText.parse(body)
            guard status == 200, let json else {
                return .failure("HTTP \(status) from \(baseURL): \(json?["error"]?.stringValue ?? body)")
            }
            return SimAnswer(json: json)
        } catch {
            return .failure(TransportFailure.error(for: error, url: baseURL).detail ?? "\(error)")
        }
    }

    /// The server cannot read this machine's files: a `load` of a file sends its text.
    static func withLocalFile(_ control: SimControl) -> Result<SimControl, LocalFileError> {
        guard control.kind == "load", control.fields["yaml"] == nil, let written = control.fields["scenario"]?.stringValue,
              case .file(let path) = ScenarioSource.parse(written)
        else { return .success(control) }
        guard FileManager.default.fileExists(atPath: path) else { return .failure(LocalFileError("load: \(path): no such file")) }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(LocalFileError("load: \(path): cannot read the file")) }
        guard let yaml = String(data: data, encoding: .utf8) else { return .failure(LocalFileError("load: \(path): the file is not UTF-8 text")) }
        return .success(.load(.yaml(yaml, origin: path)))
    }

    struct LocalFileError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    // MARK: sessions

    /// A session the server would not open (wrong admin token, bad settings): its words, as 2204.
    struct RefusedToken: Error {
        let error: CallError
    }

    /// The bearer token of a session name: one request per name, shared by concurrent first uses.
    private func token(for session: String) async throws -> String {
        let task = tokens.withLock { tokens in
            if let task = tokens[session] { return task }
            let task = Task { try await self.openSession(session) }
            tokens[session] = task
            return task
        }
        do {
            return try await task.value
        } catch {
            // Not kept: the next call asks again (the server may be back).
            tokens.withLock { tokens in if tokens[session] == task { tokens[session] = nil } }
            throw error
        }
    }

    private func forget(_ session: String) {
        _ = tokens.withLock { $0.removeValue(forKey: session) }
    }

    private func openSession(_ name: String) async throws -> String {
        let body: JSONValue
        let bearer: String?
        if let adminToken {
            body = ["attach": .string(name)]
            bearer = adminToken
        } else {
            body = .object(device.options.merging(["device": .string(device.device)]) { _, new in new })
            bearer = sessionToken
        }
        let (status, text) = try await post("/v1/sessions", body, bearer: bearer)
        guard status == 201, let token = (try? JSONText.parse(text))?["session"]?.stringValue else {
            throw RefusedToken(error: TransportFailure.error(status: status, body: text, url: baseURL))
        }
        return token
    }

    // MARK: transport

    /// Opens the session if needed and returns its bearer token (the event stream authenticates with it).
    func bearer(for session: String) async throws -> String { try await token(for: session) }

    func forgetToken(_ session: String) { forget(session) }

    private func post(_ path: String, _ body: JSONValue, bearer: String?) async throws -> (status: Int, body: String) {
        var headers = [("Content-Type", "application/json")]
        if let bearer { headers.append(("Authorization", "Bearer \(bearer)")) }
        if trace && path == "/v1/call" { headers.append(("Enrollsim-Trace", "1")) }
        let answer = try await http.send("POST", url(path), headers: headers, body: Data(JSONText.encode(body).utf8), timeout: timeout)
        return (answer.status, answer.text)
    }

    /// `path` (with its query) on the server.
    func url(_ path: String) -> URL { URL(string: baseURL + path) ?? base }

    /// A failure the client makes itself: no server transaction, so a local id.
    private func localFailure(_ error: CallError) -> CallResponse {
        let n = localFailures.add(1, ordering: .relaxed).newValue
        return .failure("local-\(n)", error)
    }
}
