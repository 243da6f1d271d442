import Foundation
import HTTPTypes
import Hummingbird
import Logging
import SimKernel
import SimWorld

/// The routes of `enrollsim serve` (docs/openapi.yaml describes them).
struct Routes: Sendable {
    static let bodyLimit = 64 * 1024
    /// Every route's path and method: the router's table, and the `Allow` of a 405.
    static let methods: [String: HTTPRequest.Method] = [
"/healthz": .get, "/v1/sessions": .post, "/v1/call": .post, "/v1/pims": .post, "/v1/sim": .post, "/v1/events": .get,
    ]

    let core: ServerCore
    let auth: AdminAuth
    let streams: EventStreamLimits
    let streamQuota: StreamQuota

    func register(on router: Router<ServerContext>) {
        router.get("/healthz") { _, _ in await health() }
        // HEAD answers as GET does, without the body (monitors probe with it).
        router.head("/healthz") { _, _ in await health().withoutBody() }
        router.post("/v1/sessions") { request, context in try await openSession(request, context) }
        router.post("/v1/call") { request, context in try await call(request, context) }
        // The route's first name, kept so that scripts written for PIMS alone go on working.
        router.post("/v1/pims") { request, context in try await call(request, context) }
        router.post("/v1/sim") { request, context in try await sim(request, context) }
        router.get("/v1/events") { request, context in try events(request, context) }
    }

    /// 200 `ok`, or 503 `failing` with the cause while the database refuses commits (reads still
    /// answer; writes answer 503 until a commit succeeds again).
    func health() async -> Response {
        let stats = await core.stats
        var body: [String: JSONValue] = ["status": "ok", "scenario": .string(core.world.name),
                                         "commits": .int(stats.commits), "durableChanges": .int(stats.changes)]
        guard let failure = await core.commits.failure else { return .json(.object(body)) }
        body["status"] = "failing"
        body["error"] = .string("the last commit failed: \(failure)")
        return .json(.object(body), status: .serviceUnavailable)
    }

    /// `{"device", "platform", "sdk", "variant"}` → a device session; `{"attach": "<name>"}` with the
    /// admin token → a token for the world's session of that name.
    func openSession(_ request: Request, _ context: ServerContext) async throws -> Response {
        let body = try await Self.jsonObject(request)
        if let attach = body["attach"] {
            try auth.check(request)
            try Self.refuseUnknownKeys(body, allowed: ["attach"], in: "an attachment")
            guard let name = attach.stringValue, !name.isEmpty else { throw HTTPError(.badRequest, message: "\"attach\" must be a session name") }
            let (token, ticket) = core.live.attach(name)
            try await durable(ticket)
            context.logger.info("session attached", metadata: ["session": .escaped(name)])
            return .json(["session": .string(token), "name": .string(name)], status: .created)
        }
        try checkSessionToken(request)
        try Self.refuseUnknownKeys(body, allowed: Set(["device"] + World.sessionOptionKeys), in: "session settings")
        let control = SimControl("session", body)
        try Self.parse { try World.check(control) }
        guard case .session(_, let settings) = try Self.parse({ try KernelControl(control) }) else {
            throw HTTPError(.badRequest, message: "expected {\"device\", …options}")
        }
        if core.live.deviceSessions >= core.live.policy.rateFrom, let wait = core.sessionRate.take(context.clientAddress) {
            throw HTTPError(.tooManyRequests, headers: [.retryAfter: "\(wait)"],
                            message: "too many new sessions from \(context.clientAddress): at most \(core.live.policy.perMinute) a minute; retry in \(wait) s")
        }
        guard let (token, name, ticket) = core.live.openSession(settings) else {
            let wait = Self.describe(core.live.policy.giveWayAfter)
            throw HTTPError(.tooManyRequests, headers: [.retryAfter: "\(core.live.policy.giveWayAfter.components.seconds)"],
                            message: "the server holds its maximum of \(core.live.policy.cap) device sessions, each used within \(wait); "
                            + "a session unused for \(wait) gives way to a new one: retry in \(wait)")
        }
        try await durable(ticket)
        startReading(name)
        context.logger.info("session opened", metadata: ["session": "\(name)", "device": .escaped(settings.device)])
        return .json(["session": .string(token), "name": .string(name)], status: .created)
    }

