import Logging
import SimKernel
import Synchronization

/// Group commit: writes every change queued by `LiveWorld` since the last commit in one SQLite
/// transaction, then releases the callers whose changes it held. One fsync serves every call that
/// arrived during the previous one, which is how durable writes keep up under load (an fsync here
/// takes milliseconds). Each call's change is still applied whole or not at all.
actor CommitQueue {
    private let live: LiveWorld
    private let store: WorldStore
    private let logger: Logger
    private let events: EventHub
    private var durable = 0
    private var epoch = 0
    /// The previous epoch's changes from this seq on were lost; those before it are durable.
    private var lostFrom = 0
    /// Why the last commit failed, until one succeeds (health).
    private(set) var failure: String?
    private var waiters: [(seq: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    private var flushing = false
    private(set) var commits = 0
    private(set) var changes = 0
    /// The epoch and the last durable seq, readable without entering the actor: a call whose change
    /// is on disk already (every read, most of the time) answers without a hop to the actor's
    /// executor and back: two thread switches per read under load.
    private let settled = Mutex((epoch: 0, durable: 0))

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
        try await waitInQueue(ticket)
    }

    /// Whether the ticket's change is on disk already (no wait, no hop).
    nonisolated func isDurable(_ ticket: LiveWorld.Ticket) -> Bool {
        settled.withLock { $0.epoch == ticket.epoch && ticket.seq <= $0.durable }
    }

    private func waitInQueue(_ ticket: LiveWorld.Ticket) async throws {
        if ticket.epoch == epoch - 1 && ticket.seq < lostFrom { return }  // durable before the failure
        guard ticket.epoch == epoch else { throw StorageFailure(description: "the database failed before this call was saved") }
        if ticket.seq <= durable { return }
        try await withCheckedThrowingContinuation { c in
            waiters.append((ticket.seq, c))
            if !flushing {
                flushing = true
                Task { await self.flush() }
            }
        }
    }

    private func flush() async {
        while true {
            let batch = live.takePending()
            guard let last = batch.last?.seq else {
                flushing = false
                return
            }
            do {
                try await store.commit(batch.map(\.change))
                durable = last
                settled.withLock { $0.durable = last }
                failure = nil
                live.confirmDurable(last)
                // Subscribers hear of an event once it is on disk, so a restart never takes one back.
                events.publish(batch.flatMap(\.change.events))
                commits += 1
                changes += batch.count
                release { $0 <= last }
            } catch {
                logger.error("commit failed, reloading the world from disk", metadata: ["error": "\(error)"])
                recover(after: error)
            }
        }
    }

    private func recover(after error: any Error) {
        failure = "\(error)"
        do {
            guard let snapshot = try store.snapshot() else { throw StorageFailure(description: "the database is empty") }
            lostFrom = durable + 1
            let (newEpoch, last) = live.restore(snapshot)
            (epoch, durable) = (newEpoch, last)
            settled.withLock { $0 = (newEpoch, last) }
        } catch {
            // Nothing acknowledged is lost (it is on disk); the process cannot go on without its store.
            logger.critical("cannot read the database back: \(error)")
            fatalError("enrollsim serve: the database cannot be read back after a failed commit: \(error)")
        }
        let failure = StorageFailure(description: "the database failed: \(error)")
        for w in waiters { w.continuation.resume(throwing: failure) }
        waiters = []
    }

    private func release(_ done: (Int) -> Bool) {
        var rest: [(seq: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        for w in waiters {
            if done(w.seq) { w.continuation.resume() } else { rest.append(w) }
        }
        waiters = rest
    }
}
