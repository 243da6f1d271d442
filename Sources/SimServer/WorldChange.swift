import SimKernel
import SimWorld

/// What one call or control changed in the world, as rows to write: the store applies it in a
/// transaction. Read off the change logs the world's lists keep during a step, table by table
/// (`WorldTable`): only the rows the step touched are compared and written, so the cost of a step
/// does not grow with the world, no rule has to know about storage, and the server knows no system.
struct WorldChange: Sendable {
    /// The world without its rows (clock, counters, faults, policy, …), when changed.
    var globals: World?
    var tables: [(name: String, change: TableChange)] = []
    /// The world `reset` returns to, when a `load` replaced it.
    var loaded: World?
    var newTokens: [(digest: String, token: SessionToken)] = []
    /// The digests of tokens that stopped working (expired device sessions).
    var removedTokens: [String] = []
    /// The events the step produced, numbered: written with the change, published once durable.
    var events: [SimEvent] = []

    var isEmpty: Bool {
        globals == nil && loaded == nil && newTokens.isEmpty && removedTokens.isEmpty && events.isEmpty && tables.allSatisfy { $0.change.isUnchanged }
    }

    /// Everything, for seeding an empty database.
    static func seed(_ world: World, transactionMark: Int) -> WorldChange {
        var change = WorldChange()
        change.globals = world.globals(transactionMark: transactionMark)
        change.tables = WorldTable.all.map { ($0.name, .replaceAll($0.rows(world))) }
        change.loaded = world
        return change
    }

}

extension World {
    /// The world without its rows, the transaction counter standing at `transactionMark` (the
    /// highest id that may have been handed out before the next write; see `LiveWorld`).
    func globals(transactionMark: Int) -> World {
        var g = self
        for table in WorldTable.all { table.strip(&g) }
        g.counters.transactions = transactionMark
        return g
    }
}
