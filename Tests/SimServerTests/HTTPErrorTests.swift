import Foundation
import PIMS
import Testing

/// Every refusal of the server: its status and a JSON body that says what was wrong.
@Suite struct HTTPErrorTests {
    @Test func malformedJSONIs400OnEveryRoute() async throws {
        try await withServer { server in
            let token = try #require(try await server.http.openSession(device: "d1"))
            let cases: [(String, [(String, String)])] = [
                ("/v1/pims", [("Authorization", "Bearer \(token)")]),
                ("/v1/sim", [("Authorization", "Bearer \(server.admin)")]),
                ("/v1/sessions", []),
            ]
            for (path, headers) in cases {
                let answer = try await server.http.request(.POST, path, body: "{\"type\": ", headers: headers)
                #expect(answer.status == 400, "\(path)")
                #expect(answer.error?.hasPrefix("malformed JSON") == true, "\(path): \(answer.text)")
            }
        }
    }

    @Test func wellFormedButWrongBodiesAre400WithTheReason() async throws {
        try await withServer { server in
            let token = try #require(try await server.http.openSession(device: "d1"))
            let noName = try await server.http.post("/v1/pims", ["type": "get"], bearer: token)
            #expect(noName.status == 400)
            #expect(noName.error == "missing \"name\"")
            let badControl = try await server.http.post("/v1/sim", ["sim": "teleport"], bearer: server.admin)
            #expect(badControl.status == 400)
            #expect(badControl.error?.contains("unknown control \"teleport\"") == true)
            let badSettings = try await server.http.post("/v1/sessions", ["device": "d2", "platform": "symbian"])
            #expect(badSettings.status == 400)
            #expect(badSettings.error?.contains("platform must be ios or android") == true)
        }
    }

    @Test func missingOrWrongTokensAre401() async throws {
        try await withServer { server in
            let call: JSONValue = ["type": "get", "name": "pims.authentication.trustedphonenumber"]
            let noHeader = try await server.http.post("/v1/pims", call)
            #expect(noHeader.status == 401)
            #expect(noHeader.error?.contains("missing \"Authorization: Bearer <session token>\"") == true)
            let basic = try await server.http.request(.POST, "/v1/pims", body: JSONText.encode(call), headers: [("Authorization", "Basic abc")])
            #expect(basic.status == 401)
            #expect(basic.error?.contains("must be \"Bearer <session token>\"") == true)
            let unknown = try await server.http.post("/v1/pims", call, bearer: "not-a-session")
            #expect(unknown.status == 401)
            #expect(unknown.error?.contains("unknown session token") == true)
            // A session token is not the admin token, and the reverse.
            let token = try #require(try await server.http.openSession(device: "d1"))
            let simAsDevice = try await server.http.post("/v1/sim", ["sim": "export"], bearer: token)
            #expect(simAsDevice.status == 401)
            #expect(simAsDevice.error == "wrong admin token")
            let pimsAsAdmin = try await server.http.post("/v1/pims", call, bearer: server.admin)
            #expect(pimsAsAdmin.status == 401)
            let attachAsDevice = try await server.http.post("/v1/sessions", ["attach": "default"], bearer: token)
            #expect(attachAsDevice.status == 401)
            let attachAnonymous = try await server.http.post("/v1/sessions", ["attach": "default"])
            #expect(attachAnonymous.status == 401)
        }
    }

    @Test func unknownRoutesAre404AndOtherMethods405() async throws {
        try await withServer { server in
            let unknown = try await server.http.request(.GET, "/v2/pims")
            #expect(unknown.status == 404)
            #expect(unknown.error?.contains("no route GET /v2/pims") == true)
            #expect(unknown.error?.contains("POST /v1/pims") == true, "the message lists the routes")
            let wrongMethod = try await server.http.request(.GET, "/v1/pims")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.error == "/v1/pims takes POST only, not GET")
            let delete = try await server.http.request(.DELETE, "/healthz")
            #expect(delete.status == 405)
            #expect(delete.error == "/healthz takes GET only, not DELETE")
        }
    }

    @Test func unknownKeysAreRefusedRatherThanIgnored() async throws {
        try await withServer { server in
            let typo = try await server.http.post("/v1/sessions", ["device": "d1", "platfrom": "android"])
            #expect(typo.status == 400)
            #expect(typo.error?.hasPrefix("unknown key \"platfrom\" in session settings") == true, "\(typo.text)")
            let token = try #require(try await server.http.openSession(device: "d1"))
            let batchStyle = try await server.http.post("/v1/pims", ["session": "phone2", "type": "get", "name": "pims.authentication.trustedphonenumber"], bearer: token)
            #expect(batchStyle.status == 400)
            #expect(batchStyle.error?.contains("the bearer token chooses the session") == true, "\(batchStyle.text)")
            #expect(server.core.world.counters.transactions == 0, "no call ran")
            let mixed = try await server.http.post("/v1/sessions", ["attach": "default", "device": "d2"], bearer: server.admin)
            #expect(mixed.status == 400)
            #expect(mixed.error?.hasPrefix("unknown key \"device\" in an attachment") == true, "\(mixed.text)")
        }
    }

    @Test func bodiesOver64KiBAre413AndChangeNothing() async throws {
        try await withServer { server in
            let before = server.core.world
            let padding = String(repeating: "x", count: 64 * 1024)
            let big = "{\"sim\": \"advance\", \"seconds\": 60, \"padding\": \"\(padding)\"}"
            let answer = try await server.http.request(.POST, "/v1/sim", body: big, headers: [("Authorization", "Bearer \(server.admin)")])
            #expect(answer.status == 413)
            #expect(answer.error == "the request body is over the limit of 64 KiB")
            #expect(server.core.world == before)
            // Just under the limit is read (and this control ignores the extra key).
            let fits = "{\"sim\": \"advance\", \"seconds\": 60, \"padding\": \"\(padding.dropFirst(100))\"}"
            let ok = try await server.http.request(.POST, "/v1/sim", body: fits, headers: [("Authorization", "Bearer \(server.admin)")])
            #expect(ok.status == 200, "\(ok.text.prefix(200))")
        }
    }

    @Test func healthAnswersWithoutToken() async throws {
        try await withServer("team") { server in
            let answer = try await server.http.request(.GET, "/healthz")
            #expect(answer.status == 200)
            #expect(answer.json?["status"] == "ok")
            #expect(answer.json?["scenario"] == "team")
        }
    }
}
