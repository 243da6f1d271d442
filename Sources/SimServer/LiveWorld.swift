import Foundation
import SimKernel
import SimWorld
import Synchronization

/// The world in memory, authoritative because this process alone owns the database: every call
/// and control is one step of the simulator under a lock (so calls on one account are serialised:
/// 100 wrong PINs at once count one by one), and what the step changed is queued, numbered, for
/// `CommitQueue` to write. A caller answers only once its number is durable.
///
/// Transaction ids: every call takes one, but writing the counter on every read would make reads
/// cost a disk write. The store holds a *mark* instead, ahead of the live counter; a restart
/// resumes from the mark, so ids stay unique (not contiguous) across restarts. The mark moves on
/// before the counter reaches it, in a write no reader waits for: while the disk refuses writes,
/// reads go on answering with ids below the mark already stored.
final class LiveWorld: Sendable {
    static let transactionBlock = 10_000

    /// Where a caller's answer stands in the commit order: durable once `seq` is, unless the store
    /// failed meanwhile (`epoch` changed: the world was read back from disk without it).
    struct Ticket: Sendable {
        let seq: Int
        let epoch: Int
    }

    fileprivate struct State {
        var simulator: Simulator
        var tokens: [String: SessionToken]
        /// When each device session's token was last used (wall clock; not stored: a restart counts
        /// as a use, so a restart never expires a session early).
        var lastUsed: [String: Date]
        /// Device sessions opened and not used since (a script that opens sessions by the
        /// thousand): at the cap they give way first, whatever their age.
        var neverUsed: Set<String> = []
        /// When idle device sessions were last looked for.
        var lastSweep = Date.distantPast
        /// The tokens of device sessions the server ended, and why (their holders are told).
        var ended: EndedSessions
        /// The token the change logs run under (`World.startChangeLogs`).
        var logToken: UInt64 = 0
        /// Counts the rows the running logs recorded, table by table: while they are zero, the next
        /// step needs no new logs; a call reads the changes of the tables it counted rows in, only
        /// (`record`).
        var rowChanges: TableChangeCounts?
        /// The logs are to start afresh before the next step (the world was replaced, or a step
        /// that may replace lists ran).
        var logsStale = true
        /// The world's document part (`World.globals`) as the last step left it, which the next
        /// step's is compared with (once per step, not before and after it).
        var document: World
        var transactionMark: Int
        var lastSeq = 0
        var epoch = 0
        var pending: [(seq: Int, change: WorldChange)] = []
        /// The id of the last event numbered (events are numbered under the lock, in commit order).
        var lastEventID: Int
        /// The change that set the transaction counter back (`load`, `reset`), until it is durable:
        /// before it, the ids in memory and on disk count in different worlds.
        var counterResetSeq: Int?
    }

    private let state: Mutex<State>
    let policy: SessionPolicy
    let clock: WallClock

    init(_ snapshot: WorldStore.Snapshot, policy: SessionPolicy = .init(), clock: WallClock = .system) {
        var simulator = Simulator(world: snapshot.loaded)
        simulator.world = snapshot.world
        self.policy = policy
        self.clock = clock
        state = Mutex(State(simulator: simulator, tokens: snapshot.tokens, lastUsed: Self.devices(snapshot.tokens, at: clock.now()),
                            ended: EndedSessions(limit: policy.cap), document: snapshot.world.globals(transactionMark: 0),
                            transactionMark: snapshot.world.counters.transactions, lastEventID: snapshot.events.last?.id ?? 0))
    }

    private static func devices(_ tokens: [String: SessionToken], at now: Date) -> [String: Date] {
        tokens.compactMapValues { $0.settings == nil ? nil : now }
    }

    enum TokenState: Equatable {
        case open(session: String)
        case expired
        /// A device session the server closed (to make room, or by the admin's hand).
        case ended(EndedSessions.Reason)
        case unknown
    }

    /// What a bearer token (by its digest) opens; using it keeps a device session alive.
    func use(digest: String) -> TokenState {
        let now = clock.now()
        return state.withLock { s in s.use(digest, at: now, idle: policy.idle) }
    }

