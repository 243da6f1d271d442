import Foundation
import GRDB
import PIMS
import SimKernel
import SimServer
import SimTestSupport
import SimWorld
import Testing

/// Issue 28: Card's and Futurae's lists are rows of their own, so that a purchase, an activation or a
/// push answer writes what it changed, not the world. A database of the layout before (the lists
/// inside the world's document: dumps of enrollsim 97f3c75's, Tests/Fixtures/document-layout) opens
/// with the same world and its lists moved to rows, every key of every entry as it was written.
@Suite struct SystemRowsTests {
    struct Fixture: Sendable, CustomStringConvertible {
        var file: String
        var scenario: String
        /// What the server that wrote the dump was sent, in order (admin controls).
        var controls: [SimControl]
        var description: String { file }
    }

    static let card = Fixture(file: "card", scenario: "card-replacement", controls: [
        SimControl("casa.purchase", ["card": "4242", "merchant": "Corner Shop", "amount": 500, "currency": "GBP"]),
        SimControl("casa.purchase", ["card": "4242", "merchant": "Demo Shop", "amount": 4999, "currency": "EUR"]),
        .advance(seconds: 30),
        SimControl("casa.purchase", ["card": "8888", "merchant": "Travel", "amount": 12000, "currency": "EUR"]),
        SimControl("casa.activationCode", ["card": "4242"]),
    ])
    static let futurae = Fixture(file: "futurae", scenario: "futurae-enrolled", controls: [
        SimControl("futurae.activation", ["user": "carol@example.com", "shortCode": true, "binding": true, "createUser": true]),
        SimControl("futurae.auth", ["user": "alice@example.com"]),
        .advance(seconds: 5),
        SimControl("futurae.auth", ["user": "alice@example.com"]),
    ])

    /// A database file made from a fixture's dump.
    static func database(_ fixture: Fixture) throws -> String {
        let dump = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/document-layout/\(fixture.file).sql")
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let queue = try DatabaseQueue(path: path)
        let sql = try String(contentsOf: dump, encoding: .utf8)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
        return path
    }

    static func read<T>(_ path: String, _ body: (Database) throws -> T) throws -> T {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    @Test(arguments: [card, futurae])
    func aDatabaseOfTheDocumentLayoutOpensWithTheSameWorld(_ fixture: Fixture) throws {
        let path = try Self.database(fixture)
        var expected = try Simulator(scenario: fixture.scenario)
        for control in fixture.controls { #expect(expected.control(control).ok, "\(control.kind)") }

        let core = try ServerCore(databasePath: path, seed: .named("fresh"), honoursLatency: false)
        var world = core.world
        core.close()
        #expect(world.counters.transactions >= expected.world.counters.transactions, "ids go on past any handed out")
        world.counters.transactions = expected.world.counters.transactions
        #expect(world == expected.world)

        // Moved, not copied: the document's lists are empty, the rows hold them.
        try Self.read(path) { db in
            for (table, count) in [("casa.transactions", expected.world.casa.transactions.count), ("futurae.authSessions", expected.world.futurae.authSessions.count),
                                   ("futurae.users", expected.world.futurae.users.count), ("casa.cards", expected.world.casa.cards.count)] {
                let path = "$.\(table)"
                let inDocument = try Int.fetchOne(db, sql: "SELECT json_array_length(world, ?) FROM worldDocument WHERE name = 'live'", arguments: [path])
                #expect((inDocument ?? 0) == 0, "\(table) left in the document")
                #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM worldRow WHERE tbl = ?", arguments: [table]) == count, "\(table)")
            }
            let pushes = expected.world.casa.devices.reduce(0) { $0 + $1.pushes.count }
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM worldRow WHERE tbl = 'casa.pushes'") == pushes)
        }

        // And opened again as this version left it.
        let again = try ServerCore(databasePath: path, seed: .named("fresh"), honoursLatency: false)
        var reopened = again.world
        again.close()
        reopened.counters.transactions = expected.world.counters.transactions
        #expect(reopened == expected.world)
    }

    /// A key this version does not know, inside an entry of a moved list, is moved with it and the
    /// database refused (naming it), never dropped.
    @Test func anUnknownKeyInAMovedEntryIsKeptAndRefused() throws {
        let path = try Self.database(Self.card)
        let queue = try DatabaseQueue(path: path)
        try queue.write {
            try $0.execute(sql: "UPDATE worldDocument SET world = json_set(world, '$.casa.transactions[1].futureField', 'x') WHERE name = 'live'")
        }
        try queue.close()
        do {
            _ = try ServerCore(databasePath: path, seed: .named("fresh"))
            Issue.record("a database with an unknown key was opened")
        } catch {
            #expect("\(error)".contains("worldRow casa.transactions \"1\".futureField"), "\(error)")
        }
        let kept = try Self.read(path) { db in
            try String.fetchOne(db, sql: "SELECT json_extract(state, '$.futureField') FROM worldRow WHERE tbl = 'casa.transactions' AND key = '1'")
        }
        #expect(kept == "x")
    }

    /// A purchase writes its transaction and its push as rows; the world's document does not grow
    /// with them. A restart reads back the same phones, pushes in order.
    @Test func purchasesAreRowsAndARestartReadsThemBack() async throws {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let before = try await withServer("card-replacement", databasePath: path) { server in
            let client = try server.client()
            let size = { try Self.read(path) { try Int.fetchOne($0, sql: "SELECT length(world) FROM worldDocument WHERE name = 'live'") ?? 0 } }
            #expect(try await client.control(["sim": "casa.purchase", "card": "4242", "merchant": "Shop 0", "amount": 100, "currency": "EUR"]).ok)
            let first = try size()
            for i in 1...20 {
                let bought = try await client.control(["sim": "casa.purchase", "card": "4242", "merchant": .string("Shop \(i)"), "amount": .int(100 + i),
                                                       "currency": "EUR"])
                #expect(bought.ok, "\(bought.error ?? "")")
            }
            // A status decided, told to the phone: the transaction's row changes in place.
            let newest = try #require(server.core.world.casa.transactions.last?.transactionId)
            #expect(await client.call(.call, "casa.cancelTransaction", ["transactionId": .string(newest)]).status == .succeeded)
            #expect(abs(try size() - first) < 64, "the document holds no transaction")
            let world = server.core.world
            let rows = try Self.read(path) { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM worldRow WHERE tbl IN ('casa.transactions', 'casa.pushes')") }
            #expect(world.casa.transactions.count >= 21)
            #expect(rows == world.casa.transactions.count + world.casa.devices.reduce(0) { $0 + $1.pushes.count })
            return world
        }
        try await withServer("fresh", databasePath: path) { server in
            let after = server.core.world
            #expect(after.casa == before.casa)
            #expect(after.casa.transactions.last?.status == .rejected)
            #expect(after.casa.devices.first?.pushes.suffix(21).map(\.transactionId) == before.casa.transactions.suffix(21).map(\.transactionId))
        }
    }
}
