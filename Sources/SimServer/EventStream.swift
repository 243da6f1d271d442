import HTTPTypes
import Logging
import Hummingbird
import NIOCore
import ServiceLifecycle
import SimKernel
import Synchronization

/// `GET /v1/events`: a session's events as server-sent events (`text/event-stream`), one JSON event
/// per message with its id, a comment every heartbeat while idle, resumable with `Last-Event-ID`.
extension Routes {
    /// The session is the bearer's (a session token), or `?session=NAME` with the admin token.
    func events(_ request: Request, _ context: ServerContext) throws -> Response {
        let session: String, quotaKey: String?
        if auth.isAdmin(request) {
            guard let name = request.uri.queryParameters["session"].map(String.init), !name.isEmpty else {
                throw HTTPError(.badRequest, message: "with the admin token, name the session: /v1/events?session=NAME")
            }
            session = name
            quotaKey = nil  // the admin is trusted: its streams count against no quota
        } else {
            let digest = BearerSecret.digest(try AdminAuth.bearer(request, expecting: "session token"))
            let state = core.live.use(digest: digest)
            try checkOpen(state)
            guard case .open(let name) = state else { return Response(status: .unauthorized) }
            session = name
            quotaKey = digest
        }
        var after: Int?
        if let header = request.headers[values: .lastEventID].first {
            guard let id = Int(header), id >= 0 else { throw HTTPError(.badRequest, message: "Last-Event-ID must be an event id, not \"\(header)\"") }
            after = id
        }
        context.logger.debug("events", metadata: ["session": .escaped(session), "after": "\(after.map(String.init) ?? "-")"])
        // A client that stops reading then holds little in the kernel (autotuning would let the send
        // buffer grow to megabytes) before the stream's own bound cuts it off.
        _ = context.channel.setOption(ChannelOptions.socketOption(.so_sndbuf), value: ServerSentEvents.socketSendBuffer)
        let slot = try quotaKey.map { try streamQuota.take(token: $0, address: context.clientAddress, on: context.channel) } ?? StreamSlot {}
        let subscription = core.events.subscribe(session: session, after: after)
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                        body: ServerSentEvents(subscription: subscription, after: after, limits: streams, channel: context.channel,
                                               logger: context.logger, slot: slot).body)
    }
}

/// How an event stream treats a client that does not keep up, and a server that stops.
public struct EventStreamLimits: Sendable {
    /// How often an idle stream sends a comment, so that proxies and clients see it alive.
    public var heartbeat: Duration
    /// Messages waiting for a client before it is cut off: it is told (an `overflow` message) to
    /// resume after the last id it received, and its stream ends.
    public var backlog: Int
    /// Once a stream is ending (cut off, or the server stopping), how long the client has to take
    /// what was sent before its connection is closed under it: a client that reads nothing cannot
    /// hold the server open.
    public var grace: Duration

    public init(heartbeat: Duration = .seconds(15), backlog: Int = 256, grace: Duration = .seconds(5)) {
        self.heartbeat = heartbeat
        self.backlog = max(1, backlog)
        self.grace = grace
    }
}

/// One client's stream: the hub's events relayed through a bounded queue to the connection.
struct ServerSentEvents: Sendable {
    let subscription: EventHub.Subscription
    let after: Int?
    let limits: EventStreamLimits
    let channel: any Channel
    let logger: Logger
    /// Its place in the stream quota, given back when the stream ends.
    let slot: StreamSlot

    /// The event stream's socket send buffer (the kernel doubles it).
    static let socketSendBuffer = 64 * 1024

    enum Part: Sendable {
        case event(SimEvent)
        case heartbeat
    }

    /// One event as a message: `id`, `event` (its kind) and `data` (the event as JSON, one line).
    static func message(_ event: SimEvent) -> String {
        "id: \(event.id)\nevent: \(event.kind.rawValue)\ndata: \(JSONText.encode(event.json))\n\n"
    }