    /// One call of any system on the session a bearer token (by its digest) opens; nil for an unknown
    /// token.
    func call(_ request: CallRequest, digest: String) -> (outcome: Simulator.Outcome, ticket: Ticket)? {
        let now = clock.now()
        return state.withLock { s -> (outcome: Simulator.Outcome, ticket: Ticket)? in
            guard case .open = s.use(digest, at: now, idle: policy.idle), let t = s.tokens[digest] else { return nil }
            let before = s.begin(inPlace: true)
            if let settings = t.settings, s.simulator.world.sessionIndex(t.session) == nil {
                s.simulator.world.openSession(t.session, settings: settings)
            }
            let outcome = s.simulator.handle(request, session: t.session)
            return (outcome, s.record(before: before, events: outcome.events))
        }
    }

    /// One simulator control, as `batch` runs it. The server reads no files of its own: a
    /// client sends a scenario file's text (`ScenarioSource.yaml`).
    func control(_ control: SimControl) -> (answer: SimAnswer, ticket: Ticket) {
        if case .export? = try? KernelControl(control) {
            // A copy under the lock (constant time: the world is a value), written outside it, so
            // that an export of a large world holds up no call.
            let (world, ticket) = state.withLock { ($0.simulator.world, $0.ticket) }
            return (Simulator.export(world), ticket)
        }
        let prepared = PreparedControl(control)  // a scenario's text read before the lock
        return state.withLock { s in
            if control.kind == "load", control.fields["yaml"] == nil, let path = control.fields["scenario"]?.stringValue,
               case .file = ScenarioSource.parse(path) {
                return (.failure("load: the server reads no files (\(path)): send the scenario's text as \"yaml\""), s.ticket)
            }
            let before = s.begin()
            var events: [PendingEvent] = []
            let answer = s.simulator.control(prepared, events: &events)
            return (answer, s.record(before: before, loadedChanged: control.kind == "load" && answer.ok, events: events))
        }
    }

    /// A new device session with those settings, and its bearer token; nil when the server already
    /// holds `policy.cap` of them. Device sessions left idle are closed first.
    func openSession(_ settings: SessionSettings) -> (token: String, name: String, ticket: Ticket)? {
        let token = BearerSecret.generate()
        let digest = BearerSecret.digest(token)
        let now = clock.now()
        return state.withLock { s in
            let before = s.begin()
            var expired = s.closeIdleSessions(at: now, idle: policy.idle, force: s.lastUsed.count >= policy.cap)
            if s.lastUsed.count >= policy.cap {
                // Full: the least recently used give way, a twentieth of the cap at once (a removal
                // rewrites the world's session rows: batches keep that rare), but never one used
                // within `giveWayAfter` (never-used ones may go at once).
                expired += s.closeLeastRecentlyUsed(max(1, policy.cap / 20), unusedFor: policy.giveWayAfter, at: now)
            }
            if s.lastUsed.count >= policy.cap {
                if !expired.isEmpty { _ = s.record(before: before, removedTokens: expired) }
                return nil
            }
            var name = BearerSecret.sessionName()
            while s.simulator.world.sessionIndex(name) != nil { name = BearerSecret.sessionName() }
            s.simulator.world.openSession(name, settings: settings)
            let entry = SessionToken(session: name, settings: settings)
            s.tokens[digest] = entry
            s.lastUsed[digest] = now
            s.neverUsed.insert(digest)
            return (token, name, s.record(before: before, newTokens: [(digest, entry)], removedTokens: expired))
        }
    }

    /// How many device sessions are open (health, tests).
    var deviceSessions: Int { state.withLock { $0.lastUsed.count } }

    /// A device session as the admin sees it.
    struct DeviceSession: Sendable {
        let name: String
        let device: String
        let unusedFor: TimeInterval
    }

    /// The device sessions open now, least recently used first.
    func deviceSessionList() -> [DeviceSession] {
        let now = clock.now()
        return state.withLock { s in
            s.lastUsed.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.compactMap { digest, last in
                s.tokens[digest].map { DeviceSession(name: $0.session, device: $0.settings?.device ?? "", unusedFor: max(0, now.timeIntervalSince(last))) }
            }
        }
    }

    /// Ends the device session named `name`: its token stops working and its session leaves the
    /// world. Nil when no device session has that name.
    func endDeviceSession(_ name: String) -> Ticket? {
        state.withLock { s in
            let digests = s.lastUsed.keys.filter { s.tokens[$0]?.session == name }
            guard !digests.isEmpty else { return nil }
            let before = s.begin()
            s.close(digests)
            s.ended.remember(digests, .endedByAdmin)
            return s.record(before: before, removedTokens: digests)
        }
    }

