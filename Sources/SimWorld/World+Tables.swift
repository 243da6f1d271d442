import Foundation
import PIMS
import SimKernel

/// The world as a store keeps it: tables of keyed rows (the parts that grow, stored row by row so that
/// a call writes only what it changed) and the rest as one document. A system whose state grows adds
/// its table here; the server knows tables, not systems.
public struct WorldTable: Sendable {
    public let name: String
    /// Starts the change logs of this table's lists (before a step), under a token new to them,
    /// counting what they record in the count given.
    public let startLog: @Sendable (inout World, UInt64, ChangeCount?) -> Void
    /// What changed in this table since its log started with this token: the rows the step
    /// touched and left different, found through the lists' logs (no comparison of whole tables).
    public let change: @Sendable (World, UInt64) -> TableChange
    /// Every row, in order (seeding an empty store).
    public let rows: @Sendable (World) -> [StoredRow]
    /// The world without this table's rows (the document part).
    public let strip: @Sendable (inout World) -> Void
    /// Puts rows read back from a store (in position order) into a stripped world.
    public let restore: @Sendable (inout World, [StoredRow]) throws -> Void
    /// The table whose change log this one reads instead of starting its own (Card's pushes read
    /// the phones'), or nil.
    public var readsLogOf: String? = nil

    public static let all: [WorldTable] = [.accounts, .sessions, .bookmarks] + card + futurae

    /// For each table of `all`, the position in `all` of the table whose log it reads (its own).
    static let logOwner: [Int] = all.map { table in table.readsLogOf.flatMap { name in all.firstIndex { $0.name == name } } ?? all.firstIndex { $0.name == table.name }! }

    /// What changed in each table since the logs started under `token`, asking only the tables
    /// whose logs recorded a row (`counted`; nil: every table, for a step that may have assigned a
    /// list anew, which no log records). A call that changed one row reads one table's log.
    public static func changes(in world: World, since token: UInt64, counted: TableChangeCounts? = nil) -> [(name: String, change: TableChange)] {
        var changes: [(name: String, change: TableChange)] = []
        for (i, table) in all.enumerated() where counted?.recorded(logOwner[i]) ?? true {
            changes.append((table.name, table.change(world, token)))
        }
        return changes
    }
}

/// One `ChangeCount` per table of `WorldTable.all`, started with their logs (`World.startCountedChangeLogs`):
/// which tables a step changed rows of, without asking each table.
public struct TableChangeCounts: Sendable {
    let counts: [ChangeCount]

    /// Whether no log recorded a row.
    public var isZero: Bool { counts.allSatisfy(\.isZero) }

    /// Whether the logs of the table at this position of `WorldTable.all` recorded a row.
    func recorded(_ table: Int) -> Bool { !counts[table].isZero }
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
    static func stored(_ key: String, _ position: Int, _ row: some Encodable) -> StoredRow {
        let data = (try? JSONEncoder.rows.encode(row)) ?? Data()
        return StoredRow(key: key, position: position, json: String(decoding: data, as: UTF8.self))
    }

    /// The change of a table whose changed positions are `positions` (nil: all of them).
    static func change(_ positions: [Int]?, count: Int, row: (Int) -> StoredRow) -> TableChange {
        guard let positions else { return .replaceAll((0..<count).map(row)) }
        return positions.isEmpty ? .unchanged : .upsert(positions.map(row))
    }

    static let accounts = WorldTable(
        name: "accounts",
        startLog: { w, token, count in w.pims.accounts.startLog(token, counting: count) },
        change: { w, token in
            let list = w.pims.accounts
            return change(list.changes(since: token), count: list.count) { stored(list[$0].username, $0, list[$0]) }
        },
        rows: { w in w.pims.accounts.enumerated().map { stored($0.element.username, $0.offset, $0.element) } },
        strip: { w in w.pims.accounts = [] },
        restore: { w, rows in
            w.pims.accounts = KeyedList(try rows.map { try JSONDecoder().decode(Account.self, from: Data($0.json.utf8)) })
        })

    /// A session's row holds the kernel's name and settings and PIMS's login state, as `sessions:` in
    /// a scenario does; it changes when either does.
    static let sessions = WorldTable(
        name: "sessions",
        startLog: { w, token, count in
            w.sessions.startLog(token, counting: count)
            w.pims.sessions.startLog(token, counting: count)
        },
        change: { w, token in
            var positions: [Int]?
            if let kernel = w.sessions.changes(since: token), let pims = w.pims.sessions.changes(since: token) {
                positions = Array(Set(kernel + pims.compactMap { w.sessions.index(of: $0) })).sorted()
            }
            return change(positions, count: w.sessions.count) { entryRow(w, $0) }
        },
        rows: { w in w.sessions.indices.map { entryRow(w, $0) } },
        strip: { w in
            w.sessions = []
            w.pims.sessions = [:]
        },
        restore: { w, rows in
            let decoder = JSONDecoder()
            decoder.userInfo[PIMSSession.storeKey] = true
            let entries = try rows.map { try decoder.decode(SessionEntry.self, from: Data($0.json.utf8)) }
            w.sessions = KeyedList(entries.map { World.Session(name: $0.name, settings: $0.settings) })
            w.pims.sessions = [:]
            for e in entries where !e.pims.isEmpty { w.pims.sessions[e.name] = e.pims }
        })

    /// Each bookmark is a whole world: a row of its own, written when it is taken, so the world's
    /// document stays small and a call writes no bookmark.
    static let bookmarks = WorldTable(
        name: "bookmarks",
        startLog: { w, token, count in w.bookmarks.startLog(token, counting: count) },
        change: { w, token in
            let list = w.bookmarks
            return change(list.changes(since: token), count: list.count) { stored(list[$0].name, $0, list[$0]) }
        },
        rows: { w in w.bookmarks.enumerated().map { stored($0.element.name, $0.offset, $0.element) } },
        strip: { w in w.bookmarks = [] },
        restore: { w, rows in
            w.bookmarks = KeyedList(try rows.map { try JSONDecoder().decode(Bookmark.self, from: Data($0.json.utf8)) })
        })

    private static func entryRow(_ w: World, _ i: Int) -> StoredRow {
        let s = w.sessions[i]
        return stored(s.name, i, SessionEntry(name: s.name, settings: s.settings, pims: w.pims.sessions[s.name] ?? PIMSSession()))
    }
}

extension World {
    /// Starts every table's change log under `token` (a number not used before in this world's
    /// life, never 0): what a step then changes is read with `WorldTable.change`. `count`, if
    /// given, counts every row the logs record: while it is zero, no row was changed in place.
    public mutating func startChangeLogs(_ token: UInt64, counting count: ChangeCount? = nil) {
        for table in WorldTable.all { table.startLog(&self, token, count) }
    }

    /// Starts every table's change log under `token`, each table counting its own rows: what a
    /// step then changed is read with `WorldTable.changes(in:since:counted:)`, from those tables only.
    public mutating func startCountedChangeLogs(_ token: UInt64) -> TableChangeCounts {
        let counts = WorldTable.all.map { _ in ChangeCount() }
        for (table, count) in zip(WorldTable.all, counts) { table.startLog(&self, token, count) }
        return TableChangeCounts(counts: counts)
    }
}

extension JSONEncoder {
    /// The rows' encoder, made once (its options are never changed after).
    static let rows = sorted

    static var sorted: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = .sortedKeys
        // The store keeps a session's subscriptions and phone cache, which no scenario holds.
        e.userInfo[PIMSSession.storeKey] = true
        return e
    }
}
