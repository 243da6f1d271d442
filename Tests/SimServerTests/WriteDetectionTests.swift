import Foundation
import GRDB
import PIMS
import SimKernel
@testable import SimServer
import SimTestSupport
import SimWorld
import Synchronization
import Testing

/// Issue 39: a step writes exactly what it changed. After every kind of step, each committed as the
/// server commits it, the database holds the world in memory (every row of every table, both
/// documents), which fails if the change detection missed a change; every row a step writes differs
/// from the row on disk before, and a login writes its session's row and nothing else, which fails
/// if it wrote rows it did not change.
@Suite struct WriteDetectionTests {
    /// A server's store and world, with the commits made by hand (no client waits, so the commit
    /// queue is idle) and the statements of the writer's connection recorded.
    final class Harness: Sendable {
        let core: ServerCore
        let log = StatementLog()

        init(scenario: String = "team") throws {
            let path = TemporaryFolder.make().appendingPathComponent("world.db").path
            core = try ServerCore(databasePath: path, seed: .named(scenario), honoursLatency: false)
            let log = log
            try core.store.pool.writeWithoutTransaction { db in
                db.trace { event in log.lines.withLock { $0.append("\(event)") } }
            }
        }

        var live: LiveWorld { core.live }

        /// Writes what is queued, and returns the statements that changed rows (not the transaction's own).
        @discardableResult
        func commit() async throws -> (changes: [WorldChange], statements: [String]) {
            log.lines.withLock { $0 = [] }
            let changes = live.takePending().map(\.change)
            if !changes.isEmpty { try await core.store.commit(changes) }
            let written = log.lines.withLock { $0 }.filter { statement in
                !["BEGIN", "COMMIT", "SAVEPOINT", "RELEASE"].contains { statement.uppercased().hasPrefix($0) }
            }
            return (changes, written)
        }

        /// Every row of the database's world tables, by table and key.
        func rowsOnDisk() throws -> [String: [String: String]] {
            try core.store.pool.read { db in
                var rows: [String: [String: String]] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT tbl, key, state FROM worldRow") {
                    rows[row["tbl"], default: [:]][row["key"]] = row["state"]
                }
                return rows
            }
        }

        /// The live world's rows, as the store would write them.
        func rowsInMemory() -> [String: [String: String]] {
            let world = live.world
            var rows: [String: [String: String]] = [:]
            for table in WorldTable.all {
                for row in table.rows(world) { rows[table.name, default: [:]][row.key] = row.json }
            }
            return rows
        }