    /// A token for the world's session named `name` (admin only): how a remote `batch` or test
    /// drives `"default"` and the sessions its `session` controls create.
    func attach(_ name: String) -> (token: String, ticket: Ticket) {
        let token = BearerSecret.generate()
        let digest = BearerSecret.digest(token)
        return state.withLock { s in
            let entry = SessionToken(session: name, settings: nil)
            s.tokens[digest] = entry
            return (token, s.record(before: s.begin(), newTokens: [(digest, entry)]))
        }
    }

    var world: World { state.withLock { $0.simulator.world } }

    /// Reads the world under the lock, without the copy `world` hands out (a copy kept while a call
    /// changes the world makes that call copy what it changes).
    func read<T>(_ body: (World) throws -> T) rethrows -> T {
        try state.withLock { s throws -> T in try body(s.simulator.world) }
    }

    /// The changes queued since the last call, in order, for one commit.
    func takePending() -> [(seq: Int, change: WorldChange)] {
        state.withLock { s in
            defer { s.pending = [] }
            return s.pending
        }
    }

    /// Every change up to `seq` is on disk.
    func confirmDurable(_ seq: Int) {
        state.withLock { s in
            if let reset = s.counterResetSeq, reset <= seq { s.counterResetSeq = nil }
        }
    }

    /// After a failed commit: the world as the disk has it, queued changes dropped, a new epoch so
    /// that no caller of the dropped changes is told they are durable. Returns (epoch, last seq).
    func restore(_ snapshot: WorldStore.Snapshot) -> (epoch: Int, lastSeq: Int) {
        state.withLock { s in
            // Every id handed out is at most the live counter, and every id acknowledged at most the
            // stored mark: the ids between are free, so reads need no write to go on.
            let handedOut = s.counterResetSeq == nil ? s.simulator.world.counters.transactions : Int.max
            var simulator = Simulator(world: snapshot.loaded)
            simulator.world = snapshot.world
            simulator.world.counters.transactions = min(handedOut, snapshot.world.counters.transactions)
            s.counterResetSeq = nil
            s.simulator = simulator
            s.logsStale = true
            s.document = simulator.world.globals(transactionMark: 0)
            s.tokens = snapshot.tokens
            s.lastUsed = Self.devices(snapshot.tokens, at: clock.now())
            s.neverUsed = []
            s.transactionMark = snapshot.world.counters.transactions
            s.lastEventID = snapshot.events.last?.id ?? 0
            s.pending = []
            s.epoch += 1
            return (s.epoch, s.lastSeq)
        }
    }
}

/// The world as a step found it: the token its change logs run under, and its transaction counter.
/// Not the world itself: holding it would make the step's first change to a list copy the list.
struct StepStart {
    let token: UInt64
    let transactions: Int
    /// A call: its rules change rows in place (they never assign a list anew), so the logs' count
    /// sees every row it changes.
    let inPlace: Bool
}

extension LiveWorld.State {
    var ticket: LiveWorld.Ticket { LiveWorld.Ticket(seq: lastSeq, epoch: epoch) }

    /// Starts a step: its change logs, unless those running have recorded nothing yet (after a
    /// read, say: then they still hold nothing, and cost nothing to keep).
    mutating func begin(inPlace: Bool = false) -> StepStart {
        if logsStale || rowChanges?.isZero != true {
            logToken += 1
            rowChanges = simulator.world.startCountedChangeLogs(logToken)
        }
        // A step that may assign a list anew leaves logs the count knows nothing of.
        logsStale = !inPlace
        return StepStart(token: logToken, transactions: simulator.world.counters.transactions, inPlace: inPlace)
    }

    /// A token's state at `now`; an open device session's token counts as used.
    mutating func use(_ digest: String, at now: Date, idle: Duration) -> LiveWorld.TokenState {
        guard let token = tokens[digest] else { return ended[digest].map { .ended($0) } ?? .unknown }
        if let last = lastUsed[digest] {
            guard !Self.isIdle(since: last, at: now, idle: idle) else { return .expired }
            lastUsed[digest] = now
            neverUsed.remove(digest)
        }
        return .open(session: token.session)
    }

    static func isIdle(since last: Date, at now: Date, idle: Duration) -> Bool {
        now.timeIntervalSince(last) >= Double(idle.components.seconds) + Double(idle.components.attoseconds) * 1e-18
    }

