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
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                        body: ServerSentEvents(hub: core.events, session: session, backOffice: quotaKey == nil, after: after, limits: streams, channel: context.channel,
                                               logger: context.logger, slot: slot).body)
    }
}

/// How an event stream treats a client that does not keep up, and a server that stops.
public struct EventStreamLimits: Sendable {
    /// How often an idle stream sends a comment, so that proxies and clients see it alive.
    public var heartbeat: Duration
    /// Live messages waiting for a client before it is cut off: it is told (an `overflow` message)
    /// to resume after the last id it received, and its stream ends. Also the size of one page of
    /// a resumed stream's catch-up.
    public var backlog: Int
    /// While a resumed stream catches up (sent as fast as the client reads), how long one write
    /// may wait for a client that takes nothing before it is cut off as having stopped reading.
    public var stall: Duration
    /// Once a stream is ending (cut off, or the server stopping), how long the client has to take
    /// what was sent before its connection is closed under it: a client that reads nothing cannot
    /// hold the server open.
    public var grace: Duration

    public init(heartbeat: Duration = .seconds(15), backlog: Int = 256, stall: Duration = .seconds(15), grace: Duration = .seconds(5)) {
        self.heartbeat = heartbeat
        self.backlog = max(1, backlog)
        self.stall = stall
        self.grace = grace
    }
}

/// One client's stream. A resumed one first catches up, a page of kept events at a time written
/// at the pace the client reads them (the connection's back-pressure); then the hub's live events
/// are relayed through a bounded queue to the connection.
struct ServerSentEvents: Sendable {
    let hub: EventHub
    let session: String
    /// Opened with the admin token: the back office's events too (`SimEvent.backOffice`).
    let backOffice: Bool
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

    /// Why a stream was cut off.
    enum CutOff {
        /// `backlog` live messages waited for the client.
        case fellBehind(backlog: Int)
        /// While catching up, a write waited `stall` for a client that took nothing.
        case stalled(Duration)

        var words: String {
            switch self {
            case .fellBehind(let backlog): "this stream fell \(backlog) events behind and is closed"
            case .stalled(let stall): "this stream's client read nothing for \(stall.components.seconds) s while it caught up, and the stream is closed"
            }
        }
    }

    /// The client fell behind: what to resume after, then the connection ends.
    static func overflow(lastID: Int?, _ why: CutOff) -> String {
        let resume = lastID.map { "reconnect with Last-Event-ID: \($0)" } ?? "reconnect with the last event id received as Last-Event-ID"
        var data: [String: JSONValue] = ["reason": .string("\(why.words); \(resume) to resume")]
        if let lastID { data["lastEventId"] = .int(lastID) }
        return "event: overflow\ndata: \(JSONText.encode(.object(data)))\n\n"
    }

    var body: ResponseBody {
        ResponseBody { writer in
            defer { slot.release() }
            let (parts, continuation) = AsyncStream.makeStream(of: Part.self, bufferingPolicy: .bufferingOldest(limits.backlog))
            let cutOff = Flag(), stopping = Flag()
            let closer = ConnectionCloser(channel: channel, grace: limits.grace)
            // A client that stops reading while it catches up: the connection is closed after the
            // grace, unless it reads again meanwhile (then it is told where to resume).
            let watch = StallWatch(limit: limits.stall) { [logger, limits] in
                logger.notice("event stream stalled: the client read nothing for \(limits.stall.components.seconds) s while it caught up; closing it after the grace")
                closer.arm()
            }
            defer {
                watch.stop()
                closer.disarm()
            }
            // Subscribed (or the first page taken) before the first bytes: a client that has read
            // them misses nothing published after.
            var step = hub.resume(session: session, after: after, limit: limits.backlog, backOffice: backOffice)
            // The client reconnects after a second if the stream drops; the first bytes also send the
            // headers at once.
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            var lastID = after
            try await withGracefulShutdownHandler {
                // Catching up: one page at a time, each write waiting for the client to take the last.
                var subscription: EventHub.Subscription?
                while subscription == nil, !stopping.isRaised, !watch.stalled.isRaised {
                    let events: [SimEvent], missed: ClosedRange<Int>?
                    switch step {
                    case .page(let page, let gap):
                        events = page
                        missed = gap
                    case .caughtUp(let live):
                        events = live.backlog
                        missed = live.missed
                        subscription = live
                    }
                    if let missed { try await watch.guarding { try await writer.write(ByteBuffer(string: Self.gap(missed))) } }
                    for event in events where !stopping.isRaised && !watch.stalled.isRaised {
                        try await watch.guarding { try await writer.write(ByteBuffer(string: Self.message(event))) }
                        lastID = event.id
                    }
                    if subscription == nil, let last = events.last?.id { step = hub.resume(session: session, after: last, limit: limits.backlog, backOffice: backOffice) }
                }
                watch.stop()
                guard let subscription, !stopping.isRaised, !watch.stalled.isRaised else {
                    subscription?.cancel()
                    return
                }
                let pump = Task {
                    for await event in subscription.liveEvents {
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
                }
                for await part in parts {
                    switch part {
                    case .event(let event):
                        try await writer.write(ByteBuffer(string: Self.message(event)))
                        lastID = event.id
                    case .heartbeat:
                        try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                    }
                }
                if subscription.overflowed { cutOff.raise() }
            } onGracefulShutdown: {
                stopping.raise()
                continuation.finish()
                closer.arm()
            }
            if watch.stalled.isRaised {
                logger.notice("event stream cut off: the client read nothing while it caught up", metadata: ["lastEventId": "\(lastID.map(String.init) ?? "-")"])
                try await writer.write(ByteBuffer(string: Self.overflow(lastID: lastID, .stalled(limits.stall))))
            } else if cutOff.isRaised {
                logger.notice("event stream cut off: the client fell behind", metadata: ["lastEventId": "\(lastID.map(String.init) ?? "-")"])
                try await writer.write(ByteBuffer(string: Self.overflow(lastID: lastID, .fellBehind(backlog: limits.backlog))))
            } else {
                try await writer.write(ByteBuffer(string: ": the stream is closing; reconnect with Last-Event-ID to resume\n\n"))
            }
            try await writer.finish(nil)
        }
    }
}

/// Notices a client that takes nothing while a stream catches up: a write still waiting after
/// `limit` raises `stalled` and runs `onStall` (once). `stop()` ends the watch (it must be called:
/// the watching task holds this until then).
final class StallWatch: Sendable {
    let stalled = Flag()
    private let pending = Mutex<ContinuousClock.Instant?>(nil)
    private let watcher = Mutex<Task<Void, Never>?>(nil)

    init(limit: Duration, onStall: @escaping @Sendable () -> Void) {
        let task = Task { [self] in
            // Looked at four times per limit: a stall is seen within a quarter of it.
            while (try? await Task.sleep(for: limit / 4)) != nil {
                guard let since = pending.withLock({ $0 }), ContinuousClock.now - since >= limit else { continue }
                stalled.raise()
                onStall()
                return
            }
        }
        watcher.withLock { $0 = task }
    }

    /// Runs one write, watched.
    func guarding(_ write: () async throws -> Void) async throws {
        pending.withLock { $0 = .now }
        defer { pending.withLock { $0 = nil } }
        try await write()
    }

    func stop() { watcher.withLock { $0?.cancel() } }
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
