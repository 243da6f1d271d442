import Synchronization

/// Fans published events out to subscribers, in order, each once, and keeps the newest ones so that a
/// subscriber that reconnects can resume after the last id it saw (`Last-Event-ID`).
///
/// No subscriber is ever resumed under a lock its own cancellation needs: `publish` picks its
/// subscribers under the state lock and yields outside it, and a subscription that ends only raises
/// a flag (it is forgotten at the next publish or subscribe). Each subscriber buffers at most
/// `capacity` events: one that falls further behind is cut off (`Subscription.overflowed`), never
/// handed a gap, and resumes after the last event it took.
public final class EventHub: Sendable {
    /// How many events are kept for resuming; an older id resumes from the oldest kept.
    public static let defaultRetention = 10_000
    /// How many events a subscriber may have waiting before it is cut off.
    public static let defaultCapacity = 1_000

    /// One subscriber's end of the hub. Its flags are atomics: the stream's termination handler runs
    /// under the consuming task's status lock, where taking the hub's lock could deadlock.
    fileprivate final class Sink: Sendable {
        let session: String
        /// Whether the subscriber is the back office (`SimEvent.backOffice`).
        let backOffice: Bool
        let continuation: AsyncStream<SimEvent>.Continuation
        let ended = Atomic(false)
        let overflowed = Atomic(false)

        init(session: String, backOffice: Bool, continuation: AsyncStream<SimEvent>.Continuation) {
            self.session = session
            self.backOffice = backOffice
            self.continuation = continuation
        }

        func wants(_ event: SimEvent) -> Bool { event.concerns(session, asBackOffice: backOffice) }

        /// Hands one event over; false once this subscriber is gone or cut off.
        func deliver(_ event: SimEvent) -> Bool {
            switch continuation.yield(event) {
            case .enqueued: return true
            case .dropped:
                overflowed.store(true, ordering: .sequentiallyConsistent)
                continuation.finish()
                return false
            case .terminated: return false
            @unknown default: return false
            }
        }
    }

    fileprivate struct State {
        var retained: [SimEvent] = []
        var head = 0
        var sinks: [Sink] = []
        var lastID: Int
        var finished = false
    }

    private let state: Mutex<State>
    /// Held by one publisher at a time while it yields, so that two publishers never interleave
    /// (events reach each subscriber in id order). Termination handlers never take it.
    private let publishing = Mutex(())
    private let retention: Int
    private let capacity: Int

    /// - Parameter history: events already published (by an earlier run of the server), oldest first.
    /// - Parameter retention: how many events are kept for resuming (0: none).
    /// - Parameter capacity: how many events one subscriber may have waiting before it is cut off.
    public init(history: [SimEvent] = [], retention: Int = EventHub.defaultRetention, capacity: Int = EventHub.defaultCapacity) {
        self.retention = max(0, retention)
        self.capacity = max(1, capacity)
        var s = State(lastID: history.last?.id ?? 0)
        s.retained = Array(history.suffix(self.retention))
        state = Mutex(s)
    }

    /// The id of the newest event published.
    public var lastID: Int { state.withLock { $0.lastID } }

    /// Publishes events (ids increasing) to every subscriber they concern.
    public func publish(_ events: [SimEvent]) {
        guard !events.isEmpty else { return }
        publishing.withLock { _ in
            let sinks = state.withLock { s -> [Sink] in
                for event in events {
                    s.lastID = max(s.lastID, event.id)
                    s.retain(event, limit: retention)
                }
                s.forgetEnded()
                return s.sinks
            }
            // Outside the state lock: a yield may wait for a subscriber task being cancelled, whose
            // termination handler must be able to run meanwhile.
            for sink in sinks {
                for event in events where sink.wants(event) {
                    if !sink.deliver(event) { break }
                }
            }
        }
    }

    /// What a subscriber gets: the kept events it asked to resume after, then the live ones.
    public struct Subscription: AsyncSequence, Sendable {
        public typealias Element = SimEvent
        public typealias Failure = Never
        /// The kept events after the id resumed from, oldest first.
        public let backlog: [SimEvent]
        /// The ids asked for that are no longer kept (older than the oldest kept), if any.
        public let missed: ClosedRange<Int>?
        let live: AsyncStream<SimEvent>
        fileprivate let sink: Sink?

        /// The live events alone, after the backlog (a stream that writes its backlog itself).
        public var liveEvents: AsyncStream<SimEvent> { live }

        /// True once this subscriber fell `capacity` events behind: its stream ended after the last
        /// event it had room for, and it should resume after that one.
        public var overflowed: Bool { sink?.overflowed.load(ordering: .sequentiallyConsistent) ?? false }

        public struct AsyncIterator: AsyncIteratorProtocol {
            public typealias Failure = Never
            var backlog: IndexingIterator<[SimEvent]>
            var live: AsyncStream<SimEvent>.AsyncIterator

            public mutating func next() async -> SimEvent? {
                if let event = backlog.next() { return event }
                return await live.next()
            }
        }

