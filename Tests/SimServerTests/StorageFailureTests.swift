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
