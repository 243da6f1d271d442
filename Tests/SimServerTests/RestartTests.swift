import Foundation
import PIMS
import SimServer
import SimWorld
import Testing

/// A stopped and reopened server has the world it had: accounts, sessions, clock, faults, the
/// loaded scenario `reset` returns to, and the session tokens it handed out.
@Suite struct RestartTests {
    @Test func aRestartKeepsTheWorldAndTheTokens() async throws {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let (before, deviceToken) = try await withServer("fresh", databasePath: path) { server in
            let client = try server.client()
            // The shortcut enrollment (R8) on the default session: phone, PIN, device.
            #expect(await client.call(.set, "pims.authentication.user", ["action": "login", "username": "alice@example.com", "password": "alice-pass"]).status == .succeeded)
            #expect(await client.call(.get, "pims.authentication.smscode", ["type": "phoneNumberCertification", "phoneNumber": "0612345678"]).status == .succeeded)
            let inbox = try await client.control(["sim": "inbox", "phone": "0612345678"])
            let code = try #require(inbox["messages"]?.arrayValue?.last?["code"]?.stringValue)
            let enrolled = await client.call(.set, "pims.authentication.enrollment",
                                             ["action": "enrollWithPhoneNumber", "pinCode": "1234", "smsCode": .string(code), "phoneNumber": "0612345678"])
            #expect(enrolled.status == .succeeded, "\(JSONText.encode(enrolled.json))")
            #expect(try await client.control(["sim": "advance", "seconds": 90]).ok)
            #expect(try await client.control(["sim": "fault", "name": "pims.vehicle.carkey", "code": 2201, "times": 2]).ok)
            // A device session, logged in.
            let token = try #require(try await server.http.openSession(device: "pixel-7", platform: "android"))
            let login = try await server.http.post("/v1/pims", ["type": "set", "name": "pims.authentication.user",
                                                                "params": ["action": "login", "username": "alice@example.com", "password": "alice-pass"]], bearer: token)
            #expect(login.json?["status"] == "SUCCEEDED")
            return (server.core.world, token)
        }

        try await withServer("enrolled", databasePath: path) { server in
            let after = server.core.world
            #expect(after.name == "fresh", "a database that holds a world is resumed; --scenario only seeds an empty one")
            #expect(after.accounts == before.accounts)
            #expect(after.sessions == before.sessions)
            #expect(after.clock == before.clock)
            #expect(after.faults == before.faults)
            #expect(after.counters.codes == before.counters.codes)
            // Transaction ids go on past any handed out before the restart.
            #expect(after.counters.transactions >= before.counters.transactions)
            let next = await (try server.client()).call(.get, "pims.authentication.trustedphonenumber")
            #expect(next.result?["phoneNumber"] == "0612345678")
            #expect(Int(next.transactionId.dropFirst(3))! > before.counters.transactions)
            // The device session's token still opens its (logged-in) session.
            let phone = try await server.http.post("/v1/pims", ["type": "get", "name": "pims.authentication.trustedphonenumber"], bearer: deviceToken)
            #expect(phone.json?["status"] == "SUCCEEDED", "\(phone.text)")
        }
    }

    /// A seeded server serves the world it wrote without reading it back (issue 14): what a restart
    /// reads of it must be that same world, for every built-in scenario (all three systems).
    @Test(arguments: ScenarioLoader.builtinNames)
    func aSeededServerServesWhatARestartReads(_ name: String) throws {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let seeded = try ServerCore(databasePath: path, seed: .named(name), honoursLatency: false)
        let served = seeded.world
        seeded.close()
        let reopened = try ServerCore(databasePath: path, seed: .named("fresh"), honoursLatency: false)
        defer { reopened.close() }
        #expect(reopened.world == served)
        #expect(try ScenarioExporter.yaml(reopened.world) == ScenarioExporter.yaml(served))
    }

    @Test func resetAfterARestartReturnsToTheScenarioLoadedBeforeIt() async throws {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        try await withServer("fresh", databasePath: path) { server in
            let client = try server.client()
            #expect(try await client.control(["sim": "load", "scenario": "enrolled"]).ok)
            #expect(try await client.control(["sim": "advance", "seconds": 600]).ok)
        }
        try await withServer("fresh", databasePath: path) { server in
            let client = try server.client()
            #expect(server.core.world.name == "enrolled")
            let reset = try await client.control(["sim": "reset"])
            #expect(reset["scenario"] == "enrolled")
            #expect(server.core.world == (try ScenarioLoader.load(.named("enrolled"))))
        }
    }

    @Test func aDeviceSessionOutlivesAResetOfTheWorldLoggedOut() async throws {
        try await withServer("enrolled") { server in
            let token = try #require(try await server.http.openSession(device: "pixel-7", platform: "android"))
            let login: JSONValue = ["type": "set", "name": "pims.authentication.user",
                                    "params": ["action": "login", "username": "alice@example.com", "password": "alice-pass"]]
            #expect(try await server.http.post("/v1/pims", login, bearer: token).json?["status"] == "SUCCEEDED")
            #expect(try await server.client().control(["sim": "reset"]).ok)
            let call: JSONValue = ["type": "get", "name": "pims.authentication.trustedphonenumber"]
            let after = try await server.http.post("/v1/pims", call, bearer: token)
            #expect(after.json?["error"]?["code"] == 2301, "\(after.text)")
        }
    }
}

/// A client outlives its server's database: when the server no longer knows its token, it asks for
/// a new one and the call goes through.
@Suite struct ClientReconnectionTests {
    @Test func aClientAsksForANewTokenWhenTheServerForgotIt() async throws {
        let first = try await TestServer.start(scenario: "enrolled")
        let client = try first.client()
        #expect(await client.call(.get, "pims.authentication.trustedphonenumber").status == .succeeded)
        let port = first.server.port
        await first.stop()

        // A new database behind the same address: the client's token means nothing there.
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let core = try ServerCore(databasePath: path, seed: .named("enrolled"), honoursLatency: false)
        let second = try await TeamServer.start(core: core, options: .init(port: port, adminToken: first.admin))
        let answer = await client.call(.get, "pims.authentication.trustedphonenumber")
        #expect(answer.result?["phoneNumber"] == "0612345678", "\(JSONText.encode(answer.json))")
        #expect(answer.transactionId == "tx-000001", "the call ran once, on the new server")
        await second.stop()
    }
}

/// Bookmarks are kept with the world on disk (issue 29): a restarted server restores them.
@Suite struct BookmarkRestartTests {
    @Test func bookmarksSurviveARestart() async throws {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let bookmarked = try await withServer("phone-registered", databasePath: path) { server in
            let client = try server.client()
            #expect(try await client.control(["sim": "bookmark", "name": "start"]).ok)
            let world = server.core.world
            #expect(await client.call(.get, "pims.authentication.smscode", ["type": "enrollment"]).status == .succeeded)
            #expect(try await client.control(["sim": "advance", "seconds": 300]).ok)
            return world
        }
        try await withServer("fresh", databasePath: path) { server in
            let client = try server.client()
            #expect(server.core.world.bookmarks.map(\.name) == ["start"])
            #expect(try await client.control(["sim": "restore", "name": "start"]).ok)
            var restored = server.core.world
            restored.bookmarks = bookmarked.bookmarks
            #expect(restored.accounts == bookmarked.accounts)
            #expect(restored.clock == bookmarked.clock)
            #expect(try await client.control(["sim": "inbox", "phone": "0612345678"])["messages"] == [])
        }
    }
}
