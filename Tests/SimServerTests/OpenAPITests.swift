import Foundation
import PIMS
import SimServer
import Testing

/// `docs/openapi.yaml` says what the server answers: a representative set of requests, every answer
/// checked against the description (status documented, body of the documented shape); and the
/// request bodies the description calls valid are the ones the server accepts.
@Suite(.serialized) struct OpenAPITests {
    struct Exchange {
        let method: String
        let path: String
        let status: Int
        let body: String
    }

    @Test func everyAnswerMatchesTheDescription() async throws {
        let schema = try OpenAPICheck()
        var exchanges: [Exchange] = []
        try await withServer("team", sessions: .init(cap: 1)) { server in
            let http = server.http
            func send(_ method: String, _ path: String, _ body: String? = nil, _ headers: [(String, String)] = []) async throws {
                let answer = try await http.request(.init(rawValue: method), path, body: body, headers: headers)
                exchanges.append(Exchange(method: method, path: path, status: answer.status, body: answer.text))
            }
            let admin = [("Authorization", "Bearer \(server.admin)")]
            try await send("GET", "/healthz")
            try await send("HEAD", "/healthz")
            try await send("GET", "/healthz", nil, [("Host", "evil.example")])
            try await send("DELETE", "/healthz")
            try await send("POST", "/v1/sessions", #"{"device": "pixel-7", "platform": "android", "sdk": "2.3", "variant": "tutorial"}"#)
            let token = try #require(exchanges.last.flatMap { try? JSONText.parse($0.body)["session"]?.stringValue })
            let device = [("Authorization", "Bearer \(token)")]
            try await send("POST", "/v1/sessions", #"{"attach": "default"}"#, admin)
            try await send("POST", "/v1/sessions", #"{"attach": "default"}"#)
            try await send("POST", "/v1/sessions", #"{"device": "d", "platfrom": "ios"}"#)
            try await send("POST", "/v1/sessions", #"{"device": "d"}"#, [("Content-Type", "text/plain")])
            try await send("POST", "/v1/call", #"{"type": "get", "name": "pims.authentication.trustedphonenumber"}"#, device)
            try await send("POST", "/v1/sessions", #"{"device": "d2"}"#)  // over the cap of 1, whose session is in use
            for body in [#"{"type": "get", "name": "pims.authentication.trustedphonenumber"}"#,
                         #"{"type": "get", "name": "pims.authentication.trustedphonenumber", "params": null}"#,
                         #"{"type": "set", "name": "pims.authentication.user", "params": {"action": "login", "username": "alice@example.com", "password": "wrong"}}"#,
                         #"{"type": "get", "name": "pims.nothing"}"#, #"{"type": "post"}"#, #"{"type": "get", "name": "a", "name": "b"}"#] {
                try await send("POST", "/v1/call", body, device)
            }
            try await send("POST", "/v1/call", #"{"type": "get", "name": "x"}"#, [("Authorization", "Bearer nope")])
            try await send("GET", "/v1/admin/sessions", nil, admin)
            try await send("GET", "/v1/admin/sessions")
            let name = try #require(exchanges.dropLast().last.flatMap { try? JSONText.parse($0.body)["sessions"]?.arrayValue?.first?["name"]?.stringValue })
            try await send("POST", "/v1/admin/sessions/end", #"{"session": "device-nobody"}"#, admin)
            try await send("POST", "/v1/admin/sessions/end", "{\"session\": \"\(name)\"}", admin)
            for body in [#"{"sim": "export"}"#, #"{"sim": "inbox", "phone": "0612345678"}"#, #"{"sim": "advance", "seconds": 60}"#,
                         #"{"sim": "fault", "name": "pims.vehicle.carkey", "code": 2201, "times": 1}"#,
                         #"{"sim": "fault", "name": "pims.vehicle.carkey", "code": 2201, "times": 1, "probability": 0.5}"#,
                         #"{"sim": "load", "scenario": "team", "origin": null}"#, #"{"sim": "clearFaults"}"#, #"{"sim": "teleport"}"#,
                         #"{"sim": "account", "username": "alice@example.com"}"#, #"{"sim": "reset"}"#] {
                try await send("POST", "/v1/sim", body, admin)
            }
            try await send("POST", "/v1/sim", #"{"sim": "export"}"#, device)
        }
        #expect(exchanges.count == 33)
        for exchange in exchanges {
            let problems = schema.problems(exchange.method, exchange.path, status: exchange.status, body: exchange.body)
            #expect(problems.isEmpty, "\(exchange.method) \(exchange.path) \(exchange.status) \(exchange.body.prefix(300)): \(problems)")
        }
        // The statuses these requests are meant to reach, so that the check covers each.
        let statuses = Set(exchanges.map(\.status))
        #expect(statuses == [200, 201, 400, 401, 404, 405, 415, 421, 429], "\(statuses.sorted())")
    }

    /// The three bodies schemathesis once found described wrongly, and their neighbours: the
    /// description calls a body valid exactly when the server accepts it.
    @Test(arguments: [
        (#"{"type": "get", "name": "pims.authentication.trustedphonenumber", "params": null}"#, "/v1/call", true),
        (#"{"type": "get", "name": "pims.authentication.trustedphonenumber", "params": 3}"#, "/v1/call", false),
        (#"{"sim": "load", "scenario": "fresh", "origin": null}"#, "/v1/sim", true),
        (#"{"sim": "fault", "name": "pims.vehicle.carkey", "code": 2201, "times": 1, "probability": 0.5}"#, "/v1/sim", false),
        (#"{"sim": "fault", "name": "pims.vehicle.carkey", "code": 2201, "probability": 0.5}"#, "/v1/sim", true),
        (#"{"sim": "fault", "name": "pims.vehicle.carkey", "code": 2201, "times": null, "probability": 0.5}"#, "/v1/sim", true),
    ])
    func theDescriptionAcceptsWhatTheServerAccepts(body: String, path: String, valid: Bool) async throws {
        let schema = try OpenAPICheck()
        let json = try JSONText.parse(body)
        #expect(schema.requestProblems("POST", path, body: json).isEmpty == valid, "\(schema.requestProblems("POST", path, body: json))")
        let accepted = try await withServer { server in
            let bearer = path == "/v1/sim" ? server.admin : try #require(try await server.http.openSession(device: "d1"))
            let answer = try await server.http.request(.POST, path, body: body, headers: [("Authorization", "Bearer \(bearer)")])
            return answer.status == 200 && answer.json?["ok"] != .bool(false)
        }
        #expect(accepted == valid)
    }
}

/// The Auth API's part of `docs/openapi.yaml` (FA7–FA14): each endpoint's answers, refusals
/// included, checked against the description, and the request bodies sent against theirs.
@Suite struct AuthAPIOpenAPITests {
    @Test func everyAuthAPIAnswerMatchesTheDescription() async throws {
        let schema = try OpenAPICheck()
        var checked: [Int] = []
        try await AuthAPITests.withAuthServer("futurae-enrolled") { server in
            let api = AuthAPITests.client(server)
            func expectDocumented(_ method: String, _ target: String, _ body: JSONValue? = nil, tamper: AuthAPIClient.Tamper = .init()) async throws -> JSONValue? {
                let answer = try await api.send(method, target, body: body.map(JSONText.encode), tamper: tamper)
                checked.append(answer.status)
                let problems = schema.problems(method, target, status: answer.status, body: answer.text)
                #expect(problems.isEmpty, "\(method) \(target) \(answer.status) \(answer.text.prefix(300)): \(problems)")
                if let body, answer.status == 200 {
                    #expect(schema.requestProblems(method, schema.documentedPath(target), body: body).isEmpty, "\(method) \(target) request")
                }
                return answer.json
            }
            _ = try await expectDocumented("GET", "/srv/auth/v1/users?username=nobody%40example.com")
            _ = try await expectDocumented("GET", "/srv/auth/v1/users?username=alice%40example.com", tamper: .init(signature: String(repeating: "0", count: 64)))
            let alice = try #require(try await expectDocumented("GET", "/srv/auth/v1/users?username=alice%40example.com")?["user_id"]?.stringValue)
            _ = try await expectDocumented("GET", "/srv/auth/v1/users/\(alice)")
            let enrolled = try await expectDocumented("POST", "/srv/auth/v1/user/enroll", ["username": "carol@example.com", "short_code": true])
            let enrollment = try #require(enrolled?["enrollment_id"]?.stringValue)
            _ = try await expectDocumented("POST", "/srv/auth/v1/user/enroll", ["user_id": "nobody", "username": "both"])
            _ = try await expectDocumented("POST", "/srv/auth/v1/user/enroll_status", ["username": "carol@example.com", "enrollment_id": .string(enrollment)])
            _ = try await expectDocumented("GET", "/srv/auth/v1/activation/\(enrollment)/qrcode.png")
            _ = try await expectDocumented("POST", "/srv/auth/v1/user/preauth", ["username": "alice@example.com"])
            _ = try await expectDocumented("POST", "/srv/auth/v1/user/preauth", ["username": "carol@example.com"])
            _ = try await expectDocumented("POST", "/srv/auth/v1/user/preauth", ["username": "nobody@example.com"])
            let session = try #require(try await expectDocumented("POST", "/srv/auth/v1/user/auth",
                                                                  ["username": "alice@example.com", "factor": "approve", "device_id": "auto"])?["session_id"]?.stringValue)
            _ = try await expectDocumented("POST", "/srv/auth/v1/user/auth", ["username": "alice@example.com", "factor": "sms"])
            _ = try await expectDocumented("POST", "/srv/auth/v1/user/auth/status", ["session_id": .string(session)])
            _ = try await expectDocumented("POST", "/srv/auth/v1/user/auth/status", ["session_id": "nobody"])
            _ = try await expectDocumented("POST", "/srv/auth/v1/user/unenroll", ["username": "alice@example.com", "device_id": "alice-iphone"])
        }
        #expect(checked.count == 16)
        #expect(Set(checked) == [200, 400, 401], "\(checked)")
    }
}
