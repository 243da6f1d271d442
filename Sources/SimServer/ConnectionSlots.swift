import NIOCore
import NIOHTTPTypes
import Synchronization

/// The open connections, each with its client address and what it is doing (sending nothing yet, a
/// request head arriving, a request in flight, idle between requests), so that floods are met by
/// pressure rather than by a fixed rate: an ordinary client (a curl loop, a test suite opening a
/// connection per request) is never refused, and one holding slots for nothing gives them up.
///
/// - Past half the slots (pressure): each answer ends its connection (`Connection: close`, so the
///   client knows before it sends again: nothing it sends is lost), and a connection idle for
///   `pressureIdle` is closed (instead of `idle`).
/// - Past `maxOpen − reserve` (scarce): connections are taken back until `reserve` slots are free,
///   the busiest address's first: a request head still arriving after `headGrace` (408: slowloris),
///   then a connection that has sent nothing for `freshGrace`, then the longest idle (idle for
///   `idleGrace` at least: never one that has just answered). A new connection from the address
///   holding the most slots is refused, as is one for which no slot can be taken back: a complete
///   429 with `Retry-After`, once its request head has arrived (`ConnectionRefusal`).
/// A connection busy with a request whose head has arrived (or an event stream) is never closed
/// here: requests have their deadline, event streams their quotas (`StreamQuota`).
final class ConnectionSlots: Sendable {
    private struct Entry {
        let channel: any Channel
        let address: String
        /// Since when it has had no request in flight and none arriving; nil otherwise.
        var idleSince: NIODeadline?
        /// Since when a request head has been arriving (its first byte came, not its end).
        var headSince: NIODeadline?
        /// Requests begun whose answers are not yet written: pipelined ones, an event stream (never
        /// written to the end), a call answered later.
        var inFlight = 0
        /// No request yet: its client may be about to send the first.
        var fresh = true
        /// Chosen to give its slot up (closing): not chosen again, not counted as held.
        var leaving = false
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Slots held per client address (leaving ones not counted).
        var held: [String: Int] = [:]
        var leaving = 0
        var holding: Int { entries.count - leaving }

        /// Slots held by heads arriving or connections that have sent nothing (not yet beyond
        /// their grace: those are taken back before this is asked).
        func soonFree() -> Int {
            entries.values.count { !$0.leaving && ($0.headSince != nil || $0.fresh) }
        }

        mutating func leave(_ id: ObjectIdentifier) {
            guard let entry = entries[id], !entry.leaving else { return }
            entries[id]?.leaving = true
            leaving += 1
            release(entry.address)
        }

        mutating func stay(_ id: ObjectIdentifier) {
            guard let entry = entries[id], entry.leaving else { return }
            entries[id]?.leaving = false
            leaving -= 1
            held[entry.address, default: 0] += 1
        }

        mutating func remove(_ id: ObjectIdentifier) {
            guard let entry = entries.removeValue(forKey: id) else { return }
            if entry.leaving { leaving -= 1 } else { release(entry.address) }
        }

        private mutating func release(_ address: String) {
            held[address, default: 1] -= 1
            if held[address] == 0 { held[address] = nil }
        }
    }

    /// How long a new connection that has sent nothing yet is spared when slots are scarce.
    static let freshGrace = TimeAmount.seconds(1)
    /// How long a request head may take to arrive before its slot is given up when slots are scarce
    /// (a client sends its head at once; a slowloris client a byte now and then).
    static let headGrace = TimeAmount.seconds(1)
    /// How long an idle keep-alive connection is spared when slots are scarce: its client, just
    /// answered, may be sending its next request (a close crossing it would lose it).
    static let idleGrace = TimeAmount.seconds(2)
    /// What a refused client is told to wait, in seconds.
    static let retryAfter = 1

    let maxOpen: Int
    let pressureIdle: TimeAmount
    /// A connection with no request in flight for this long is closed (nil: never); `WireCalls`
    /// answers requests that HTTP/1's own idle timer would not see.
    let idle: TimeAmount?
    /// New connections per client address (`--connection-rate`, off by default), checked before
    /// a connection takes a slot.
    let rate: ConnectionRate?
    private let state = Mutex(State())
    /// More than half the slots are held: answers end their connections. Read on every answer.
    private let pressed = Atomic<Bool>(false)
    /// Looks at the slots now and then: when nothing opens or answers (every slot held by connections
    /// that send nothing), the pressure still takes slots back.
    private let sweeper = Mutex<RepeatedTask?>(nil)
    static let sweepEvery = TimeAmount.milliseconds(500)

    /// Reverse proxies (`--trusted-proxy`): their connections carry many clients, so they are never
    /// refused as the busiest address.
    let trustedProxies: Set<String>

