import Foundation
import GRDB
import SimKernel
import SimServer
import SimTestSupport
import Testing

/// Issue 24: one server per database file whatever name it is given, and a database from a newer
/// enrollsim refused and left byte for byte as it was.
@Suite struct DatabaseOwnershipTests {
    @Test(arguments: ["symbolic link", "hard link"])
    func aSecondServerThroughALinkIsRefused(link: String) async throws {
        let db = TemporaryFolder.make().appendingPathComponent("world.db").path
        let first = try await ServeProcess.start(database: db)
        let other = TemporaryFolder.make().appendingPathComponent("other.db").path
        if link == "hard link" {
            try FileManager.default.linkItem(atPath: db, toPath: other)
        } else {
            try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: db)
        }
        let (status, stderr) = try await ServeCommandTests().run(["serve", "--port", "0", "--db", other],
                                                                 environment: ["ENROLLSIM_ADMIN_TOKEN": ServeProcess.admin])
        #expect(await first.stop(SIGTERM) == 0)
        #expect(status == StartFailure.inUse, "\(stderr)")
        #expect(stderr.contains("another process (an enrollsim serve?) is using \(other)"), "\(stderr)")
        #expect(!stderr.contains("Usage:"))
    }

    /// In one process too (tests, embedding): a second store on the same file is refused, and the
    /// refusal leaves the first one's SQLite locks alone.
    @Test func aSecondStoreInTheSameProcessIsRefused() async throws {
        try await withServer { server in
            let link = TemporaryFolder.make().appendingPathComponent("link.db").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: server.databasePath)
            #expect(throws: ServerCore.OpenError.self) { try ServerCore(databasePath: link, seed: .named("fresh")) }
            let client = try server.client()
            #expect(try await client.control(["sim": "clearFaults"]).ok, "the first server goes on")
        }
    }
}

@Suite struct ForwardCompatibilityTests {
    /// A database this version made, closed: its one file holds it all.
    static func database() async throws -> String {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        try await withServer("enrolled", databasePath: path) { server in
            _ = try await server.client().control(["sim": "clearFaults"])
        }
        return path
    }

    static func edit(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }

    /// Opening is refused; returns the message, and checks the file did not change.
    static func refusal(_ path: String) throws -> String {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var message = ""
        do {
            _ = try ServerCore(databasePath: path, seed: .named("fresh"))
            Issue.record("a newer database was opened")
        } catch {
            message = error.description
            #expect(error.exitStatus == StartFailure.dataError)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "byte for byte as it was")
        return message
    }

    /// An unknown migration; unknown keys in the world document and in an account row.
    @Test(arguments: [
        (["INSERT INTO grdb_migrations (identifier) VALUES ('v9: from the future')"], ["the migration \"v9: from the future\""]),
        (["UPDATE worldDocument SET world = json_set(world, '$.futureSetting', 1) WHERE name = 'live'",
          "UPDATE worldRow SET state = json_set(state, '$.futureField', 'x') WHERE tbl = 'accounts' AND key = 'alice@example.com'"],
         ["worldDocument \"live\".futureSetting", "worldRow accounts \"alice@example.com\".futureField"]),
    ])
    func aNewerDatabaseIsRefusedNamingWhatIsUnknownAndLeftAsItWas(edits: [String], unknown: [String]) async throws {
        let path = try await Self.database()
        for sql in edits { try Self.edit(path, sql) }
        let message = try Self.refusal(path)
        #expect(message.contains("written by a newer enrollsim"), "\(message)")
        for name in unknown { #expect(message.contains(name), "\(message)") }
    }

    /// What this version wrote is opened again (no false alarm on its own keys).
    @Test func aDatabaseOfThisVersionIsResumed() async throws {
        let path = try await Self.database()
        let core = try ServerCore(databasePath: path, seed: .named("fresh"))
        #expect(core.origin == .resumed(scenario: "enrolled"))
        core.close()
    }

    /// A row that does not decode is named by table and key.
    @Test func anUnreadableRowIsNamed() async throws {
        let path = try await Self.database()
        try Self.edit(path, "UPDATE worldRow SET state = '{\"username\": 7}' WHERE tbl = 'accounts' AND key = 'alice@example.com'")
        #expect(throws: ServerCore.OpenError.self) {
            do { _ = try ServerCore(databasePath: path, seed: .named("fresh")) } catch let error as ServerCore.OpenError {
                #expect(error.description.contains("table worldRow (accounts), row \"alice@example.com\" cannot be read"), "\(error)")
                #expect(error.exitStatus == StartFailure.dataError)
                throw error
            }
        }
    }
}

/// The `event` table keeps what a subscriber can resume from: the newest `EventHub.defaultRetention`.
@Suite struct EventTablePruningTests {
    @Test func theEventTableIsPrunedAtStartAndAtEachCommit() async throws {
        let path = try await ForwardCompatibilityTests.database()
        let extra = EventHub.defaultRetention + 500
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            let first = (try Int.fetchOne(db, sql: "SELECT MAX(id) FROM event") ?? 0) + 1
            for id in first..<(first + extra) {
                try db.execute(sql: "INSERT INTO event (id, event) VALUES (?, ?)",
                               arguments: [id, #"{"at":"2026-01-05T09:00:00Z","data":{"count":0},"id":\#(id),"kind":"faults"}"#])
            }
        }
        try queue.close()
        try await withServer(databasePath: path) { server in
            let count = { try await DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM event") } }
            #expect(try await count() == EventHub.defaultRetention)
            _ = try await server.client().control(["sim": "clearFaults"])
            #expect(try await count() == EventHub.defaultRetention, "one in, the oldest out")
        }
    }
}