        /// Ends the live part now (the subscriber is going away): the hub forgets it.
        public func cancel() { sink?.continuation.finish() }

        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(backlog: backlog.makeIterator(), live: live.makeAsyncIterator())
        }
    }

    /// The events for `session` from now on; with `after`, first those kept with a larger id.
    /// `backOffice`: the subscriber is the back office (the tester, the admin), not a device alone.
    public func subscribe(session: String, after: Int?, backOffice: Bool = true) -> Subscription {
        switch resume(session: session, after: after, limit: nil, backOffice: backOffice) {
        case .caughtUp(let subscription): subscription
        case .page: fatalError("a resume without a limit is never paged")
        }
    }

    /// A resumed subscriber's next step, taken at the pace it reads: a page of the kept events
    /// after `after`, or, once fewer than `limit` remain, those and its subscription to the live ones.
    public enum Resumption: Sendable {
        /// `limit` kept events after the id asked for, oldest first; more follow: ask again after
        /// the last. `missed`: the ids asked for that are no longer kept, if any.
        case page([SimEvent], missed: ClosedRange<Int>?)
        /// Caught up: the rest of the kept events are the subscription's backlog, the live ones follow.
        case caughtUp(Subscription)
    }

    /// The kept events for `session` after `after`, `limit` at a time (`nil`: all at once); nothing
    /// is subscribed until they fit in one page, so a subscriber catching up holds one page, and no
    /// live event waits for it meanwhile (the next page reads it from the kept ones).
    public func resume(session: String, after: Int?, limit: Int?, backOffice: Bool = true) -> Resumption {
        let (stream, continuation) = AsyncStream.makeStream(of: SimEvent.self, bufferingPolicy: .bufferingOldest(capacity))
        let sink = Sink(session: session, backOffice: backOffice, continuation: continuation)
        continuation.onTermination = { _ in sink.ended.store(true, ordering: .sequentiallyConsistent) }
        enum Taken { case finished, page([SimEvent], ClosedRange<Int>?), subscribed([SimEvent], ClosedRange<Int>?) }
        let taken: Taken = state.withLock { s in
            if s.finished { return .finished }
            var backlog: [SimEvent] = [], missed: ClosedRange<Int>?
            if let after {
                let first = s.firstIndex(after: after)
                for i in first..<s.retained.count {
                    let event = s.retained[(s.head + i) % s.retained.count]
                    guard sink.wants(event) else { continue }
                    if let limit, backlog.count == limit { return .page(backlog, s.missed(after: after)) }
                    backlog.append(event)
                }
                missed = s.missed(after: after)
            }
            s.forgetEnded()
            s.sinks.append(sink)
            return .subscribed(backlog, missed)
        }
        switch taken {
        case .finished:
            continuation.finish()
            return .caughtUp(Subscription(backlog: [], missed: nil, live: stream, sink: nil))
        case .page(let events, let missed):
            continuation.finish()
            return .page(events, missed: missed)
        case .subscribed(let backlog, let missed):
            return .caughtUp(Subscription(backlog: backlog, missed: missed, live: stream, sink: sink))
        }
    }

    /// What a script's `events` control reads (without subscribing): the events kept for a session
    /// after an id, the ids asked for that are no longer kept, and the last id published.
    public struct Reading: Sendable {
        public let events: [SimEvent]
        public let missed: ClosedRange<Int>?
        public let lastID: Int

        /// The control's answer: `events`, and `gap` (`from`, `to`, `reason`, as `/v1/events`
        /// words it) when events were dropped before they were read.
        public func answerFields(keeping retention: Int) -> [String: JSONValue] {
            var fields: [String: JSONValue] = ["events": .array(events.map(\.json))]
            if let missed {
                let reason = "events \(missed.lowerBound)–\(missed.upperBound) are no longer kept (the newest \(retention) are kept); read more often"
                fields["gap"] = ["from": .int(missed.lowerBound), "to": .int(missed.upperBound), "reason": .string(reason)]
            }
            return fields
        }
    }

    /// The events kept for `session` with an id above `after`, and what was dropped of those.
    public func read(for session: String, after: Int) -> Reading {
        state.withLock { s in
            let kept = s.ordered
            let events = kept.filter { $0.id > after && $0.concerns(session) }
            // Ids are numbered without holes: anything between `after` and the oldest kept is lost.
            let oldest = kept.first?.id ?? s.lastID + 1
            let missed = oldest > after + 1 ? (after + 1)...(oldest - 1) : nil
            return Reading(events: events, missed: missed, lastID: s.lastID)
        }
    }

    /// The events for `session` from now on (in process: nothing to resume).
    public func subscribe(session: String) -> AsyncStream<SimEvent> {
        subscribe(session: session, after: nil).live
    }

    /// Ends every subscription (the backend is going away).
    public func finish() {
        let sinks = state.withLock { s in
            s.finished = true
            defer { s.sinks = [] }
            return s.sinks
        }
        for sink in sinks { sink.continuation.finish() }
    }

    /// Subscribers whose stream has not ended.
    public var subscriberCount: Int {
        state.withLock { s in s.sinks.count { !$0.ended.load(ordering: .sequentiallyConsistent) } }
    }
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

    /// The position, oldest first, of the first kept event with an id above `id` (ids increase).
    func firstIndex(after id: Int) -> Int {
        var low = 0, high = retained.count
        while low < high {
            let middle = (low + high) / 2
            if retained[(head + middle) % retained.count].id > id { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The ids after `id` that are no longer kept: ids are numbered without holes, so anything
    /// between `id` and the oldest kept is lost.
    func missed(after id: Int) -> ClosedRange<Int>? {
        guard let first = retained.isEmpty ? nil : retained[head], first.id > id + 1 else { return nil }
        return (id + 1)...(first.id - 1)
    }

    /// Drops the subscribers whose stream ended (their handler only flagged it).
    mutating func forgetEnded() {
        sinks.removeAll { $0.ended.load(ordering: .sequentiallyConsistent) }
    }
}