    /// Forgets the device sessions idle since `idle` (their tokens, and their sessions in the world);
    /// returns the digests of the tokens dropped, for the store to delete. At most once a minute
    /// unless `force`d (at the cap): removing sessions rewrites the world's session rows, so
    /// expiries are taken in batches rather than one write of every row per session.
    mutating func closeIdleSessions(at now: Date, idle: Duration, force: Bool) -> [String] {
        guard force || now.timeIntervalSince(lastSweep) >= 60 else { return [] }
        lastSweep = now
        let expired = lastUsed.filter { Self.isIdle(since: $0.value, at: now, idle: idle) }.map(\.key)
        close(expired)
        ended.remember(expired, .expired)
        return expired
    }

    /// Forgets the `count` device sessions used least recently, of those never used since they
    /// opened or unused for `unusedFor`; returns their tokens' digests.
    mutating func closeLeastRecentlyUsed(_ count: Int, unusedFor: Duration, at now: Date) -> [String] {
        let oldest = lastUsed.filter { neverUsed.contains($0.key) || Self.isIdle(since: $0.value, at: now, idle: unusedFor) }
            .sorted { ($0.value, $0.key) < ($1.value, $1.key) }.prefix(count).map(\.key)
        close(oldest)
        ended.remember(oldest, .gaveWay)
        return oldest
    }

    /// Forgets device sessions by their tokens' digests: the tokens, and the sessions in the world.
    mutating func close(_ digests: [String]) {
        guard !digests.isEmpty else { return }
        var names = Set<String>()
        for digest in digests {
            if let name = tokens.removeValue(forKey: digest)?.session { names.insert(name) }
            lastUsed[digest] = nil
            neverUsed.remove(digest)
        }
        simulator.world.closeSessions(names)
    }

    /// Queues what changed since `before` (if anything) and returns the caller's ticket. A step that
    /// changed nothing but the transaction counter still waits for the changes it may have seen.
    mutating func record(before: StepStart, loadedChanged: Bool = false,
                         newTokens: [(digest: String, token: SessionToken)] = [], removedTokens: [String] = [],
                         events: [PendingEvent] = []) -> LiveWorld.Ticket {
        let after = simulator.world
        var change = WorldChange()
        // A call changes rows in place, so its logs counted every row it changed: only the tables
        // whose logs recorded a row are asked (none, for a read). A control may assign a list anew.
        change.tables = WorldTable.changes(in: after, since: before.token, counted: before.inPlace ? rowChanges : nil)
        assert(!before.inPlace || WorldTable.changes(in: after, since: before.token).allSatisfy { table in
            table.change.isUnchanged || change.tables.contains { $0.name == table.name }
        }, "a call changed a row its logs did not count")
        change.events = events.map { event in
            lastEventID += 1
            return event.numbered(lastEventID, at: after.clock)
        }
        let tx = after.counters.transactions
        let document = after.globals(transactionMark: 0)
        let documentChanged = document != self.document
        if documentChanged { self.document = document }
        let needed = tx > transactionMark || tx < before.transactions || documentChanged
        if needed || Self.marksAhead(tx: tx, mark: transactionMark) {
            transactionMark = tx + LiveWorld.transactionBlock
            change.globals = after.globals(transactionMark: transactionMark)
        }
        if loadedChanged { change.loaded = simulator.loaded }
        change.newTokens = newTokens
        change.removedTokens = removedTokens
        guard !change.isEmpty else { return ticket }
        let seen = ticket
        lastSeq += 1
        pending.append((lastSeq, change))
        if tx < before.transactions { counterResetSeq = lastSeq }
        // A mark moved on ahead of need is for later callers: this one's id is below the mark
        // already queued, so it waits only for what it may have seen.
        let onlyMark = !needed && change.tables.allSatisfy { $0.change.isUnchanged } && change.events.isEmpty
            && change.loaded == nil && newTokens.isEmpty && removedTokens.isEmpty
        return onlyMark ? seen : ticket
    }

    /// Whether to move the mark on before it is needed: once half the block is used, then at every
    /// sixteenth of it (not at every call: while the disk refuses writes, each try costs a reload).
    static func marksAhead(tx: Int, mark: Int) -> Bool {
        let left = mark - tx, block = LiveWorld.transactionBlock
        return left < block / 2 && left % (block / 16) == 0
    }
}
