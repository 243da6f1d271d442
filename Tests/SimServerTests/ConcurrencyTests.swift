import Foundation
import PIMS
import SimClient
import SimWorld
import Testing

/// Calls on one account are serialised: 100 wrong PINs sent at once count one by one.
@Suite struct ConcurrencyTests {
    @Test func aHundredWrongPINsAtOnceBlockOnceAfterThePolicysLimit() async throws {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        try await withServer("enrolled", databasePath: path) { server in
            let client = try server.client()
            let limit = server.core.world.policy.pinFailuresBeforeBlock
            let codes = await withTaskGroup(of: Int?.self) { group in
                for _ in 0..<100 {
                    group.addTask { await client.call(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": "9999"]).errorCode?.intValue }
                }
                return await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            #expect(codes.filter { $0 == 2308 }.count == limit - 1)
            #expect(codes.filter { $0 == 2317 }.count == 100 - (limit - 1), "\(codes)")
            let account = try #require(server.core.world.account("alice@example.com"))
            #expect(account.pinFailures == limit)
            #expect(account.blockState == .pinBlocked)
        }
        // And that is what the disk holds.
        try await withServer("enrolled", databasePath: path) { server in
            let account = try #require(server.core.world.account("alice@example.com"))
            #expect(account.pinFailures == 3)
            #expect(account.blockState == .pinBlocked)
        }
    }

    @Test func concurrentFirstUsesOfASessionNameShareOneToken() async throws {
        try await withServer("fresh") { server in
            let client = try RemoteBackend(url: server.url, adminToken: nil, device: .init(device: "shared-phone"), timeout: .seconds(120))
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<20 {
                    group.addTask { await client.call(.get, "pims.authentication.trustedphonenumber", session: "mine") }
                }
            }
            // One device session was opened for the name, not twenty.
            #expect(server.core.world.sessions.filter { $0.settings.device == "shared-phone" }.count == 1)
        }
    }
}
