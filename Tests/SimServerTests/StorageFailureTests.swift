import Foundation
import GRDB
import PIMS
import SimClient
import Testing

/// A commit that fails: the call is not acknowledged (503, which the client shows as 2204), its
/// change is dropped, and the world is read back from disk, so memory never runs ahead of the disk.
@Suite struct StorageFailureTests {
    @Test func aFailedCommitIsNotAcknowledgedAndItsChangeIsDropped() async throws {
        try await withServer("enrolled") { server in
            let client = try server.client()
            let wrongPIN: [String: JSONValue] = ["action": "withPin", "pinCode": "9999"]
            // Another connection makes every change of an account fail, as a full disk would.
            let saboteur = try DatabaseQueue(path: server.databasePath)
            try await saboteur.write { db in
                try db.execute(sql: "CREATE TRIGGER sabotage BEFORE UPDATE ON worldRow WHEN OLD.tbl = 'accounts' BEGIN SELECT RAISE(ABORT, 'injected failure'); END")
            }
            let failed = await client.call(.get, "pims.authentication.otp", wrongPIN)
            #expect(failed.errorCode == 2204, "\(JSONText.encode(failed.json))")
            #expect(failed.error?.detail?.contains("HTTP 503") == true)
            #expect(failed.error?.detail?.contains("injected failure") == true, "\(failed.error?.detail ?? "")")
            #expect(server.core.world.account("alice@example.com")?.pinFailures == 0, "the change was dropped")

            try await saboteur.write { db in try db.execute(sql: "DROP TRIGGER sabotage") }
            try saboteur.close()
            let counted = await client.call(.get, "pims.authentication.otp", wrongPIN)
            #expect(counted.errorCode == 2308)
            #expect(server.core.world.account("alice@example.com")?.pinFailures == 1)
        }
    }
}

/// Issue 24: while the database refuses every write (a full disk), reads answer, `/healthz` says the
/// store is failing and why, writes answer 503; once writes work again, so does everything.
@Suite struct FailingStoreTests {
    static let tables = ["worldDocument", "worldRow", "sessionToken", "event"]

    @Test func readsAnswerAndHealthSaysWhyWhileTheDatabaseRefusesWrites() async throws {
        try await withServer("enrolled") { server in
            let client = try server.client()
            let read = { await client.call(.get, "pims.authentication.trustedphonenumber") }
            #expect(await read().status == .succeeded, "attached while the disk is fine")
            let saboteur = try DatabaseQueue(path: server.databasePath)
            try await saboteur.write { db in
                for table in Self.tables {
                    for event in ["INSERT", "UPDATE"] {
                        try db.execute(sql: "CREATE TRIGGER full_\(table)_\(event) BEFORE \(event) ON \(table) BEGIN SELECT RAISE(ABORT, 'database or disk is full (injected)'); END")
                    }
                }
            }
            let wrongPIN: [String: JSONValue] = ["action": "withPin", "pinCode": "9999"]
            let refused = await client.call(.get, "pims.authentication.otp", wrongPIN)
            #expect(refused.errorCode == 2204 && refused.error?.detail?.contains("HTTP 503") == true, "\(JSONText.encode(refused.json))")

            let health = try await server.http.request(.GET, "/healthz")
            #expect(health.status == 503)
            #expect(health.json?["status"] == "failing")
            #expect(health.json?["error"]?.stringValue?.contains("database or disk is full (injected)") == true, "\(health.text)")

            var ids: [String] = []
            for _ in 0..<20 {
                let answer = await read()
                #expect(answer.status == .succeeded, "\(JSONText.encode(answer.json))")
                ids.append(answer.transactionId)
            }
            #expect(Set(ids).count == ids.count, "each read its own transaction id")

            try await saboteur.write { db in
                for table in Self.tables { for event in ["INSERT", "UPDATE"] { try db.execute(sql: "DROP TRIGGER full_\(table)_\(event)") } }
            }
            try saboteur.close()
            #expect(await client.call(.get, "pims.authentication.otp", wrongPIN).errorCode == 2308, "writes resume")
            let healed = try await server.http.request(.GET, "/healthz")
            #expect(healed.status == 200 && healed.json?["status"] == "ok", "\(healed.text)")
        }
    }
}

/// The durability docs/server-reliability.md promises: WAL, and a commit that fsyncs it.
@Suite struct StoreSettingsTests {
    @Test func theWriterUsesWALWithSynchronousFull() async throws {
        try await withServer { server in
            let db = try DatabaseQueue(path: server.databasePath)
            let mode = try await db.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
            #expect(mode == "wal")
            try db.close()
            // The server's own writer connection.
            let synchronous = try await server.core.pragma("synchronous")
            #expect(synchronous == 2, "2 is FULL")
        }
    }
}
