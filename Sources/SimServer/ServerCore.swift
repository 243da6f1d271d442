import Foundation
import GRDB
import Logging
import SimKernel
import SimWorld
import Synchronization

/// The server's state behind its routes: the store, the live world over it, the commit queue.
public final class ServerCore: Sendable {
    let store: WorldStore
    let live: LiveWorld
    let commits: CommitQueue
    /// New device sessions per client address.
    let sessionRate: AddressRateLimiter
    /// What happens to each session, for `GET /v1/events`: published once durable.
    public let events: EventHub
    /// Injected latency (faults, §7) is slept for real unless false (tests that must not wait).
    let honoursLatency: Bool
    /// The `events` control's positions (memory only: after a restart a session reads from the restart).
    let eventReaders: Mutex<EventReaders>
    /// Calls answered in the channel pipeline, not by the router (`EventLoopCalls`).
    let eventLoopAnswers = Atomic<Int>(0)
    /// Of those, the calls answered from the connection's bytes, before the HTTP/1 decoder (`WireCalls`).
    let wireAnswers = Atomic<Int>(0)
    /// Systems' requests answered in the channel pipeline (`EventLoopAnswers`: the Auth API's reads).
    let systemEventLoopAnswers = Atomic<Int>(0)
    /// The largest buffer `WireCalls` has kept a connection's unanswered bytes in (tests: it stays bounded).
    let wireBufferPeak = Atomic<Int>(0)

    public enum OpenError: Error, CustomStringConvertible {
        case database(path: String, underlying: any Error)
        case scenario(ScenarioError)
        public var description: String {
            switch self {
            case .database(let path, let e): "cannot open the database \(path): \(StartFailure.describe(e))"
            case .scenario(let e): "cannot load the seed scenario: \(e)"
            }
        }

        /// The exit status for `enrollsim serve` (sysexits.h): what kind of cause, not a usage error.
        public var exitStatus: Int32 {
            switch self {
            case .database(_, let e): StartFailure.exitStatus(e)
            case .scenario: StartFailure.dataError
            }
        }
    }

    /// How `open` found the database.
    public enum Origin: Sendable, Equatable {
        case seeded(scenario: String)
        case resumed(scenario: String)
    }

    public let origin: Origin

    /// Opens the database at `path`; an empty one is seeded with `seed` (a scenario source), a
    /// non-empty one is resumed as it is.
    /// - Parameters:
    ///   - sessions: the limits on device sessions.
    ///   - clock: the wall clock those limits are measured on.
    public init(databasePath path: String, seed: ScenarioSource, honoursLatency: Bool = true, logger: Logger = TeamServer.silentLogger,
                sessions: SessionPolicy = .init(), clock: WallClock = .system) throws(OpenError) {
        let snapshot: WorldStore.Snapshot
        // What start-up creates (the file, folders above it) is removed again if it fails: a failed
        // start leaves nothing behind, an empty database least of all.
        let created = CreatedPaths(database: path)
        var opened: WorldStore?
        // A new database is seeded: its scenario is read before anything is created.
        var seedWorld: World?
        if created.file != nil || (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == 0 {
            do { seedWorld = try ScenarioLoader.load(seed) } catch {
                created.remove()
                throw .scenario(error)
            }
        }
        do {
            let stored: WorldStore.Snapshot?
            let (newStore, found) = try WorldStore.open(path: path)
            opened = newStore
            stored = found
            store = newStore
            if let existing = stored {
                try store.pruneEvents()
                snapshot = existing
                origin = .resumed(scenario: existing.loaded.name)
            } else {
                let world: World
                if let seedWorld { world = seedWorld } else {
                    do { world = try ScenarioLoader.load(seed) } catch { throw OpenError.scenario(error) }
                }
                try store.commitNow(.seed(world, transactionMark: world.counters.transactions))
                // Served as written, not read back: the store's round trip is what a restart reads
                // (pinned by the restart tests), and reading 50,000 rows back doubled a start's time.
                snapshot = WorldStore.Snapshot(world: world, loaded: world, tokens: [:], events: [])
                origin = .seeded(scenario: world.name)
            }
        } catch let error as OpenError {
            opened?.close()
            created.remove()
            throw error
        } catch {
            opened?.close()
            created.remove()
            throw .database(path: path, underlying: error)
        }
        live = LiveWorld(snapshot, policy: sessions, clock: clock)
        sessionRate = AddressRateLimiter(perMinute: sessions.perMinute, clock: clock)
        events = EventHub(history: snapshot.events)
        eventReaders = Mutex(EventReaders(start: events.lastID))
        commits = CommitQueue(live: live, store: store, events: events, logger: logger)
        self.honoursLatency = honoursLatency
    }

    /// Closes the database, once the server that used it has stopped.
    public func close() {
        events.finish()
        store.close()
    }

    /// A pragma of the store's writer connection (tests: the durability settings).
    public func pragma(_ name: String) async throws -> Int? {
        try await store.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA \(name)") }
    }

    /// How many device sessions are open (tests).
    public var deviceSessions: Int { live.deviceSessions }

    /// How many calls were answered on the event loop, not by the router (tests).
    public var callsAnsweredOnEventLoop: Int { eventLoopAnswers.load(ordering: .relaxed) }

    /// How many systems' requests were answered on the event loop, not by the router (tests).
    public var systemRequestsAnsweredOnEventLoop: Int { systemEventLoopAnswers.load(ordering: .relaxed) }

    /// How many of them were answered from the connection's bytes (tests).
    public var callsAnsweredOnTheWire: Int { wireAnswers.load(ordering: .relaxed) }

    /// The largest buffer of unanswered bytes `WireCalls` has kept for a connection, in bytes (tests).
    public var largestWireBuffer: Int { wireBufferPeak.load(ordering: .relaxed) }

    /// The live world (tests, health).
    public var world: World { live.world }

    public var stats: (commits: Int, changes: Int) {
        get async { (await commits.commits, await commits.changes) }
    }
}
