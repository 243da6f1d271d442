import Foundation
import GRDB
import SimKernel
import SimServer
import SimTestSupport
import Testing

/// Issue 43: a database is served only if it is whole and enrollsim's own, and what it holds is
/// checked at start as a scenario is: a refusal (status 65) leaves the file byte for byte as it was,
/// and a failed start creates nothing.
@Suite struct WholeDatabaseTests {
    typealias Fixture = ForwardCompatibilityTests

    /// `enrollsim serve` on `db`: its status and standard error. A server that starts where it
    /// should refuse is stopped by `timeout` (status 124), so the test fails rather than waits.
    static func serve(_ db: String, _ extra: [String] = []) async throws -> (status: Int32, stderr: String) {
        try await ServeCommandTests().run(["serve", "--port", "0", "--db", db] + extra, environment: ["ENROLLSIM_ADMIN_TOKEN": ServeProcess.admin],
                                          launcher: ["/usr/bin/timeout", "120"])
    }

    /// With its live world document deleted (its rows, tokens and events kept), the database is
    /// refused, not seeded anew with `team`.
    @Test func aDatabaseWithoutItsLiveDocumentIsRefusedNotReseeded() async throws {
        let path = try await Fixture.database()
        try Fixture.edit(path, "DELETE FROM worldDocument WHERE name = 'live'")
        let message = try Fixture.refusal(path)
        #expect(message.contains("is incomplete: the world document \"live\" is missing"), "\(message)")
        #expect(message.contains("not seeded anew"), "\(message)")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let (status, stderr) = try await Self.serve(path)
        #expect(status == StartFailure.dataError, "\(stderr)")
        #expect(stderr.contains("the world document \"live\" is missing"), "\(stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// A database this version made and left empty (its migrations only) is still seeded.
    @Test func anEmptyDatabaseOfThisVersionIsSeeded() async throws {
        let path = try await Fixture.database()
        try Fixture.edit(path, "DELETE FROM worldDocument; DELETE FROM worldRow; DELETE FROM sessionToken; DELETE FROM event")
        let core = try ServerCore(databasePath: path, seed: .named("fresh"))
        #expect(core.origin == .seeded(scenario: "fresh"))
        core.close()
    }

    /// Another application's SQLite file: refused, byte for byte as it was, no table added.
    @Test func aForeignSQLiteFileIsRefusedUntouched() async throws {
        let path = TemporaryFolder.make().appendingPathComponent("notes.db").path
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
            try db.execute(sql: "INSERT INTO note (text) VALUES ('keep me')")
        }
        try queue.close()
        let message = try Fixture.refusal(path)
        #expect(message.contains("is an SQLite database enrollsim did not make (tables note)"), "\(message)")
        let (status, stderr) = try await Self.serve(path)
        #expect(status == StartFailure.dataError, "\(stderr)")
        let tables = try await DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(tables == ["note"])
    }

    /// A rollback journal left by a writer that was killed mid-transaction is named for what it is,
    /// with what to do; once rolled back as it says, the database is served.
    @Test func aHotJournalIsNamedWithWhatToDo() async throws {
        let path = try await Fixture.database()
        let python = """
            import os, sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("PRAGMA journal_mode=DELETE")
            db.execute("PRAGMA cache_size=1")
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE worldRow SET position = position + 1")
            # More than the cache holds: the change spills into the file, the journal's header is synced (hot).
            db.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
                       "INSERT INTO event (id, event) SELECT 1000000 + i, hex(randomblob(500)) FROM n")
            os._exit(0)
            """
        try #require(Self.runPython(python, [path]) == 0)
        try #require(FileManager.default.fileExists(atPath: path + "-journal"), "the writer left its journal")
        let message = try Fixture.refusal(path)
        #expect(message.contains("\(path)-journal is a hot journal"), "\(message)")
        #expect(message.contains("PRAGMA integrity_check"), "\(message)")
        #expect(!message.contains("readonly database"), "\(message)")
        // What the message says to do: open it for writing once.
        try #require(Self.runPython("import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchall()", [path]) == 0)
        let core = try ServerCore(databasePath: path, seed: .named("fresh"))
        #expect(core.origin == .resumed(scenario: "enrolled"))
        core.close()
    }

    static func runPython(_ code: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", code] + arguments
        try ProcessLaunch.run(process)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A scenario that cannot be read leaves no database file, nor the folders made for it.
    @Test(arguments: ["no-such-scenario", "/nonexistent/scenario.yaml"])
    func aStartThatFailsCreatesNothing(scenario: String) async throws {
        let folder = TemporaryFolder.make()
        let db = folder.appendingPathComponent("new/deeper/world.db").path
        let (status, stderr) = try await Self.serve(db, ["--scenario", scenario])
        #expect(status == 64, "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "a failed start left \(db)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path), "a failed start left its folders")
    }

    /// A stored number out of range, or a stored row breaking an invariant, is refused at start as
    /// the same scenario would be, naming where it is: never served to trap on the first call.
    @Test(arguments: [
        ("UPDATE worldDocument SET world = json_set(world, '$.counters.transactions', 9223372036854775000) WHERE name = 'live'",
         "worldDocument \"live\".counters.transactions: 9223372036854775000 is out of range"),
        ("UPDATE worldDocument SET world = json_set(world, '$.counters.transactions', -5) WHERE name = 'live'",
         "the live world, at counters.transactions: counters.transactions must be between 0 and 9007199254740991, not -5"),
        ("UPDATE worldRow SET state = json_set(state, '$.pinFailures', -9223372036854775808) WHERE tbl = 'accounts' AND key = 'alice@example.com'",
         "worldRow accounts \"alice@example.com\".pinFailures: -9223372036854775808 is out of range"),
        ("UPDATE worldRow SET state = json_set(state, '$.pinFailures', -1) WHERE tbl = 'accounts' AND key = 'alice@example.com'",
         "pinFailures cannot be negative"),
    ])
    func aStoredNumberOutOfRangeIsRefusedAtStart(sql: String, reason: String) async throws {
        let path = try await Fixture.database()
        try Fixture.edit(path, sql)
        let message = try Fixture.refusal(path)
        #expect(message.contains("holds a world this enrollsim cannot serve"), "\(message)")
        #expect(message.contains(reason), "\(message)")
    }

    /// Unknown keys inside a session's settings, in a session row and in a session token's row, are
    /// seen at start like every other stored key: a newer version's database, refused untouched.
    @Test(arguments: [
        ("UPDATE worldRow SET state = json_set(state, '$.settings.futureOption', 'x') WHERE tbl = 'sessions' AND key = 'default'",
         "worldRow sessions \"default\".settings.futureOption"),
        ("UPDATE worldDocument SET world = json_set(world, '$.session.futureOption', 1) WHERE name = 'live'",
         "worldDocument \"live\".session.futureOption"),
        ("INSERT INTO sessionToken (digest, session, settings, createdAt) VALUES ('00112233445566778899aabbccddeeff', 'default', "
            + "'{\"device\": \"iphone-15\", \"futureOption\": true}', '2026-01-05 09:00:00.000')",
         "sessionToken \"001122334455…\" (session default).settings.futureOption"),
    ])
    func unknownKeysInStoredSessionSettingsAreRefused(sql: String, unknown: String) async throws {
        let path = try await Fixture.database()
        try Fixture.edit(path, sql)
        let message = try Fixture.refusal(path)
        #expect(message.contains("written by a newer enrollsim"), "\(message)")
        #expect(message.contains(unknown), "\(message)")
    }
}
