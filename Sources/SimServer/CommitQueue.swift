import Logging
import SimKernel
import Synchronization

/// Group commit: writes every change queued by `LiveWorld` since the last commit in one SQLite
/// transaction, then releases the callers whose changes it held. One fsync serves every call that
/// arrived during the previous one, which is how durable writes keep up under load (an fsync here
/// takes milliseconds). Each call's change is still applied whole or not at all.
///
/// A caller waits without a task of its own (`whenDurable`): its callback is kept under a lock and
/// called by the commit that makes its change durable, and one task runs the commits while any
/// caller waits. A task, an actor hop and a continuation per write cost about a tenth of a write.
actor CommitQueue {
    private let live: LiveWorld
    private let store: WorldStore
    private let logger: Logger
    private let events: EventHub
    /// Why the last commit failed, until one succeeds (health).
    private(set) var failure: String?
    private(set) var commits = 0
    private(set) var changes = 0

    /// Where the commits stand, readable without entering the actor: a call whose change is on disk
    /// already (every read, most of the time) answers at once.
    private struct Settled {
        var epoch = 0
        var durable = 0
        /// The previous epoch's changes from this seq on were lost; those before it are durable.
        var lostFrom = 0
        var waiters: [(seq: Int, done: @Sendable ((any Error)?) -> Void)] = []
        /// A task is committing, and will look for waiters again before it stops.
        var flushing = false
    }
    private let settled = Mutex(Settled())

    init(live: LiveWorld, store: WorldStore, events: EventHub, logger: Logger) {
        self.live = live
        self.events = events
        self.store = store
        self.logger = logger
    }

    struct StorageFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Returns once the ticket's change, and every change before it, is on disk; throws if the store
    /// failed first (the change is lost, and so the caller must not be told it succeeded).
    nonisolated func waitUntilDurable(_ ticket: LiveWorld.Ticket) async throws {
        if isDurable(ticket) { return }
        try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, any Error>) in
            whenDurable(ticket) { error in
                if let error { c.resume(throwing: error) } else { c.resume() }
            }
        }
    }

    /// Calls `done` once the ticket's change, and every change before it, is on disk (nil), or with
    /// the error that lost it: at once when that is known, else from the commit that decides it.
    nonisolated func whenDurable(_ ticket: LiveWorld.Ticket, _ done: @escaping @Sendable ((any Error)?) -> Void) {
        enum Now { case durable, lost, wait, waitAndFlush }
        let now = settled.withLock { s -> Now in
            if ticket.epoch == s.epoch - 1 && ticket.seq < s.lostFrom { return .durable }  // durable before the failure
            guard ticket.epoch == s.epoch else { return .lost }
            if ticket.seq <= s.durable { return .durable }
            s.waiters.append((ticket.seq, done))
            if s.flushing { return .wait }
            s.flushing = true
            return .waitAndFlush
        }
        switch now {
        case .durable: done(nil)
        case .lost: done(StorageFailure(description: "the database failed before this call was saved"))
        case .wait: break
        case .waitAndFlush: Task { await self.flush() }
        }
    }

    /// Whether the ticket's change is on disk already (no wait, no hop).
    nonisolated func isDurable(_ ticket: LiveWorld.Ticket) -> Bool {
        settled.withLock { $0.epoch == ticket.epoch && ticket.seq <= $0.durable }
    }

    private func flush() async {
        while true {
            let batch = live.takePending()
            guard let last = batch.last?.seq else {
                // Stops only when no caller waits: one who came after the batch was taken has its change queued.
                if settled.withLock({ s in s.flushing = !s.waiters.isEmpty; return s.flushing }) { continue }
                return
            }
            do {
                try await store.commit(batch.map(\.change))
                failure = nil
                live.confirmDurable(last)
                let done = settled.withLock { s -> [@Sendable ((any Error)?) -> Void] in
                    s.durable = last
                    let (ready, rest) = s.waiters.split { $0.seq <= last }
                    s.waiters = rest
                    return ready.map(\.done)
                }
                // Subscribers hear of an event once it is on disk, so a restart never takes one back.
                events.publish(batch.flatMap(\.change.events))
                commits += 1
                changes += batch.count
                for d in done { d(nil) }
            } catch {
                logger.error("commit failed, reloading the world from disk", metadata: ["error": "\(error)"])
                recover(after: error)
            }
        }
    }

    private func recover(after error: any Error) {
        failure = "\(error)"
        let lost: [@Sendable ((any Error)?) -> Void]
        do {
            guard let snapshot = try store.snapshot() else { throw StorageFailure(description: "the database is empty") }
            let (newEpoch, last) = live.restore(snapshot)
            lost = settled.withLock { s in
                s.lostFrom = s.durable + 1
                (s.epoch, s.durable) = (newEpoch, last)
                defer { s.waiters = [] }
                return s.waiters.map(\.done)
            }
        } catch {
            // Nothing acknowledged is lost (it is on disk); the process cannot go on without its store.
            logger.critical("cannot read the database back: \(error)")
            fatalError("enrollsim serve: the database cannot be read back after a failed commit: \(error)")
        }
        let failure = StorageFailure(description: "the database failed: \(error)")
        for d in lost { d(failure) }
    }
}

private extension Array {
    /// The elements that satisfy `isIncluded`, and the others, each in order.
    func split(_ isIncluded: (Element) -> Bool) -> ([Element], [Element]) {
        var yes: [Element] = [], no: [Element] = []
        for e in self { if isIncluded(e) { yes.append(e) } else { no.append(e) } }
        return (yes, no)
    }
}