    init(maxOpen: Int, pressureIdle: TimeAmount, idle: TimeAmount? = nil, rate: ConnectionRate? = nil, trustedProxies: Set<String> = []) {
        self.maxOpen = maxOpen
        self.pressureIdle = pressureIdle
        self.idle = idle
        self.rate = rate
        self.trustedProxies = trustedProxies
    }

    /// - Parameter clock: the connection rate's (the sessions' wall clock: tests move it).
    convenience init(_ options: TeamServer.Options, clock: WallClock) {
        let limits = options.connections
        self.init(maxOpen: limits.maxOpen, pressureIdle: .nanoseconds(Int64(limits.pressureIdle / .nanoseconds(1))),
                  idle: .nanoseconds(Int64(limits.idle / .nanoseconds(1))),
                  rate: ConnectionRate(perSecond: limits.ratePerAddress, trustedProxies: Set(options.trustedProxies), clock: clock),
                  trustedProxies: Set(options.trustedProxies))
    }

    /// Slots kept free for new clients while others can be taken back.
    var reserve: Int { max(1, maxOpen / 8) }

    /// Connections the server accepts at once: the slots, and room beyond them for the refused ones
    /// while their 429 is written (else, at the cap, new clients would wait unanswered in the
    /// kernel's backlog).
    var acceptCap: Int { maxOpen + max(16, maxOpen / 4) }

    /// Connections holding a slot (tests).
    var open: Int { state.withLock { $0.holding } }

    /// Whether answers now end their connections.
    var underPressure: Bool { pressed.load(ordering: .relaxed) }

    /// Why a connection was refused (the 429's text).
    struct Refusal: Error {
        let message: String
        let retryAfter: Int
    }

    /// A new connection from `address`: given a slot (idle until its first byte), or refused.
    func admit(_ channel: any Channel, from address: String) -> Refusal? {
        let id = ObjectIdentifier(channel)
        let now = NIODeadline.now()
        let (refusal, victims): (Refusal?, [Victim]) = state.withLock { state in
            let scarce = state.holding >= maxOpen - reserve
            let busiest = scarce ? state.held.filter { !trustedProxies.contains($0.key) }.max { $0.value < $1.value } : nil
            // The address holding the most slots (and more than one) is refused first.
            if let busiest, !trustedProxies.contains(address), busiest.value == state.held[address], busiest.value > 1 {
                let victims = takeBack(&state, now: now, until: maxOpen - reserve)
                return (Refusal(message: "the server's connections are all but used up (\(state.holding) of \(maxOpen)) and \(address) holds the most "
                                + "(\(state.held[address, default: 0])): reuse a connection, close the idle ones, or retry in \(Self.retryAfter) s",
                                retryAfter: Self.retryAfter), victims)
            }
            var victims = scarce ? takeBack(&state, now: now, until: maxOpen - reserve - 1) : []
            if state.holding >= maxOpen { victims += takeBack(&state, now: now, until: maxOpen - 1) }
            // Beyond the cap only while as many slots are held by heads arriving or connections still
            // silent, which will be taken back within their grace: a slowloris burst refuses no one.
            guard state.holding < maxOpen || state.holding - state.soonFree() < maxOpen else {
                return (Refusal(message: "every one of the server's \(maxOpen) connections is busy with a request: retry in \(Self.retryAfter) s",
                                retryAfter: Self.retryAfter), victims)
            }
            state.entries[id] = Entry(channel: channel, address: address, idleSince: now)
            state.held[address, default: 0] += 1
            pressed.store(state.holding > maxOpen / 2, ordering: .relaxed)
            return (nil, victims)
        }
        giveUp(victims)
        guard refusal == nil else { return refusal }
        channel.closeFuture.whenComplete { [weak self] _ in self?.closed(id) }
        sweeper.withLock { sweeper in
            guard sweeper == nil else { return }
            sweeper = channel.eventLoop.scheduleRepeatedTask(initialDelay: Self.sweepEvery, delay: Self.sweepEvery) { [weak self] task in
                guard let self else { return task.cancel() }
                self.relieve(sparing: nil)
            }
        }
        return nil
    }

    deinit { sweeper.withLock { $0?.cancel() } }

    private func closed(_ id: ObjectIdentifier) {
        state.withLock { state in
            state.remove(id)
            pressed.store(state.holding > maxOpen / 2, ordering: .relaxed)
        }
    }

    /// A request's first byte arrived: its head is arriving.
    func busy(_ channel: any Channel) {
        let now = NIODeadline.now()
        state.withLock { state in
            let id = ObjectIdentifier(channel)
            guard state.entries[id] != nil else { return }
            state.entries[id]!.idleSince = nil
            state.entries[id]!.fresh = false
            if state.entries[id]!.headSince == nil { state.entries[id]!.headSince = now }
        }
    }

