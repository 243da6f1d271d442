import Synchronization

/// Fans published events out to subscribers, in order, each once, and keeps the newest ones so that a
/// subscriber that reconnects can resume after the last id it saw (`Last-Event-ID`).
public final class EventHub: Sendable {
    /// How many events are kept for resuming; an older id resumes from the oldest kept.
    public static let defaultRetention = 10_000

    fileprivate struct Subscriber {
        let session: String
        let continuation: AsyncStream<SimEvent>.Continuation
    }

    fileprivate struct State {
        var retained: [SimEvent] = []
        var head = 0
        var subscribers: [Int: Subscriber] = [:]
        var nextSubscriber = 0
        var lastID: Int
        var finished = false
    }

    private let state: Mutex<State>
    private let retention: Int

    /// - Parameter history: events already published (by an earlier run of the server), oldest first.
    /// - Parameter retention: how many events are kept for resuming (0: none).
    public init(history: [SimEvent] = [], retention: Int = EventHub.defaultRetention) {
        self.retention = max(0, retention)
        var s = State(lastID: history.last?.id ?? 0)
        s.retained = Array(history.suffix(self.retention))
        state = Mutex(s)
    }

    /// The id of the newest event published.
    public var lastID: Int { state.withLock { $0.lastID } }

    /// Publishes events (ids increasing) to every subscriber they concern.
    public func publish(_ events: [SimEvent]) {
        guard !events.isEmpty else { return }
        state.withLock { s in
            for event in events {
                s.lastID = max(s.lastID, event.id)
                s.retain(event, limit: retention)
                for sub in s.subscribers.values where event.concerns(sub.session) { sub.continuation.yield(event) }
            }
        }
    }

    /// The events for `session` from now on; with `after`, first those kept with a larger id.
    public func subscribe(session: String, after: Int? = nil) -> AsyncStream<SimEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: SimEvent.self, bufferingPolicy: .unbounded)
        let id: Int? = state.withLock { s -> Int? in
            if s.finished { return nil }
            if let after {
                for event in s.ordered where event.id > after && event.concerns(session) { continuation.yield(event) }
            }
            let id = s.nextSubscriber
            s.nextSubscriber += 1
            s.subscribers[id] = Subscriber(session: session, continuation: continuation)
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Ends every subscription (the backend is going away).
    public func finish() {
        let subs = state.withLock { s in
            s.finished = true
            defer { s.subscribers = [:] }
            return Array(s.subscribers.values)
        }
        for sub in subs { sub.continuation.finish() }
    }

    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }
}

extension EventHub.State {
    /// A ring: appending stays O(1) once full.
    mutating func retain(_ event: SimEvent, limit: Int) {
        if limit == 0 { return }
        if retained.count < limit {
            retained.append(event)
        } else {
            retained[head] = event
            head = (head + 1) % limit
        }
    }

    var ordered: [SimEvent] { Array(retained[head...] + retained[..<head]) }
}
