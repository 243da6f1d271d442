import Foundation
import GRDB
import SimKernel

/// A database written by a newer enrollsim is refused, not used: this version would ignore what it
/// does not know and, at its next write, drop it. Checked before anything writes: the migrations
/// applied (read-only, before the store migrates or even switches the journal mode), then the keys
/// of every stored document and row against what this version writes back from them.
struct NewerDatabase: Error, CustomStringConvertible {
    let path: String
    let unknown: [String]

    var description: String {
        "\(path) was written by a newer enrollsim: this version does not know \(unknown.joined(separator: "; ")). "
            + "It is left as it is: serve it with the enrollsim that wrote it"
    }
}

enum ForwardCompatibility {
    /// Runs `body` on a read-only connection to the database (closed afterwards).
    static func readOnly<T>(_ path: String, _ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    /// Refuses a database with migrations this version does not register.
    static func checkMigrations(_ db: Database, known: [String], path: String) throws {
        guard try db.tableExists("grdb_migrations") else { return }
        let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw NewerDatabase(path: path, unknown: unknown.map { "the migration \"\($0)\"" })
        }
    }

    /// The key paths of `stored` (as read from disk) that `rewritten` (what this version writes of
    /// the value it decoded from it) lacks: data this version would drop.
    static func droppedKeys(stored: JSONValue, rewritten: JSONValue, at path: String) -> [String] {
        switch (stored, rewritten) {
        case (.object(let s), .object(let r)):
            return s.keys.sorted().flatMap { key -> [String] in
                let here = path.isEmpty ? key : "\(path).\(key)"
                guard let next = r[key] else { return [here] }
                return droppedKeys(stored: s[key]!, rewritten: next, at: here)
            }
        case (.array(let s), .array(let r)):
            return zip(s, r).enumerated().flatMap { i, pair in droppedKeys(stored: pair.0, rewritten: pair.1, at: "\(path)[\(i)]") }
        default:
            return []
        }
    }

    /// The same, from JSON texts; unchanged texts are compared no further.
    static func droppedKeys(stored: String, rewritten: String, at path: String) -> [String] {
        if stored == rewritten { return [] }
        guard let s = try? JSONText.parse(stored), let r = try? JSONText.parse(rewritten) else { return [] }
        return droppedKeys(stored: s, rewritten: r, at: path)
    }
}
