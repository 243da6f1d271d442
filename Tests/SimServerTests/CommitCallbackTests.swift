import Foundation
@testable import SimServer
import SimKernel
import SimTestSupport
import SimWorld
import Synchronization
import Testing

/// Issue 39: a write waits for its commit without a task of its own (`CommitQueue.whenDurable`):
/// each caller's callback is called exactly once, and only once its change is on disk, whether it
/// registers before the commit that takes its change, while one runs, or after.
@Suite struct CommitCallbackTests {
    @Test func everyCallerIsCalledOnceAfterItsChangeIsOnDisk() async throws {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let core = try ServerCore(databasePath: path, seed: .named("team"), honoursLatency: false)
        let called = Mutex<[Int: Int]>([:])  // seq: times called
        let early = Atomic<Int>(0), failed = Atomic<Int>(0)
        var tickets: [LiveWorld.Ticket] = []
        for i in 0..<300 {
            let opened = try #require(core.live.openSession(SessionSettings(device: "d\(i)")))
            let ticket = opened.ticket, commits = core.commits
            tickets.append(ticket)
            commits.whenDurable(ticket) { error in
                if error != nil { failed.add(1, ordering: .relaxed) }
                if !commits.isDurable(ticket) { early.add(1, ordering: .relaxed) }
                called.withLock { $0[ticket.seq, default: 0] += 1 }
            }
            // Some callers register while a commit runs, some after one: not all in one group.
            if i % 30 == 0 { try await Task.sleep(for: .milliseconds(20)) }
        }
        // Generous on a busy machine: up to two minutes for 300 commits' worth of fsyncs.
        for _ in 0..<12_000 where called.withLock({ $0.count }) < tickets.count { try await Task.sleep(for: .milliseconds(10)) }
        let counts = called.withLock { $0 }
        let (calledEarly, calledFailing) = (early.load(ordering: .relaxed), failed.load(ordering: .relaxed))
        #expect(counts.count == tickets.count, "called for \(counts.count) of \(tickets.count) changes")
        #expect(counts.values.allSatisfy { $0 == 1 }, "a callback called more than once")
        #expect(calledEarly == 0, "a callback called before its change was durable")
        #expect(calledFailing == 0)
        // On disk: every session's token.
        let stored = try await core.store.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessionToken") ?? 0 }
        #expect(stored >= tickets.count)
        // A caller whose change is on disk already is answered at once, on its own thread.
        let now = Atomic<Bool>(false)
        core.commits.whenDurable(tickets[0]) { error in now.store(error == nil, ordering: .relaxed) }
        let answeredNow = now.load(ordering: .relaxed)
        #expect(answeredNow)
    }

    /// A ticket of an epoch the store has left (a failed commit reloaded the world) is told its change is lost.
    @Test func aTicketOfAnEarlierEpochIsToldItsChangeIsLost() async throws {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let core = try ServerCore(databasePath: path, seed: .named("team"), honoursLatency: false)
        let stale = LiveWorld.Ticket(seq: Int.max, epoch: -1)
        let error = Mutex<String?>(nil)
        core.commits.whenDurable(stale) { e in error.withLock { $0 = e.map { "\($0)" } } }
        let message = error.withLock { $0 }
        #expect(message?.contains("failed before this call was saved") == true, "\(message ?? "not called")")
    }
}