    /// A request's head has arrived whole (its body may still be arriving): not a slowloris head.
    func headArrived(_ channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.headSince = nil }
    }

    /// A request was read (its head, or the whole of a call answered from the bytes): in flight
    /// until its answer is written.
    func began(_ channel: any Channel) {
        state.withLock { state in
            let id = ObjectIdentifier(channel)
            guard state.entries[id] != nil else { return }
            state.stay(id)  // chosen to leave as its head was arriving, and it has come whole
            state.entries[id]!.inFlight += 1
            state.entries[id]!.idleSince = nil
            state.entries[id]!.headSince = nil
            state.entries[id]!.fresh = false
        }
    }

    /// A response ended: once none is in flight, the connection waits for the next request.
    func idle(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        state.withLock { state in
            guard var entry = state.entries[id] else { return }
            entry.inFlight = max(0, entry.inFlight - 1)  // (a parse error's 400 answers no request)
            if entry.inFlight == 0 && entry.headSince == nil { entry.idleSince = .now() }
            state.entries[id] = entry
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

    /// Closes what the limits say to: connections idle beyond `idle`, beyond `pressureIdle` under
    /// pressure, and when slots are scarce what `takeBack` picks; `sparing` is the connection that
    /// just answered (its client is there).
    private func relieve(sparing: ObjectIdentifier?) {
        let now = NIODeadline.now()
        let victims: [Victim] = state.withLock { state in
            // On an answer, nothing to do below half the slots (the sweep sees the idle timeout).
            guard sparing == nil || state.holding > maxOpen / 2 else { return [] }
            var victims: [Victim] = []
            // The longest idle first: beyond the idle timeout always, beyond the short one while over half.
            let waiting = state.entries.compactMap { id, e in e.leaving || id == sparing ? nil : e.idleSince.map { (id: id, since: $0, channel: e.channel) } }
                .sorted { $0.since < $1.since }
            for candidate in waiting {
                let idleFor = now - candidate.since
                guard idle.map({ idleFor >= $0 }) == true || (state.holding > maxOpen / 2 && idleFor >= pressureIdle) else { continue }
                state.leave(candidate.id)
                victims.append(Victim(channel: candidate.channel))
            }
            if state.holding > maxOpen - reserve { victims += takeBack(&state, now: now, until: maxOpen - reserve) }
            pressed.store(state.holding > maxOpen / 2, ordering: .relaxed)
            return victims
        }
        giveUp(victims)
    }

    /// Picks connections to give their slots up until at most `target` are held: heads arriving
    /// beyond `headGrace`, then silent connections beyond `freshGrace`, then those idle beyond
    /// `idleGrace`; within each, the busiest address's first, then the longest waiting.
    private func takeBack(_ state: inout State, now: NIODeadline, until target: Int) -> [Victim] {
        guard state.holding > target else { return [] }
        let candidates = state.entries.compactMap { id, e -> (id: ObjectIdentifier, kind: Int, since: NIODeadline, held: Int)? in
            guard !e.leaving else { return nil }
            let held = state.held[e.address, default: 0]
            if let since = e.headSince, now - since >= Self.headGrace { return (id, 0, since, held) }
            if e.fresh, let since = e.idleSince, now - since >= Self.freshGrace { return (id, 1, since, held) }
            if let since = e.idleSince, now - since >= Self.idleGrace, e.inFlight == 0, !e.fresh { return (id, 2, since, held) }
            return nil
        }.sorted { ($0.kind, -$0.held, $0.since) < ($1.kind, -$1.held, $1.since) }
        var victims: [Victim] = []
        for candidate in candidates.prefix(state.holding - target) {
            victims.append(Victim(channel: state.entries[candidate.id]!.channel, event: GiveUpSlot(headArriving: candidate.kind == 0)))
            state.leave(candidate.id)
        }
        return victims
    }

    private struct Victim {
        let channel: any Channel
        var event = GiveUpSlot(headArriving: false)
    }

    /// A connection that gives its slot up: on its event loop, `RequestDeadline` answers a head
    /// still arriving 408 and closes, and closes an idle one if `mayClose` says it still is.
    private func giveUp(_ victims: [Victim]) {
        for victim in victims { victim.channel.pipeline.fireUserInboundEventTriggered(victim.event) }
    }

    /// Whether a connection chosen to give its slot up as idle still is (on its event loop, where
    /// its requests are read: no byte of one has been); if not, it keeps its slot.
    func mayClose(_ channel: any Channel) -> Bool {
        state.withLock { state in
            let id = ObjectIdentifier(channel)
            guard let entry = state.entries[id] else { return true }
            if entry.inFlight == 0 && entry.headSince == nil { return true }
            state.stay(id)
            return false
        }
    }
}

/// Sent to a connection whose slot is taken back (`ConnectionSlots`): for its request head, arriving
/// too slowly, or as idle (then it stays if a request has begun meanwhile).
struct GiveUpSlot {
    let headArriving: Bool
}