    /// Ids asked for that the server no longer keeps: said, never skipped silently.
    static func gap(_ missed: ClosedRange<Int>) -> String {
        let reason = "events \(missed.lowerBound)–\(missed.upperBound) are no longer kept (the server keeps the newest \(EventHub.defaultRetention))"
        let data: JSONValue = ["from": .int(missed.lowerBound), "to": .int(missed.upperBound), "reason": .string(reason)]
        return "event: gap\ndata: \(JSONText.encode(data))\n\n"
    }

    /// The client fell behind: what to resume after, then the connection ends.
    static func overflow(lastID: Int?, backlog: Int) -> String {
        let resume = lastID.map { "reconnect with Last-Event-ID: \($0)" } ?? "reconnect with the last event id received as Last-Event-ID"
        var data: [String: JSONValue] = ["reason": .string("this stream fell \(backlog) events behind and is closed; \(resume) to resume")]
        if let lastID { data["lastEventId"] = .int(lastID) }
        return "event: overflow\ndata: \(JSONText.encode(.object(data)))\n\n"
    }

    var body: ResponseBody {
        ResponseBody { writer in
            defer { slot.release() }
            let (parts, continuation) = AsyncStream.makeStream(of: Part.self, bufferingPolicy: .bufferingOldest(limits.backlog))
            let cutOff = Flag()
            let closer = ConnectionCloser(channel: channel, grace: limits.grace)
            let subscription = subscription
            let pump = Task {
                for await event in subscription {
                    if case .dropped = continuation.yield(.event(event)) {
                        cutOff.raise()
                        break
                    }
                }
                // Whatever ended it (cut off, the hub finished, the client gone), the stream ends
                // within the grace from here.
                subscription.cancel()
                continuation.finish()
                closer.arm()
            }
            let beat = Task {
                while !Task.isCancelled {
                    try await Task.sleep(for: limits.heartbeat)
                    continuation.yield(.heartbeat)  // dropped when events are waiting anyway
                }
            }
            defer {
                pump.cancel()
                beat.cancel()
                closer.disarm()
            }
            // The client reconnects after a second if the stream drops; the first bytes also send the
            // headers at once.
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            if let missed = subscription.missed { try await writer.write(ByteBuffer(string: Self.gap(missed))) }
            var lastID = after
            try await withGracefulShutdownHandler {
                for await part in parts {
                    switch part {
                    case .event(let event):
                        try await writer.write(ByteBuffer(string: Self.message(event)))
                        lastID = event.id
                    case .heartbeat:
                        try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                    }
                }
            } onGracefulShutdown: {
                continuation.finish()
                closer.arm()
            }
            if cutOff.isRaised || subscription.overflowed {
                logger.notice("event stream cut off: the client fell behind", metadata: ["lastEventId": "\(lastID.map(String.init) ?? "-")"])
                try await writer.write(ByteBuffer(string: Self.overflow(lastID: lastID, backlog: limits.backlog)))
            } else {
                try await writer.write(ByteBuffer(string: ": the stream is closing; reconnect with Last-Event-ID to resume\n\n"))
            }
            try await writer.finish(nil)
        }
    }
}

/// Closes a connection `grace` after it is armed, unless disarmed first (the response ended: the
/// connection may serve the next request).
final class ConnectionCloser: Sendable {
    private let channel: any Channel
    private let grace: Duration
    private let state = Mutex<(timer: Task<Void, Never>?, disarmed: Bool)>((nil, false))

    init(channel: any Channel, grace: Duration) {
        self.channel = channel
        self.grace = grace
    }

    func arm() {
        state.withLock { s in
            guard s.timer == nil, !s.disarmed else { return }
            s.timer = Task { [channel, grace] in
                guard (try? await Task.sleep(for: grace)) != nil else { return }
                channel.close(promise: nil)
            }
        }
    }

    func disarm() {
        state.withLock { s in
            s.disarmed = true
            s.timer?.cancel()
        }
    }
}

/// A flag raised from one task and read from another.
final class Flag: Sendable {
    private let value = Atomic(false)
    func raise() { value.store(true, ordering: .sequentiallyConsistent) }
    var isRaised: Bool { value.load(ordering: .sequentiallyConsistent) }
}

extension HTTPField.Name {
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
