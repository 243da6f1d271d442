import Foundation
import GRDB
import SimKernel
import SimWorld

/// What the start-up check finds in a database before a byte of it is written: that the file is
/// enrollsim's (not another application's SQLite file), that it is whole (its live world document
/// there whenever anything else is), and that what it holds is a world this version can serve (every
/// number in range, every invariant kept, every session option known).
enum StoredWorldCheck {
    /// The tables enrollsim's migrations make (and, for v1, the ones v2 moves into `worldRow`).
    static let ownTables: Set<String> = ["grdb_migrations", WorldDocument.databaseTableName, RowRecord.databaseTableName,
                                         TokenRow.databaseTableName, EventRecord.databaseTableName, "account", "session"]

    /// Refuses an SQLite file that has tables but is not one enrollsim made: without `grdb_migrations`,
    /// or with a table no migration of this version makes (with unknown migrations, `NewerDatabase`
    /// says so first).
    static func checkOwnTables(_ db: Database, path: String) throws {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
        guard !tables.isEmpty else { return }
        let foreign = tables.filter { !ownTables.contains($0) }
        if !tables.contains("grdb_migrations") || !foreign.isEmpty {
            throw ForeignDatabase(path: path, tables: foreign.isEmpty ? tables : foreign)
        }
    }

    /// A database without its two world documents is new only if it holds nothing else either: with
    /// rows, tokens, events or one of the two documents, it is damaged, and seeding it would drop
    /// its sessions and their tokens.
    static func checkNothingElse(_ db: Database, documents: [String: String], path: String) throws {
        var held: [String] = []
        func count(_ table: String, _ what: String) throws {
            let n = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
            if n > 0 { held.append("\(n) \(what)\(n == 1 ? "" : "s")") }
        }
        try count(RowRecord.databaseTableName, "row")
        try count(TokenRow.databaseTableName, "session token")
        try count(EventRecord.databaseTableName, "event")
        let present = documents.keys.sorted()
        held += present.map { "the world document \"\($0)\"" }
        guard !held.isEmpty else { return }
        let missing = [WorldDocument.live, WorldDocument.loadedName].filter { documents[$0] == nil }
        throw IncompleteDatabase(path: path, missing: missing.map { "the world document \"\($0)\"" }, held: held)
    }

    /// Every number of a stored document or row within `NumberBounds` (the generator states aside):
    /// the stored world is read by JSON, not by the scenario decoder that holds a scenario to them.
    static func numberProblem(_ text: String, at place: String) -> String? {
        guard let value = try? JSONText.parse(text) else { return nil }
        return numberProblem(value, at: place)
    }

    /// The keys whose numbers are UInt64 bit patterns: the seed and the generators' states.
    private static let generatorStates: Set<String> = ["seed", "codes", "faults"]

    private static func numberProblem(_ value: JSONValue, at place: String) -> String? {
        switch value {
        case .int(let n): return NumberBounds.wholeProblem(n).map { "\(place): \($0)" }
        case .double(let x): return NumberBounds.fractionProblem(x).map { "\(place): \($0)" }
        case .array(let items):
            for (i, item) in items.enumerated() { if let p = numberProblem(item, at: "\(place)[\(i)]") { return p } }
        case .object(let members):
            for key in members.keys.sorted() {
                // Above Int.max a UInt64 state is parsed as a double: either is a number, which is all it must be.
                if generatorStates.contains(key), members[key]!.doubleNumber != nil { continue }
                if let p = numberProblem(members[key]!, at: "\(place).\(key)") { return p }
            }
        default: break
        }
        return nil
    }

    /// The session options of `world` that no system of this version knows, where each is stored.
    /// `place(path)`: how the stored place of a world path is named.
    static func unknownSessionOptions(_ world: World, place: (_ path: [String]) -> String) -> [String] {
        var found = World.unknownSessionOptions(world.session.settings).map { place(["session", $0]) }
        for i in 0..<world.sessions.count {
            let s = world.sessions[i]
            found += World.unknownSessionOptions(s.settings).map { place(["sessions", s.name, "settings", $0]) }
        }
        for i in 0..<world.bookmarks.count {
            let b = world.bookmarks[i]
            found += unknownSessionOptions(b.world) { place(["bookmarks", b.name, "world"] + $0) }
        }
        return found
    }
}

/// An SQLite file of another application: refused, left as it is.
struct ForeignDatabase: Error, CustomStringConvertible {
    let path: String
    let tables: [String]
    var description: String {
        "\(path) is an SQLite database enrollsim did not make (tables \(tables.prefix(8).joined(separator: ", "))"
            + (tables.count > 8 ? ", …" : "") + "). It is left as it is: give --db a new file, or one enrollsim serve made"
    }
}

/// A database that holds a world's rows without the world's documents: damaged, refused, not re-seeded.
struct IncompleteDatabase: Error, CustomStringConvertible {
    let path: String
    let missing: [String]
    let held: [String]
    var description: String {
        "\(path) is incomplete: \(missing.joined(separator: " and ")) \(missing.count == 1 ? "is" : "are") missing, "
            + "yet it holds \(held.joined(separator: ", ")). It is left as it is, not seeded anew "
            + "(that would drop its sessions and their tokens): restore it from a backup, or give --db a new file"
    }
}

/// A stored world this version cannot serve: a number out of range, a broken invariant.
struct DamagedWorld: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String {
        "\(path) holds a world this enrollsim cannot serve: \(reason). It is left as it is"
    }
}

/// A rollback journal left by an interrupted write: SQLite undoes it when a writer next opens the
/// database, which the read-only start-up check cannot be.
struct HotJournal: Error, CustomStringConvertible {
    let path: String
    var description: String {
        "\(path)-journal is a hot journal: a write to \(path) was interrupted (by a crash, or a program that was killed) "
            + "and has not been rolled back, so the database cannot be read as it is. Roll it back by opening the database "
            + "for writing once, e.g. sqlite3 \(path) 'PRAGMA integrity_check', then start the server again; "
            + "do not delete the journal (the database would keep the half-done write)"
    }
}
