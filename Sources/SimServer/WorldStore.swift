import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SimKernel
import SimWorld

/// The world on disk: SQLite through GRDB, in WAL mode with `synchronous = FULL`, so that a commit is
/// on the disk (the WAL fsynced) before the call that made it is answered. Tables: the world's
/// globals and its loaded scenario as two documents, one row per entry of each `WorldTable`
/// (accounts, sessions, …), the session tokens, and the events (so that a subscriber resumes across
/// a restart). Schema changes go through `DatabaseMigrator`.
public final class WorldStore: Sendable {
    let pool: DatabasePool
    private let ownership: DatabaseOwnership

    /// Opens (creating the file and its folder if needed) and migrates the database at `path`.
    public init(path: String) throws {
        try createOwnerOnly(path)
        ownership = try DatabaseOwnership(database: path)
        pool = try DatabasePool(path: path)
        // FULL: a commit fsyncs the WAL, so an acknowledged call survives a power cut, not only a
        // `kill -9` (NORMAL would). Set after opening: GRDB sets NORMAL on the writer when it enables
        // WAL, after `prepareDatabase`. Group commit (`CommitQueue`) pays for the fsyncs.
        try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        try Self.migrator.migrate(pool)
    }

    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1: world documents, accounts, sessions, tokens") { db in
            try db.create(table: WorldDocument.databaseTableName) { t in
                t.primaryKey("name", .text)
                t.column("world", .jsonText).notNull()
            }
            try db.create(table: "account") { t in
                t.primaryKey("username", .text)
                t.column("position", .integer).notNull()
                t.column("state", .jsonText).notNull()
            }
            try db.create(table: "session") { t in
                t.primaryKey("name", .text)
                t.column("position", .integer).notNull()
                t.column("state", .jsonText).notNull()
            }
            try db.create(table: TokenRow.databaseTableName) { t in
                t.primaryKey("digest", .text)
                t.column("session", .text).notNull()
                t.column("settings", .jsonText)
                t.column("createdAt", .datetime).notNull()
            }
        }
        // The kernel: rows of any table of the world, and the events. A v1 database keeps its rows.
        m.registerMigration("v2: world rows by table, events") { db in
            try db.create(table: RowRecord.databaseTableName) { t in
                t.column("tbl", .text).notNull()
                t.column("key", .text).notNull()
                t.column("position", .integer).notNull()
                t.column("state", .jsonText).notNull()
                t.primaryKey(["tbl", "key"])
            }
            try db.execute(sql: "INSERT INTO worldRow (tbl, key, position, state) SELECT 'accounts', username, position, state FROM account")
            try db.execute(sql: "INSERT INTO worldRow (tbl, key, position, state) SELECT 'sessions', name, position, state FROM session")
            try db.drop(table: "account")
            try db.drop(table: "session")
            try db.create(table: EventRecord.databaseTableName) { t in
                t.primaryKey("id", .integer)
                t.column("event", .jsonText).notNull()
            }
        }
        return m
    }

    /// Closes the database and lets another process (or store) open it.
    func close() {
        try? pool.close()
        ownership.release()
    }

    /// What the database holds: the live world, the loaded one, the session tokens, the newest events.
    struct Snapshot: Sendable {
        var world: World
        var loaded: World
        var tokens: [String: SessionToken]
        var events: [SimEvent]
    }

    /// The stored world, or nil for an empty database.
    func snapshot() throws -> Snapshot? {
        try pool.read { db in
            guard let globals = try WorldDocument.fetchOne(db, key: WorldDocument.live),
                  let loaded = try WorldDocument.fetchOne(db, key: WorldDocument.loadedName)
            else { return nil }
            var world = globals.world
            for table in WorldTable.all {
                let rows = try RowRecord.filter(Column("tbl") == table.name).order(Column("position")).fetchAll(db)
                try table.restore(&world, rows.map { StoredRow(key: $0.key, position: $0.position, json: $0.state) })
            }
            var tokens: [String: SessionToken] = [:]
            for row in try TokenRow.fetchAll(db) {
                tokens[row.digest] = SessionToken(session: row.session, settings: row.settings)
            }
            let newest = try EventRecord.order(Column("id").desc).limit(EventHub.defaultRetention).fetchAll(db)
            let events = newest.reversed().compactMap { (try? JSONText.parse($0.event)).flatMap(SimEvent.init(json:)) }
            return Snapshot(world: world, loaded: loaded.world, tokens: tokens, events: events)
        }
    }

    /// Applies changes, in order, in one transaction.
    func commit(_ changes: [WorldChange]) async throws {
        try await pool.write { db in
            for change in changes { try change.apply(db) }
        }
    }

    func commitNow(_ change: WorldChange) throws {
        try pool.write { db in try change.apply(db) }
    }
}

extension WorldChange {
    func apply(_ db: Database) throws {
        if let globals { try WorldDocument(name: WorldDocument.live, world: globals).upsert(db) }
        if let loaded { try WorldDocument(name: WorldDocument.loadedName, world: loaded).upsert(db) }
        for (table, change) in tables {
            switch change {
            case .unchanged: continue
            case .upsert(let rows):
                for row in rows { try RowRecord(table, row).upsert(db) }
            case .replaceAll(let rows):
                try RowRecord.filter(Column("tbl") == table).deleteAll(db)
                for row in rows { try RowRecord(table, row).insert(db) }
            }
        }
        for (digest, token) in newTokens {
            try TokenRow(digest: digest, session: token.session, settings: token.settings, createdAt: Date()).insert(db)
        }
        if !removedTokens.isEmpty { _ = try TokenRow.deleteAll(db, keys: removedTokens) }
        for event in events { try EventRecord(id: event.id, event: JSONText.encode(event.json)).insert(db) }
    }
}

// MARK: records

struct WorldDocument: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "worldDocument"
    static let live = "live"
    static let loadedName = "loaded"
    var name: String
    var world: World
}

struct RowRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "worldRow"
    var tbl: String
    var key: String
    var position: Int
    var state: String

    init(_ table: String, _ row: StoredRow) {
        tbl = table
        key = row.key
        position = row.position
        state = row.json
    }
}

struct TokenRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "sessionToken"
    var digest: String
    var session: String
    var settings: SessionSettings?
    var createdAt: Date
}

struct EventRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "event"
    var id: Int
    var event: String
}

/// The folder (when missing) 0700 and the database file 0600, before SQLite opens it: SQLite
/// gives the WAL and shared-memory files the database file's mode. The world holds accounts and
/// session-token digests, which other users of the machine have no business reading.
private func createOwnerOnly(_ path: String) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    if !FileManager.default.fileExists(atPath: folder.path) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    // O_EXCL: never loosen or truncate a file that exists; the mode is set at creation, no window.
    let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd >= 0 { close(fd) } else if errno != EEXIST {
        throw CommitQueue.StorageFailure(description: "cannot create \(path): \(String(cString: strerror(errno)))")
    }
}
