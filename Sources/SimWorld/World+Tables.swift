import Foundation
import PIMS
import SimKernel

/// The world as a store keeps it: tables of keyed rows (the parts that grow, stored row by row so that
/// a call writes only what it changed) and the rest as one document. A system whose state grows adds
/// its table here; the server knows tables, not systems.
public struct WorldTable: Sendable {
    public let name: String
    /// What changed in this table between two worlds.
    public let change: @Sendable (_ before: World, _ after: World) -> TableChange
    /// Every row, in order (seeding an empty store).
    public let rows: @Sendable (World) -> [StoredRow]
    /// The world without this table's rows (the document part).
    public let strip: @Sendable (inout World) -> Void
    /// Puts rows read back from a store (in position order) into a stripped world.
    public let restore: @Sendable (inout World, [StoredRow]) throws -> Void

    public static let all: [WorldTable] = [.accounts, .sessions]
}

/// One row as stored: its key, its position in the list, and its state as JSON text.
public struct StoredRow: Sendable, Hashable {
    public var key: String
    public var position: Int
    public var json: String

    public init(key: String, position: Int, json: String) {
        self.key = key
        self.position = position
        self.json = json
    }
}

/// The rows of one table that changed: some rows by position (edits and appends), or all of them (a
/// `load` or `reset` replaced the list, or removed from it).
public enum TableChange: Sendable {
    case unchanged
    case upsert([StoredRow])
    case replaceAll([StoredRow])

    public var isUnchanged: Bool { if case .unchanged = self { return true }; return false }
}

extension WorldTable {
    /// A table of a list in the world whose rows are Codable values with a key.
    static func list<Row: Codable & Hashable & Sendable>(
        _ name: String, key: @escaping @Sendable (Row) -> String,
        get: @escaping @Sendable (World) -> [Row], set: @escaping @Sendable (inout World, [Row]) -> Void
    ) -> WorldTable {
        @Sendable func stored(_ position: Int, _ row: Row) -> StoredRow {
            let data = (try? JSONEncoder.sorted.encode(row)) ?? Data()
            return StoredRow(key: key(row), position: position, json: String(decoding: data, as: UTF8.self))
        }
        return WorldTable(
            name: name,
            change: { before, after in
                let (b, a) = (get(before), get(after))
                if b == a { return .unchanged }
                guard a.count >= b.count, b.indices.allSatisfy({ key(b[$0]) == key(a[$0]) }) else {
                    return .replaceAll(a.enumerated().map { stored($0.offset, $0.element) })
                }
                return .upsert(a.indices.filter { $0 >= b.count || b[$0] != a[$0] }.map { stored($0, a[$0]) })
            },
            rows: { world in get(world).enumerated().map { stored($0.offset, $0.element) } },
            strip: { world in set(&world, []) },
            restore: { world, rows in
                set(&world, try rows.map { try JSONDecoder().decode(Row.self, from: Data($0.json.utf8)) })
            })
    }

    static let accounts = WorldTable.list("accounts", key: { (a: Account) in a.username },
                                          get: { $0.pims.accounts }, set: { $0.pims.accounts = $1 })

    /// A session's row holds the kernel's name and settings and PIMS's login state, as `sessions:` in
    /// a scenario does.
    static let sessions = WorldTable.list(
        "sessions", key: { (s: SessionEntry) in s.name },
        get: { w in w.sessions.map { SessionEntry(name: $0.name, settings: $0.settings, pims: w.pims.sessions[$0.name] ?? PIMSSession()) } },
        set: { w, entries in
            w.sessions = entries.map { World.Session(name: $0.name, settings: $0.settings) }
            w.pims.sessions = [:]
            for e in entries where !e.pims.isEmpty { w.pims.sessions[e.name] = e.pims }
        })
}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = .sortedKeys
        return e
    }
}

