import PIMS
import PIMSSimulator

/// What one call or control changed in the world, as rows to write: the store applies it in a
/// transaction. Computed by comparing the world before and after the step, so no rule has to know
/// about storage.
struct WorldChange: Sendable {
    /// The world without its accounts and sessions (clock, counters, faults, policy, …), when changed.
    var globals: World?
    var accounts: RowChange<Account> = .unchanged
    var sessions: RowChange<SessionState> = .unchanged
    /// The world `reset` returns to, when a `load` replaced it.
    var loaded: World?
    var newTokens: [(digest: String, token: SessionToken)] = []

    var isEmpty: Bool {
        globals == nil && loaded == nil && newTokens.isEmpty && accounts.isUnchanged && sessions.isUnchanged
    }

    /// Everything, for seeding an empty database.
    static func seed(_ world: World, transactionMark: Int) -> WorldChange {
        var change = WorldChange()
        change.globals = world.globals(transactionMark: transactionMark)
        change.accounts = .replaceAll(world.accounts)
        change.sessions = .replaceAll(world.sessions)
        change.loaded = world
        return change
    }
}

/// The rows of one table that changed: some rows by position (edits and appends), or all of them
/// (a `load` or `reset` replaced the list, or removed from it).
enum RowChange<Row: Sendable & Hashable>: Sendable {
    case unchanged
    case upsert([(position: Int, row: Row)])
    case replaceAll([Row])

    var isUnchanged: Bool { if case .unchanged = self { return true }; return false }

    static func between(_ before: [Row], _ after: [Row], key: (Row) -> String) -> RowChange {
        if before == after { return .unchanged }
        guard after.count >= before.count,
              before.indices.allSatisfy({ key(before[$0]) == key(after[$0]) })
        else { return .replaceAll(after) }
        var rows: [(position: Int, row: Row)] = []
        for i in after.indices where i >= before.count || before[i] != after[i] {
            rows.append((i, after[i]))
        }
        return .upsert(rows)
    }
}

extension World {
    /// The world without its rows, the transaction counter standing at `transactionMark` (the
    /// highest id that may have been handed out before the next write; see `LiveWorld`).
    func globals(transactionMark: Int) -> World {
        var g = self
        g.accounts = []
        g.sessions = []
        g.counters.transactions = transactionMark
        return g
    }
}
