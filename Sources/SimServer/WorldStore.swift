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
/// (accounts, sessions, bookmarks, Card's and Futurae's lists), the session tokens, and the events
/// (so that a subscriber resumes across a restart). Schema changes go through `DatabaseMigrator`.
public final class WorldStore: Sendable {
    let pool: DatabasePool
    private let ownership: DatabaseOwnership

    /// Opens (creating the file and its folder if needed) and migrates the database at `path`, and
    /// reads what it holds (nil: empty). A database another process serves, or one a newer enrollsim
    /// wrote, is refused before anything is written to it: it is read first through a read-only
    /// connection (a store opened for writing may checkpoint or switch the journal mode on close).
    static func open(path: String) throws -> (store: WorldStore, stored: Snapshot?) {
        try createOwnerOnly(path)
        let ownership = try DatabaseOwnership(database: path)
        let file = ownership.resolvedPath
        let known = migrator.migrations
        var stored = try Self.checkingHotJournal(file) {
          try ForwardCompatibility.readOnly(file) { db -> Snapshot?? in
            try StoredWorldCheck.checkOwnTables(db, path: file)
            try ForwardCompatibility.checkMigrations(db, known: known, path: file)
            // A database an older version wrote is read once migrated; this version's, now.
            guard try migrator.hasCompletedMigrations(db) else { return .none }
            return .some(try read(db, path: file, refusingUnknownKeys: true))
          }
        }
        let store = try WorldStore(ownership: ownership)
        if stored == nil { stored = .some(try store.snapshot(refusingUnknownKeys: true)) }
        return (store, stored ?? nil)
    }

