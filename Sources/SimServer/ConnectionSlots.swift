import NIOCore
import NIOHTTPTypes
import Synchronization

/// The open connections and whether each is idle (no request in flight), so that idle keep-alive
/// connections give their slots up when slots run short: without this, 512 clients that send one
/// request each and then nothing hold every slot, and a normal client waits in the kernel's backlog.
///
/// - Past half the slots, a connection idle for `pressureIdle` is closed (instead of `idle`).
/// - Past `maxOpen − reserve`, the longest idle connections are closed until `reserve` slots are free.
/// A connection busy with a request (or an event stream) is never closed here: event streams have
/// quotas of their own (`StreamQuota`), requests their deadline.
final class ConnectionSlots: Sendable {
    private struct Entry {
        let channel: any Channel
        /// Since when it has had no request in flight; nil while one is (or a request's bytes arrive).
        var idleSince: NIODeadline?
        /// Requests begun whose answers are not yet written: pipelined ones, an event stream (never
        /// written to the end), a call answered later.
        var inFlight = 0
        /// No request yet: its client may be about to send the first (spared for `freshGrace`).
        var fresh = true
    }

    /// How long a new connection that has sent nothing yet is spared.
    static let freshGrace = TimeAmount.seconds(1)

    let maxOpen: Int
    let pressureIdle: TimeAmount
    /// A connection with no request in flight for this long is closed (nil: never); `WireCalls`
    /// answers requests that HTTP/1's own idle timer would not see.
    let idle: TimeAmount?
    /// New connections per client address, checked before a connection takes a slot.
    let rate: ConnectionRate?
    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])
    /// Looks at the slots now and then: when nothing opens or answers (every slot held by connections
    /// that send nothing, the server no longer accepting), the pressure still closes idle ones.
    private let sweeper = Mutex<RepeatedTask?>(nil)
    static let sweepEvery = TimeAmount.milliseconds(500)

    init(maxOpen: Int, pressureIdle: TimeAmount, idle: TimeAmount? = nil, rate: ConnectionRate? = nil) {
        self.maxOpen = maxOpen
        self.pressureIdle = pressureIdle
        self.idle = idle
        self.rate = rate
    }

    /// - Parameter clock: the connection rate's (the sessions' wall clock: tests move it).
    convenience init(_ options: TeamServer.Options, clock: WallClock) {
        let limits = options.connections
        self.init(maxOpen: limits.maxOpen, pressureIdle: .nanoseconds(Int64(limits.pressureIdle / .nanoseconds(1))),
                  idle: .nanoseconds(Int64(limits.idle / .nanoseconds(1))),
                  rate: ConnectionRate(perSecond: limits.ratePerAddress, trustedProxies: Set(options.trustedProxies), clock: clock))
    }

    /// Slots kept free while idle connections can give theirs up.
    var reserve: Int { max(1, maxOpen / 8) }

    var open: Int { entries.withLock { $0.count } }

    /// A new connection: idle until its first byte (it holds a slot and asks nothing).
    func opened(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        entries.withLock { $0[id] = Entry(channel: channel, idleSince: .now()) }
        channel.closeFuture.whenComplete { [weak self] _ in self?.closed(id) }
        relieve(sparing: id)
        sweeper.withLock { sweeper in
            guard sweeper == nil else { return }
            sweeper = channel.eventLoop.scheduleRepeatedTask(initialDelay: Self.sweepEvery, delay: Self.sweepEvery) { [weak self] task in
                guard let self else { return task.cancel() }
                self.closeIdle()
                self.relieve(sparing: nil)
            }
        }
    }

    deinit { sweeper.withLock { $0?.cancel() } }

    func closed(_ id: ObjectIdentifier) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }

    /// A request's first byte arrived.
    func busy(_ channel: any Channel) {
        entries.withLock { entries in
            entries[ObjectIdentifier(channel)]?.idleSince = nil
            entries[ObjectIdentifier(channel)]?.fresh = false
        }
    }

    /// A request was read (its head, or the whole of a call answered from the bytes): in flight
    /// until its answer is written.
    func began(_ channel: any Channel) {
        entries.withLock { entries in
            let id = ObjectIdentifier(channel)
            entries[id]?.inFlight += 1
            entries[id]?.idleSince = nil
            entries[id]?.fresh = false
        }
    }

    /// A response ended: once none is in flight, the connection waits for the next request.
    func idle(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        entries.withLock { entries in
            guard var entry = entries[id] else { return }
            entry.inFlight = max(0, entry.inFlight - 1)  // (a parse error's 400 answers no request)
            if entry.inFlight == 0 { entry.idleSince = .now() }
            entries[id] = entry
        }
        relieve(sparing: id)
    }

    /// The promise to give an answer's last write: once it is written (until then the answer still
    /// holds the connection), the connection is idle; `promise`, if any, is the one completed.
    func idleOnceWritten(_ channel: any Channel, _ promise: EventLoopPromise<Void>?) -> EventLoopPromise<Void> {
        let written = promise ?? channel.eventLoop.makePromise()
        written.futureResult.whenSuccess { self.idle(channel) }
        return written
    }

    /// Closes the connections idle for longer than `idle`.
    private func closeIdle() {
        guard let idle else { return }
        let now = NIODeadline.now()
        let expired: [any Channel] = entries.withLock { entries in
            let ids = entries.compactMap { id, e in e.idleSince.flatMap { now - $0 >= idle ? id : nil } }
            return ids.compactMap { entries.removeValue(forKey: $0)?.channel }
        }
        for channel in expired { channel.close(promise: nil) }
    }

    /// Closes the idle connections the pressure says to; `sparing` is the connection that just
    /// opened or answered (its client is there).
    private func relieve(sparing: ObjectIdentifier?) {
        let now = NIODeadline.now()
        let victims: [any Channel] = entries.withLock { entries in
            guard entries.count > maxOpen / 2 else { return [] }
            var idle = entries.compactMap { id, e in e.idleSince.map { (id: id, since: $0, fresh: e.fresh, channel: e.channel) } }
                .filter { $0.id != sparing && !($0.fresh && now - $0.since < Self.freshGrace) }
                .sorted { $0.since < $1.since }
            var closing = idle.prefix { now - $0.since >= pressureIdle }.count
            let excess = entries.count - (maxOpen - reserve)
            closing = min(idle.count, max(closing, excess))
            idle = Array(idle.prefix(closing))
            for v in idle { entries[v.id] = nil }
            return idle.map(\.channel)
        }
        for channel in victims { channel.close(promise: nil) }
    }
}

/// After the HTTP codec: marks the connection idle once a response has ended.
final class ResponseEndSignal: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let slots: ConnectionSlots

    init(slots: ConnectionSlots) { self.slots = slots }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        context.write(data, promise: slots.idleOnceWritten(context.channel, promise))
    }
}