    /// A call of any system on the bearer's session: 200 with the envelope, FAILED included.
    func call(_ request: Request, _ context: ServerContext) async throws -> Response {
        let digest = BearerSecret.digest(try AdminAuth.bearer(request, expecting: "session token"))
        let unknown = AdminAuth.unauthorized("unknown session token (POST /v1/sessions gives one)")
        try checkOpen(core.live.use(digest: digest))
        let call = try Self.callRequest(try await Self.json(request))
        guard let (outcome, ticket) = core.live.call(call, digest: digest) else {
            try checkOpen(core.live.use(digest: digest))  // ended meanwhile: say how
            throw unknown
        }
        try await durable(ticket)
        if core.honoursLatency && outcome.latencyMs > 0 {
            try await Task.sleep(for: .milliseconds(outcome.latencyMs))
        }
        context.logger.debug("call", metadata: ["name": .escaped(call.name), "status": "\(outcome.response.status.rawValue)",
                                                "code": "\(outcome.response.errorCode?.description ?? "-")"])
        return .json(Self.answer(outcome.response, traced: request.headers[values: Self.traceHeader].contains("1")))
    }

    static let envelopeKeys: Set<String> = ["type", "name", "params"]

    /// A call envelope read, or a 400 that says what is wrong with it.
    static func callRequest(_ json: JSONValue) throws -> CallRequest {
        let call = try parse { try CallRequest(json: json) }
        // The bearer token chooses the session: a `session` key (as in batch) would be silently ignored.
        try refuseUnknownKeys(json.objectValue ?? [:], allowed: envelopeKeys, in: "a request envelope")
        return call
    }

    /// Asks the server to add each answer's `trace` (the rule and branch that answered, for walks and
    /// coverage): never sent otherwise, so clients see the envelope the SDK gives them.
    static let traceHeader = HTTPField.Name("Enrollsim-Trace")!

    static func answer(_ response: CallResponse, traced: Bool) -> JSONValue {
        guard traced, let trace = response.trace, case .object(var o) = response.json else { return response.json }
        o["trace"] = trace.json
        return .object(o)
    }

    /// A simulator control, answered as `batch` answers it (`{"ok": false, …}` is still a 200).
    func sim(_ request: Request, _ context: ServerContext) async throws -> Response {
        try auth.check(request)
        let json = try await Self.json(request)
        let control = try Self.parse { try SimControl(json: json) }
        try Self.parse { try World.check(control) }
        if case .events(let session)? = try? KernelControl(control) { return .json(readEvents(session).json) }
        let (answer, ticket) = core.live.control(control)
        try await durable(ticket)
        if control.kind == "session", answer.ok, let name = control.fields["session"]?.stringValue { startReading(name) }
        context.logger.info("control", metadata: ["sim": .escaped(json["sim"]?.stringValue ?? ""), "ok": "\(answer.ok)"])
        return .json(answer.json)
    }

    /// `{"sim": "events", "session": S}`: S's events since its last read, as `/v1/events` words them;
    /// the first read answers those since the session's creation (or this server's start, for a
    /// session older than it), with a `gap` when the hub no longer keeps some.
    private func readEvents(_ session: String) -> SimAnswer {
        let read = core.eventReaders.withLock { readers -> EventHub.Reading in
            let read = core.events.read(for: session, after: readers.position(of: session))
            readers.positions[session] = read.lastID
            return read
        }
        return .success(read.answerFields(keeping: EventHub.defaultRetention))
    }

    /// A session created (the `session` control, a device session): its reading starts here.
    func startReading(_ session: String) {
        let last = core.events.lastID
        core.eventReaders.withLock { $0.start(session, at: last, sessions: { Set(core.live.world.sessions.map(\.name)) }) }
    }

    func durable(_ ticket: LiveWorld.Ticket) async throws {
        do {
            try await core.commits.waitUntilDurable(ticket)
        } catch {
            throw HTTPError(.serviceUnavailable, message: "not saved: \(error)")
        }
    }

    // MARK: bodies