    /// A read the journal left by an interrupted write prevents, said as what it is.
    private static func checkingHotJournal<T>(_ file: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
            throw HotJournal(path: file)
        }
    }

    private init(ownership: DatabaseOwnership) throws {
        self.ownership = ownership
        pool = try DatabasePool(path: ownership.resolvedPath)
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
        m.registerMigration("v3: Card and Futurae rows") { db in try movingSystemListsToRows(db) }
        return m
    }

    /// v3: Card's and Futurae's lists leave the live world's document for rows of their own (a phone's
    /// pushes apart from the phone), moved by SQLite's JSON functions so that every key of every entry
    /// stays as written, known to this version or not (it is checked when the world is read). The
    /// lists written here are frozen: a table added later brings its own migration.
    static func movingSystemListsToRows(_ db: Database) throws {
        let live = "FROM \(WorldDocument.databaseTableName) d, json_each(d.world, ?) j WHERE d.name = '\(WorldDocument.live)'"
        let lists = ["casa.cardholders", "casa.cards", "casa.activationCodes", "casa.transactions",
                     "futurae.users", "futurae.activations", "futurae.devices", "futurae.authSessions"]
        for table in lists {
            try db.execute(sql: "INSERT INTO worldRow (tbl, key, position, state) SELECT ?, CAST(j.key AS TEXT), j.key, j.value \(live)",
                           arguments: [table, "$.\(table)"])
        }
        try db.execute(sql: "INSERT INTO worldRow (tbl, key, position, state) SELECT 'casa.devices', CAST(j.key AS TEXT), j.key, "
                           + "json_set(j.value, '$.pushes', json('[]')) \(live)", arguments: ["$.casa.devices"])
        try db.execute(sql: "INSERT INTO worldRow (tbl, key, position, state) SELECT 'casa.pushes', j.key || '.' || p.key, p.key, "
                           + "json_set(p.value, '$.session', json_extract(j.value, '$.session')) "
                           + "FROM \(WorldDocument.databaseTableName) d, json_each(d.world, '$.casa.devices') j, json_each(j.value, '$.pushes') p "
                           + "WHERE d.name = '\(WorldDocument.live)'")
        // Emptied as this version writes them: every list but the auth sessions, written only when there are some.
        let emptied = lists.filter { $0 != "futurae.authSessions" } + ["casa.devices"]
        try db.execute(sql: "UPDATE \(WorldDocument.databaseTableName) SET world = json_remove(json_replace(world, "
                           + emptied.map { _ in "?, json('[]')" }.joined(separator: ", ") + "), '$.futurae.authSessions') WHERE name = ?",
                       arguments: StatementArguments(emptied.map { "$.\($0)" } + [WorldDocument.live]))
        // A table's rows are read in position order at start.
        try db.create(index: "worldRow_position", on: RowRecord.databaseTableName, columns: ["tbl", "position"])
    }

    /// Closes the database and lets another process (or store) open it: the WAL is checkpointed
    /// into the database file first, so that the one file is the whole world.
    func close() {
        _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
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

    /// The stored world, or nil for an empty database. With `refusingUnknownKeys` (at start), a
    /// document or row with keys this version would not write back is refused (`NewerDatabase`).
    func snapshot(refusingUnknownKeys: Bool = false) throws -> Snapshot? {
        let file = pool.path
        return try pool.read { db in try Self.read(db, path: file, refusingUnknownKeys: refusingUnknownKeys) }
    }

    private static func read(_ db: Database, path file: String, refusingUnknownKeys: Bool) throws -> Snapshot? {
        let documents = try Self.documents(db)
        guard let globalsText = documents[WorldDocument.live], let loadedText = documents[WorldDocument.loadedName] else {
            try StoredWorldCheck.checkNothingElse(db, documents: documents, path: file)
            return nil
        }
        let globals = try Self.decodeDocument(globalsText, name: WorldDocument.live)
        let loaded = try Self.decodeDocument(loadedText, name: WorldDocument.loadedName)
        var dropped: [String] = []
        if refusingUnknownKeys {
            dropped += Self.droppedKeys(globalsText, globals, name: WorldDocument.live)
            dropped += Self.droppedKeys(loadedText, loaded, name: WorldDocument.loadedName)
        }
        var world = globals
        for table in WorldTable.all {
            let rows = try RowRecord.filter(Column("tbl") == table.name).order(Column("position")).fetchAll(db)
            let stored = rows.map { StoredRow(key: $0.key, position: $0.position, json: $0.state) }
            try Self.restore(table, stored, into: &world)
            if refusingUnknownKeys {
                let rewritten = Dictionary(table.rows(world).map { ($0.key, $0.json) }, uniquingKeysWith: { a, _ in a })
                for row in stored {
                    dropped += ForwardCompatibility.droppedKeys(stored: row.json, rewritten: rewritten[row.key] ?? "{}",
                                                                at: "\(RowRecord.databaseTableName) \(table.name) \"\(row.key)\"")
                }
            }
        }
        var tokens: [String: SessionToken] = [:]
        do {
            for row in try TokenRow.fetchAll(db) { tokens[row.digest] = SessionToken(session: row.session, settings: row.settings) }
        } catch {
            throw UnreadableRow(table: TokenRow.databaseTableName, row: nil, reason: "\(error)")
        }
        if refusingUnknownKeys {
            // Session settings keep any option as written (a bag of each system's options), so the
            // round trip above cannot see one this version does not know: asked of every system here.
            dropped += StoredWorldCheck.unknownSessionOptions(world) { Self.storedPlace($0, document: WorldDocument.live) }
            dropped += StoredWorldCheck.unknownSessionOptions(loaded) { Self.storedPlace($0, document: WorldDocument.loadedName) }
            for (digest, token) in tokens.sorted(by: { $0.key < $1.key }) {
                guard let settings = token.settings else { continue }
                dropped += World.unknownSessionOptions(settings).map {
                    "\(TokenRow.databaseTableName) \"\(digest.prefix(12))…\" (session \(token.session)).settings.\($0)"
                }
            }
        }
        if !dropped.isEmpty { throw NewerDatabase(path: file, unknown: dropped.prefix(10).map { "the key \($0)" }) }
        if refusingUnknownKeys {
            try Self.checkServable(world: world, loaded: loaded, globalsText: globalsText, loadedText: loadedText, db: db, path: file)
        }
        let newest = try EventRecord.order(Column("id").desc).limit(EventHub.defaultRetention).fetchAll(db)
        let events = try newest.reversed().map { record in
            guard let event = (try? JSONText.parse(record.event)).flatMap(SimEvent.init(json:)) else {
                throw UnreadableRow(table: EventRecord.databaseTableName, row: "\(record.id)", reason: "not an event: \(record.event.prefix(80))")
            }
            return event
        }
        return Snapshot(world: world, loaded: loaded, tokens: tokens, events: events)
    }

    /// Where a path of the world (`StoredWorldCheck.unknownSessionOptions`) is stored.
    private static func storedPlace(_ path: [String], document: String) -> String {
        guard path.count >= 2 else { return "\(WorldDocument.databaseTableName) \"\(document)\".\(path.joined(separator: "."))" }
        let rest = path.dropFirst(2).joined(separator: ".")
        switch (document, path[0]) {
        case (WorldDocument.live, "sessions"), (WorldDocument.live, "bookmarks"):
            return "\(RowRecord.databaseTableName) \(path[0]) \"\(path[1])\".\(rest)"
        default:
            return "\(WorldDocument.databaseTableName) \"\(document)\".\(path.joined(separator: "."))"
        }
    }

    /// At start: every number of every stored document and row in range, and both worlds keeping
    /// the invariants a scenario is held to (`World.firstProblem`), so what a restart reads cannot
    /// trap where a scenario that says the same is refused.
    private static func checkServable(world: World, loaded: World, globalsText: String, loadedText: String, db: Database, path: String) throws {
        var problem = StoredWorldCheck.numberProblem(globalsText, at: "\(WorldDocument.databaseTableName) \"\(WorldDocument.live)\"")
            ?? StoredWorldCheck.numberProblem(loadedText, at: "\(WorldDocument.databaseTableName) \"\(WorldDocument.loadedName)\"")
        if problem == nil {
            let rows = try Row.fetchCursor(db, sql: "SELECT tbl, key, state FROM \(RowRecord.databaseTableName)")
            while problem == nil, let row = try rows.next() {
                let table: String = row["tbl"], key: String = row["key"], state: String = row["state"]
                problem = StoredWorldCheck.numberProblem(state, at: "\(RowRecord.databaseTableName) \(table) \"\(key)\"")
            }
        }
        if let problem { throw DamagedWorld(path: path, reason: problem) }
        for (name, w) in [(WorldDocument.live, world), (WorldDocument.loadedName, loaded)] {
            if let p = w.firstProblem {
                throw DamagedWorld(path: path, reason: "the \(name) world, at \(p.path.joined(separator: ".")): \(p.reason)")
            }
        }
    }

    private static func documents(_ db: Database) throws -> [String: String] {
        let rows = try Row.fetchAll(db, sql: "SELECT name, world FROM \(WorldDocument.databaseTableName)")
        return Dictionary(rows.map { row -> (String, String) in (row["name"], row["world"]) }, uniquingKeysWith: { a, _ in a })
    }

    private static func decodeDocument(_ text: String, name: String) throws -> World {
        do {
            return try WorldDocument.databaseJSONDecoder(for: "world").decode(World.self, from: Data(text.utf8))
        } catch {
            throw UnreadableRow(table: WorldDocument.databaseTableName, row: name, reason: "\(error)")
        }
    }

    private static func droppedKeys(_ text: String, _ world: World, name: String) -> [String] {
        guard let data = try? WorldDocument.databaseJSONEncoder(for: "world").encode(world) else { return [] }
        return ForwardCompatibility.droppedKeys(stored: text, rewritten: String(decoding: data, as: UTF8.self),
                                                at: "\(WorldDocument.databaseTableName) \"\(name)\"")
    }

    /// The rows into the world; a row that does not decode is named.
    private static func restore(_ table: WorldTable, _ rows: [StoredRow], into world: inout World) throws {
        do {
            try table.restore(&world, rows)
        } catch {
            var scratch = world
            for row in rows {
                do { try table.restore(&scratch, [row]) } catch {
                    throw UnreadableRow(table: "\(RowRecord.databaseTableName) (\(table.name))", row: row.key, reason: "\(error)")
                }
            }
            throw UnreadableRow(table: "\(RowRecord.databaseTableName) (\(table.name))", row: nil, reason: "\(error)")
        }
    }

    /// Drops the events older than the newest `EventHub.defaultRetention`: only those are read back.
    func pruneEvents() throws {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM event WHERE id <= (SELECT MAX(id) FROM event) - ?", arguments: [EventHub.defaultRetention])
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
    /// Writes the change through statements prepared once per connection (`Database.cachedStatement`):
    /// a record's `upsert` builds its SQL, and encodes the record, again for every row.
    func apply(_ db: Database) throws {
        if let globals { try Self.upsertDocument(db, WorldDocument.live, globals) }
        if let loaded { try Self.upsertDocument(db, WorldDocument.loadedName, loaded) }
        for (table, change) in tables {
            switch change {
            case .unchanged: continue
            case .upsert(let rows):
                let upsert = try db.cachedStatement(sql: StoreSQL.upsertRow)
                for row in rows { try Self.run(upsert, [table, row.key, row.position, row.json]) }
            case .replaceAll(let rows):
                try db.cachedStatement(sql: StoreSQL.deleteTable).execute(arguments: [table])
                let insert = try db.cachedStatement(sql: StoreSQL.insertRow)
                for row in rows { try Self.run(insert, [table, row.key, row.position, row.json]) }
            }
        }
        for (digest, token) in newTokens {
            try TokenRow(digest: digest, session: token.session, settings: token.settings, createdAt: Date()).insert(db)
        }
        if !removedTokens.isEmpty { _ = try TokenRow.deleteAll(db, keys: removedTokens) }
        if !events.isEmpty {
            let insert = try db.cachedStatement(sql: StoreSQL.insertEvent)
            for event in events { try insert.execute(arguments: [event.id, JSONText.encode(event.json)]) }
        }
        // The table keeps what a subscriber can resume from, no more.
        if let newest = events.last?.id {
            try db.cachedStatement(sql: StoreSQL.pruneEvents).execute(arguments: [newest - EventHub.defaultRetention])
        }
    }

    /// Arguments of the types the statement was written for: not checked again for every row.
    private static func run(_ statement: Statement, _ arguments: StatementArguments) throws {
        statement.setUncheckedArguments(arguments)
        try statement.execute()
    }

    /// A world document as GRDB's record would store it: JSON text from the record's own encoder.
    private static func upsertDocument(_ db: Database, _ name: String, _ world: World) throws {
        let json = try WorldDocument.databaseJSONEncoder(for: "world").encode(world)
        try db.cachedStatement(sql: StoreSQL.upsertDocument).execute(arguments: [name, String(decoding: json, as: UTF8.self)])
    }
}

/// The statements every commit runs, written once.
enum StoreSQL {
    static let upsertRow = "INSERT INTO \(RowRecord.databaseTableName) (tbl, key, position, state) VALUES (?, ?, ?, ?) "
        + "ON CONFLICT(tbl, key) DO UPDATE SET position = excluded.position, state = excluded.state"
    static let insertRow = "INSERT INTO \(RowRecord.databaseTableName) (tbl, key, position, state) VALUES (?, ?, ?, ?)"
    static let deleteTable = "DELETE FROM \(RowRecord.databaseTableName) WHERE tbl = ?"
    static let upsertDocument = "INSERT INTO \(WorldDocument.databaseTableName) (name, world) VALUES (?, ?) "
        + "ON CONFLICT(name) DO UPDATE SET world = excluded.world"
    static let insertEvent = "INSERT INTO \(EventRecord.databaseTableName) (id, event) VALUES (?, ?)"
    static let pruneEvents = "DELETE FROM \(EventRecord.databaseTableName) WHERE id <= ?"
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

/// A stored row this version cannot read, named by table and key.
struct UnreadableRow: Error, CustomStringConvertible {
    let table: String
    let row: String?
    let reason: String
    var description: String {
        "the database's table \(table)\(row.map { ", row \"\($0)\"" } ?? "") cannot be read: \(reason)"
    }
}

/// The folder (when missing) 0700 and the database file 0600, before SQLite opens it: SQLite
/// gives the WAL and shared-memory files the database file's mode. The world holds accounts and
/// session-token digests, which other users of the machine have no business reading.
private func createOwnerOnly(_ path: String) throws {
    try createFolders(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    // O_EXCL: never loosen or truncate a file that exists; the mode is set at creation, no window.
    let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd >= 0 { close(fd) } else if errno != EEXIST {
        throw FileError("cannot create", path)
    }
}

/// `mkdir -p` with mode 0700, saying which folder could not be made and why.
private func createFolders(_ folder: String) throws {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
        if isFolder.boolValue { return }
        throw FileError("cannot use the folder", folder, code: ENOTDIR)
    }
    let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
    if parent != folder { try createFolders(parent) }
    if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw FileError("cannot create the folder", folder) }
}
