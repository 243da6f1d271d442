import Foundation
import GRDB
import PIMS
import PIMSSimulator

/// The world on disk: SQLite through GRDB, in WAL mode with `synchronous = FULL`, so that a commit is
/// on the disk (the WAL fsynced) before the call that made it is answered. Tables: the world's
/// globals and its loaded scenario as two documents, one row per account, per session and per
/// session token. Schema changes go through `DatabaseMigrator`.
public final class WorldStore: Sendable {
    let pool: DatabasePool
    private let ownership: DatabaseOwnership

    /// Opens (creating the file and its folder if needed) and migrates the database at `path`.
    public init(path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
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
            try db.create(table: AccountRow.databaseTableName) { t in
                t.primaryKey("username", .text)
                t.column("position", .integer).notNull()
                t.column("state", .jsonText).notNull()
            }
            try db.create(table: SessionRow.databaseTableName) { t in
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
        return m
    }

    /// Closes the database and lets another process (or store) open it.
    func close() {
        try? pool.close()
        ownership.release()
    }

    /// What the database holds: the live world, the loaded one, the session tokens.
    struct Snapshot: Sendable {
        var world: World
        var loaded: World
        var tokens: [String: SessionToken]
    }

    /// The stored world, or nil for an empty database.
    func snapshot() throws -> Snapshot? {
        try pool.read { db in
            guard let globals = try WorldDocument.fetchOne(db, key: WorldDocument.live),
                  let loaded = try WorldDocument.fetchOne(db, key: WorldDocument.loadedName)
            else { return nil }
            var world = globals.world
            world.accounts = try AccountRow.order(Column("position")).fetchAll(db).map(\.state)
            world.sessions = try SessionRow.order(Column("position")).fetchAll(db).map(\.state)
            var tokens: [String: SessionToken] = [:]
            for row in try TokenRow.fetchAll(db) {
                tokens[row.digest] = SessionToken(session: row.session, settings: row.settings)
            }
            return Snapshot(world: world, loaded: loaded.world, tokens: tokens)
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
        try accounts.apply(db) { AccountRow(username: $1.username, position: $0, state: $1) }
        try sessions.apply(db) { SessionRow(name: $1.name, position: $0, state: $1) }
        for (digest, token) in newTokens {
            try TokenRow(digest: digest, session: token.session, settings: token.settings, createdAt: Date()).insert(db)
        }
    }
}

extension RowChange {
    func apply<R: PersistableRecord>(_ db: Database, _ record: (Int, Row) -> R) throws {
        switch self {
        case .unchanged: return
        case .upsert(let rows):
            for (position, row) in rows { try record(position, row).upsert(db) }
        case .replaceAll(let rows):
            try R.deleteAll(db)
            for (position, row) in rows.enumerated() { try record(position, row).insert(db) }
        }
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

struct AccountRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "account"
    var username: String
    var position: Int
    var state: Account
}

struct SessionRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "session"
    var name: String
    var position: Int
    var state: SessionState
}

struct TokenRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "sessionToken"
    var digest: String
    var session: String
    var settings: SessionSettings?
    var createdAt: Date
}
