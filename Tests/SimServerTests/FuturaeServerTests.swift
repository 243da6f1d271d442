import Foundation
import PIMS
import SimServer
import SimWorld
import Testing

/// The team server with Futurae, unchanged: device sessions take Futurae's options, the futurae
/// section is stored with the world and survives a restart.
@Suite struct FuturaeServerTests {
    static let pinShortCode: JSONValue = "2216 8578 5739 9044"

    @Test func aRestartKeepsTheFuturaeWorldAndADeviceSessionsOptions() async throws {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let (before, deviceToken) = try await withServer("futurae-pin", databasePath: path) { server in
            let client = try server.client()
            let enrolled = await client.call(.call, "futurae.enroll", ["shortCode": Self.pinShortCode, "sdkPin": "1234", "bindingToken": "57S6KDIM"])
            #expect(enrolled.status == .succeeded, "\(JSONText.encode(enrolled.json))")
            #expect(await client.call(.call, "futurae.unlock", ["method": "sdkPin", "sdkPin": "0000"]).error?.name == "incorrectPin")
            #expect(try await client.control(["sim": "futurae.activation", "user": "bob@example.com", "shortCode": true, "binding": false]).ok)
            // A device session (no admin token) with Futurae's options.
            let opened = try await server.http.post("/v1/sessions", ["device": "bob-pixel", "lockType": "biometricsOnly", "biometrics": false])
            #expect(opened.status == 201, "\(opened.text)")
            let token = try #require(opened.json?["session"]?.stringValue)
            let unlock = try await server.http.post("/v1/call", ["type": "call", "name": "futurae.unlock",
                                                                 "params": ["method": "biometrics", "outcome": "success"]], bearer: token)
            #expect(unlock.json?["error"]?["detail"] == "biometrics are not available on this device", "\(unlock.text)")
            return (server.core.world, token)
        }

        try await withServer("fresh", databasePath: path) { server in
            let after = server.core.world
            #expect(after.name == "futurae-pin")
            #expect(after.futurae == before.futurae)
            #expect(after.sessions == before.sessions)
            #expect(after.futurae.device(session: "default")?.pinFailures == 1)
            // The device session's options came back with it.
            let enroll = try await server.http.post("/v1/call", ["type": "call", "name": "futurae.enroll",
                                                                 "params": ["shortCode": "0000 0000 0000 0000", "sdkPin": "1234"]], bearer: deviceToken)
            #expect(enroll.json?["error"]?["name"] == "pinNotNeeded", "\(enroll.text)")
        }
    }

    @Test func aDeviceSessionWithABadFuturaeOptionIsA400() async throws {
        try await withServer("futurae-fresh") { server in
            let answer = try await server.http.post("/v1/sessions", ["device": "d", "lockType": "pin"])
            #expect(answer.status == 400)
            #expect(answer.error?.contains("lockType must be none, biometricsOnly") == true, "\(answer.text)")
        }
    }
}