    static func json(_ request: Request) async throws -> JSONValue {
        // Only JSON: a web page can send text/plain or a form anywhere without asking first, never JSON.
        let header = request.headers[.contentType]
        // The header as clients send it is taken as it is; any other spelling is parsed.
        let mediaType = header == "application/json" ? header : header?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/json" else {
            throw HTTPError(.unsupportedMediaType, message: "the body must be JSON, sent with \"Content-Type: application/json\" (not \(mediaType.map { "\"\($0.escapingControlCharacters)\"" } ?? "none"))")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: bodyLimit)
        } catch let error as any HTTPResponseError {
            throw error  // over the limit: 413
        } catch {
            // A truncated body, a bad chunk size, a connection closed mid-body: the client's doing.
            throw ClientError(message: "the request body could not be read (\(error))")
        }
        return try parseJSON(buffer)
    }

    /// A body read whole, as JSON, or a 400.
    static func parseJSON(_ buffer: ByteBuffer) throws -> JSONValue {
        // JSON is UTF-8 (RFC 8259): a byte that is not is refused, not replaced by U+FFFD.
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
            throw HTTPError(.badRequest, message: "malformed JSON: the body is not UTF-8 text")
        }
        do {
            return try JSONText.parse(text)
        } catch {
            throw HTTPError(.badRequest, message: "malformed JSON: \(error.description)")
        }
    }

    static func jsonObject(_ request: Request) async throws -> [String: JSONValue] {
        let json = try await json(request)
        guard let o = json.objectValue else { throw HTTPError(.badRequest, message: "the body must be a JSON object, not a \(json.typeName)") }
        return o
    }

    static func refuseUnknownKeys(_ object: [String: JSONValue], allowed: Set<String>, in what: String) throws {
        let unknown = object.keys.filter { !allowed.contains($0) }.sorted()
        guard unknown.isEmpty else {
            let hint = unknown.contains("session") && what == "a request envelope" ? " (the bearer token chooses the session)" : ""
            throw HTTPError(.badRequest, message: "unknown key\(unknown.count == 1 ? "" : "s") \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")) in \(what)\(hint); known: \(allowed.sorted().joined(separator: ", "))")
        }
    }

    /// Device sessions need the session token when the server was given one (the admin token also works).
    func checkSessionToken(_ request: Request) throws {
        guard let required = core.live.policy.token else { return }
        let given = try AdminAuth.bearer(request, expecting: "session-opening token")
        guard BearerSecret.equal(given, required) || auth.isAdmin(request) else {
            throw AdminAuth.unauthorized("wrong session-opening token (serve --session-token)")
        }
    }

    /// A 401 unless the token opens a session; an expired one says so.
    func checkOpen(_ state: LiveWorld.TokenState) throws {
        switch state {
        case .open: return
        case .expired, .ended(.expired):
            throw AdminAuth.unauthorized("session expired: unused for \(Self.describe(core.live.policy.idle)) (POST /v1/sessions gives a new one)")
        case .ended(.gaveWay):
            let policy = core.live.policy
            throw HTTPError(.gone, message: "session ended to make room: the server holds at most \(policy.cap) device sessions, and at the cap "
                            + "those never used or unused for \(Self.describe(policy.giveWayAfter)) give way to new ones; "
                            + "open a new session (POST /v1/sessions): what this one held is gone")
        case .ended(.endedByAdmin):
            throw HTTPError(.gone, message: "session ended by the server's admin; open a new session (POST /v1/sessions): what this one held is gone")
        case .unknown:
            throw AdminAuth.unauthorized("unknown session token (POST /v1/sessions gives one)")
        }
    }

    /// `24 h`, `5 min`, `90 s`.
    static func describe(_ d: Duration) -> String {
        let s = d.components.seconds
        if s >= 3600 && s % 3600 == 0 { return "\(s / 3600) h" }
        if s >= 60 && s % 60 == 0 { return "\(s / 60) min" }
        return "\(s) s"
    }

    /// Runs a parse of the contract's types, turning its error into a 400 that repeats it.
    static func parse<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw HTTPError(.badRequest, message: "\(error)") }
    }
}

/// A request the client got wrong at the transport level: 400, logged at debug (not an error of ours).
struct ClientError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension Response {
    /// The same answer without its body, its length kept (HEAD).
    func withoutBody() -> Response {
        var headers = self.headers
        if headers[.contentLength] == nil, let length = body.contentLength { headers[.contentLength] = "\(length)" }
        return Response(status: status, headers: headers, body: ResponseBody())
    }
}

extension Logger.MetadataValue {
    /// A value from a client (a device name, a username), escaped so that it cannot forge a log line.
    static func escaped(_ text: String) -> Logger.MetadataValue { .string(text.escapingControlCharacters) }
}
