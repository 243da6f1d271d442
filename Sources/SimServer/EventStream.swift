import HTTPTypes
import Hummingbird
import ServiceLifecycle
import SimKernel

/// `GET /v1/events`: a session's events as server-sent events (`text/event-stream`), one JSON event
/// per message with its id, a comment every heartbeat while idle, resumable with `Last-Event-ID`.
extension Routes {
    /// The session is the bearer's (a session token), or `?session=NAME` with the admin token.
    func events(_ request: Request, _ context: ServerContext) throws -> Response {
        let session: String
        if auth.isAdmin(request) {
            guard let name = request.uri.queryParameters["session"].map(String.init), !name.isEmpty else {
                throw HTTPError(.badRequest, message: "with the admin token, name the session: /v1/events?session=NAME")
            }
            session = name
        } else {
            let digest = BearerSecret.digest(try AdminAuth.bearer(request, expecting: "session token"))
            let state = core.live.use(digest: digest)
            try checkOpen(state)
            guard case .open(let name) = state else { return Response(status: .unauthorized) }
            session = name
        }
        var after: Int?
        if let header = request.headers[values: .lastEventID].first {
            guard let id = Int(header), id >= 0 else { throw HTTPError(.badRequest, message: "Last-Event-ID must be an event id, not \"\(header)\"") }
            after = id
        }
        context.logger.debug("events", metadata: ["session": .escaped(session), "after": "\(after.map(String.init) ?? "-")"])
        let stream = core.events.subscribe(session: session, after: after)
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                        body: ServerSentEvents.body(stream, heartbeat: heartbeat))
    }
}

enum ServerSentEvents {
    /// One event as a message: `id`, `event` (its kind) and `data` (the event as JSON, one line).
    static func message(_ event: SimEvent) -> String {
        "id: \(event.id)\nevent: \(event.kind.rawValue)\ndata: \(JSONText.encode(event.json))\n\n"
    }

    static func body(_ events: AsyncStream<SimEvent>, heartbeat: Duration) -> ResponseBody {
        ResponseBody { writer in
            let (messages, continuation) = AsyncStream.makeStream(of: String.self)
            let pump = Task {
                for await event in events { continuation.yield(message(event)) }
                continuation.finish()
            }
            let beat = Task {
                while !Task.isCancelled {
                    try await Task.sleep(for: heartbeat)
                    continuation.yield(": heartbeat\n\n")
                }
            }
            defer {
                pump.cancel()
                beat.cancel()
            }
            // The client reconnects after a second if the stream drops; the first bytes also send the
            // headers at once.
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            try await withGracefulShutdownHandler {
                for await m in messages { try await writer.write(ByteBuffer(string: m)) }
            } onGracefulShutdown: {
                continuation.finish()
            }
            try await writer.finish(nil)
        }
    }
}

extension HTTPField.Name {
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