        /// Device session `device`'s bearer token digest, the session committed.
        func openSession(_ device: String) async throws -> String {
            let opened = try #require(live.openSession(SessionSettings(device: device)))
            try await commit()
            return BearerSecret.digest(opened.token)
        }
    }

    /// The statements the writer's connection ran.
    final class StatementLog: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// What the disk holds is what memory holds: every row, and the documents (the transaction
    /// counter aside: the disk holds a mark ahead of it, `LiveWorld`).
    static func expectDiskIsMemory(_ h: Harness, after step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let disk = try h.rowsOnDisk(), memory = h.rowsInMemory()
        for table in Set(disk.keys).union(memory.keys).sorted() {
            let d = disk[table] ?? [:], m = memory[table] ?? [:]
            #expect(Set(d.keys) == Set(m.keys), "after \(step): the keys of \(table)", sourceLocation: sourceLocation)
            for (key, json) in m where d[key] != nil && d[key] != json {
                #expect(d[key] == json, "after \(step): \(table) \"\(key)\" on disk is not the row in memory", sourceLocation: sourceLocation)
            }
        }
        // The document part: the world without its rows, as the store writes it (the rows are above).
        let stored = try #require(try h.core.store.snapshot(), sourceLocation: sourceLocation)
        let live = h.live.world
        #expect(stored.world.counters.transactions >= live.counters.transactions, sourceLocation: sourceLocation)
        #expect(stored.world.globals(transactionMark: 0) == live.globals(transactionMark: 0),
                "after \(step): the document read back is not the world in memory: \(Self.differences(stored.world.globals(transactionMark: 0), live.globals(transactionMark: 0)))",
                sourceLocation: sourceLocation)
    }

    /// The parts of two worlds that differ, by name.
    static func differences(_ a: World, _ b: World) -> [String] {
        let parts: [(String, (World) -> AnyHashable)] = [
            ("name", { $0.name }), ("description", { $0.description }), ("startTime", { $0.startTime }), ("seed", { $0.seed }),
            ("session", { $0.session }), ("clock", { $0.clock }), ("counters", { $0.counters }), ("sessions", { $0.sessions }),
            ("faults", { $0.faults }), ("bookmarks", { $0.bookmarks }), ("pims.policy", { $0.pims.policy }),
            ("pims.accounts", { $0.pims.accounts }), ("pims.sessions", { $0.pims.sessions }), ("pims.loginFailures", { $0.pims.loginFailures }),
            ("pims.stepsIDs", { $0.pims.stepsIDs }), ("futurae", { $0.futurae }), ("casa", { $0.casa }), ("systemStates", { $0.systemStates }),
        ]
        return parts.filter { $0.1(a) != $0.1(b) }.map(\.0)
    }

    /// Every row a step upserts differs from the row on disk before it (a new row too).
    static func expectOnlyChangedRows(_ changes: [WorldChange], disk before: [String: [String: String]], after step: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
        for change in changes {
            for (table, tableChange) in change.tables {
                guard case .upsert(let rows) = tableChange else { continue }
                for row in rows {
                    #expect(before[table]?[row.key] != row.json, "after \(step): \(table) \"\(row.key)\" written unchanged", sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// A step of the script, run on the harness: a call on a device session, or a control.
    enum Step: CustomStringConvertible {
        case call(String, CallRequest)
        case control(SimControl)
        var description: String {
            switch self {
            case .call(let device, let r): "\(r.name) \(r.params) on \(device)"
            case .control(let c): "\(c.kind) \(c.fields)"
            }
        }
    }

    static func login(_ user: String, _ password: String) -> CallRequest {
        CallRequest(.set, "pims.authentication.user", ["action": "login", "username": .string(user), "password": .string(password)])
    }

    /// Every kind of change the server stores: PIMS sessions and their login state, a wrong password
    /// (the policy's counts, in the document), the clock and faults (document), bookmarks (a table of
    /// their own), a restore and a reset (tables replaced), a load (the loaded world), Card's
    /// purchases and pushes (one answered elsewhere, one withdrawn), activation codes, Futurae's activations, users and push logins.
    static let script: [Step] = [
        .call("d1", login("bob@example.com", "bob-pass")),
        .call("d2", login("bob@example.com", "wrong")),
        .call("d1", CallRequest(.get, "pims.authentication.trustedphonenumber")),
        .call("d1", CallRequest(.set, "pims.authentication.user", ["action": "logout"])),
        .control(.advance(seconds: 90)),
        .control(.fault(FaultRule(name: "pims.authentication.user", latencyMs: 1, times: 2))),
        .call("d2", login("bob@example.com", "bob-pass")),
        .control(.bookmark("one")),
        .call("d2", login("bob@example.com", "bob-pass")),
        .control(.clearFaults),
        .control(.session(name: "desk", settings: SessionSettings(device: "desk-1"))),
        .control(.restore("one")),
        .control(.reset),
        .control(.load(.named("card-replacement"))),
        .control(SimControl("casa.purchase", ["card": "4242", "merchant": "Corner Shop", "amount": 500, "currency": "GBP"])),
        .control(.advance(seconds: 30)),
        .control(SimControl("casa.purchase", ["card": "4242", "merchant": "Demo Shop", "amount": 4999, "currency": "EUR"])),
        .control(SimControl("casa.activationCode", ["card": "4242"])),
        // The newest purchase answered on another phone, then the older one withdrawn (a push removed).
        .control(SimControl("casa.otherPhone", ["answer": "reject"])),
        .control(SimControl("casa.withdraw", [:])),
        .control(.load(.named("futurae-enrolled"))),
        .control(SimControl("futurae.activation", ["user": "carol@example.com", "shortCode": true, "binding": true, "createUser": true])),
        .control(SimControl("futurae.auth", ["user": "alice@example.com"])),
        .control(.advance(seconds: 5)),
        .control(SimControl("futurae.auth", ["user": "alice@example.com"])),
        .control(.bookmark("two")),
        .control(.reset),
    ]

    @Test func everyKindOfChangeIsOnDiskAfterItsStepAndNothingUnchangedIsWritten() async throws {
        let h = try Harness()
        var sessions: [String: String] = [:]
        try Self.expectDiskIsMemory(h, after: "the start")
        for step in Self.script {
            if case .call(let device, _) = step, sessions[device] == nil { sessions[device] = try await h.openSession(device) }
            let before = try h.rowsOnDisk()
            switch step {
            case .call(let device, let request):
                #expect(h.live.call(request, digest: sessions[device]!) != nil, "\(step)")
            case .control(let control):
                let (answer, _) = h.live.control(control)
                #expect(answer.ok, "\(step): \(answer)")
            }
            let (changes, _) = try await h.commit()
            Self.expectOnlyChangedRows(changes, disk: before, after: "\(step)")
            try Self.expectDiskIsMemory(h, after: "\(step)")
        }
        // And a restart reads the same world back: its rows, as the store writes them, and its document.
        let path = h.core.store.pool.path
        let memory = h.rowsInMemory(), document = h.live.world.globals(transactionMark: 0)
        h.core.store.close()
        let (store, stored) = try WorldStore.open(path: path)
        defer { store.close() }
        let world = try #require(stored).world
        #expect(world.globals(transactionMark: 0) == document)
        for table in WorldTable.all {
            #expect(Dictionary(uniqueKeysWithValues: table.rows(world).map { ($0.key, $0.json) }) == memory[table.name] ?? [:], "\(table.name)")
        }
    }

    @Test func aLoginWritesItsSessionsRowAndNothingElse() async throws {
        let h = try Harness()
        let digest = try await h.openSession("d1")
        #expect(h.live.call(Self.login("bob@example.com", "bob-pass"), digest: digest) != nil)
        let (_, statements) = try await h.commit()
        #expect(statements.count == 1, "\(statements)")
        #expect(statements.allSatisfy { $0.contains("INSERT INTO worldRow") }, "\(statements)")
        // A read changes no row: nothing is written.
        #expect(h.live.call(CallRequest(.get, "pims.authentication.trustedphonenumber"), digest: digest) != nil)
        #expect(try await h.commit().statements.isEmpty)
        try Self.expectDiskIsMemory(h, after: "a login and a read")
    }

    @Test func aPurchaseWritesItsTransactionPushAndPhoneRows() async throws {
        let h = try Harness(scenario: "card-replacement")
        _ = h.live.control(SimControl("casa.purchase", ["card": "4242", "merchant": "Corner Shop", "amount": 500, "currency": "GBP"]))
        let (changes, statements) = try await h.commit()
        let written = changes.flatMap(\.tables).compactMap { table, change -> String? in
            guard case .upsert(let rows) = change else { return change.isUnchanged ? nil : "\(table) whole" }
            return "\(table) \(rows.count)"
        }
        #expect(written.sorted() == ["casa.pushes 1", "casa.transactions 1"], "\(written)")
        #expect(statements.filter { $0.contains("worldRow") }.count == 2, "\(statements)")
    }
}
