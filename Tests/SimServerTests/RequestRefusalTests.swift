import Foundation
import PIMS
import SimServer
import Testing

/// Input the server refuses rather than guesses at: bodies that are not JSON, requests for another
/// host name (DNS rebinding), keys written twice; and what it logs of a client's text.
@Suite(.serialized) struct RequestRefusalTests {
    @Test func aBodyThatIsNotJSONIs415() async throws {
        try await withServer { server in
            let form = try await server.http.request(.POST, "/v1/sessions", body: #"{"device": "d1"}"#,
                                                     headers: [("Content-Type", "application/x-www-form-urlencoded")])
            #expect(form.status == 415)
            #expect(form.error == #"the body must be JSON, sent with "Content-Type: application/json" (not "application/x-www-form-urlencoded")"#)
            let text = try await server.http.request(.POST, "/v1/sim", body: #"{"sim": "export"}"#,
                                                     headers: [("Content-Type", "text/plain"), ("Authorization", "Bearer \(server.admin)")])
            #expect(text.status == 415)
            let charset = try await server.http.request(.POST, "/v1/sessions", body: #"{"device": "d1"}"#,
                                                        headers: [("Content-Type", "application/json; charset=utf-8")])
            #expect(charset.status == 201)
            #expect(server.core.deviceSessions == 1)
        }
    }

    @Test func anotherHostNameIs421OnLoopbackAndNoCORSHeadersAnywhere() async throws {
        try await withServer { server in
            let rebound = try await server.http.request(.GET, "/healthz", headers: [("Host", "evil.example:\(server.server.port)")])
            #expect(rebound.status == 421)
            #expect(rebound.error?.contains("not \"evil.example:\(server.server.port)\"") == true, "\(rebound.text)")
            let session = try await server.http.request(.POST, "/v1/sessions", body: #"{"device": "d1"}"#,
                                                        headers: [("Host", "attacker.test"), ("Origin", "http://attacker.test")])
            #expect(session.status == 421)
            #expect(server.core.deviceSessions == 0)
            for host in ["localhost:\(server.server.port)", "127.0.0.1", "[::1]:\(server.server.port)", "LOCALHOST"] {
                let ok = try await server.http.request(.GET, "/healthz", headers: [("Host", host), ("Origin", "http://evil.example")])
                #expect(ok.status == 200, "\(host)")
                #expect(!ok.headers.contains { $0.0.lowercased().hasPrefix("access-control-") }, "\(ok.headers)")
            }
            let preflight = try await server.http.request(.OPTIONS, "/v1/sessions", headers: [("Origin", "http://evil.example"),
                                                                                               ("Access-Control-Request-Method", "POST")])
            #expect(preflight.status == 405)
            #expect(!preflight.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
        }
    }

    /// Issue 30 (RFC 9112 §3.2): a request that names two servers is refused, not answered as the first.
    @Test func twoHostHeadersOrAForeignAbsoluteTargetAre400() async throws {
        try await withServer { server in
            let port = server.server.port
            let heads = [
                "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: evil.example\r\n\r\n",
                "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: 127.0.0.1:\(port)\r\n\r\n",
                "GET http://evil.example/healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n",
                "GET http://evil.example:\(port)/healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n",
                "GET http://127.0.0.1:\(port)/healthz HTTP/1.1\r\n\r\n",
            ]
            for head in heads {
                let connection = try RawConnection(port: port)
                try connection.send(head)
                let (text, closed) = await connection.readUntilClosed()
                #expect(text.hasPrefix("HTTP/1.1 400"), "\(head.debugDescription): \(text)")
                #expect(text.contains(#"{"error":"#), "\(text)")
                #expect(closed)
            }
            // The absolute form naming this server itself is answered.
            let connection = try RawConnection(port: port)
            try connection.send("GET http://127.0.0.1:\(port)/healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            #expect(await connection.readResponse().hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test func keysWrittenTwiceAreA400NeverLastOneWins() async throws {
        try await withServer { server in
            let twice = try await server.http.request(.POST, "/v1/sessions", body: #"{"device": "d1", "platform": "ios", "platform": "android"}"#)
            #expect(twice.status == 400)
            #expect(twice.error?.contains(#"duplicate key "platform""#) == true, "\(twice.text)")
            let token = try #require(try await server.http.openSession(device: "d1"))
            let call = try await server.http.request(.POST, "/v1/call", body: #"{"type": "get", "name": "a", "name": "pims.authentication.trustedphonenumber"}"#,
                                                     headers: [("Authorization", "Bearer \(token)")])
            #expect(call.status == 400)
            #expect(call.error?.contains(#"duplicate key "name""#) == true, "\(call.text)")
            #expect(server.core.world.counters.transactions == 0, "no call ran")
        }
    }

    @Test func aBodyThatIsNotUTF8Is400NotReplacementCharacters() async throws {
        try await withServer { server in
            let connection = try RawConnection(port: server.server.port)
            let body = "{\"device\": \"caf\u{E9}\"}"  // sent as Latin-1 below: é is the byte E9
            try connection.send("POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                                + "Content-Length: \(body.unicodeScalars.count)\r\n\r\n", latin1: body)
            let answer = await connection.readResponse()
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
            #expect(answer.contains("the body is not UTF-8 text"))
            #expect(server.core.deviceSessions == 0)
        }
    }

    @Test func headOfHealthzAnswersAsGetWithoutTheBody() async throws {
        try await withServer { server in
            let get = try await server.http.request(.GET, "/healthz")
            let head = try await server.http.request(.HEAD, "/healthz")
            #expect(head.status == 200)
            #expect(head.text.isEmpty)
            #expect(head.header("Content-Type") == "application/json")
            #expect(head.header("Content-Length") == get.header("Content-Length"))
        }
    }

    @Test func clientTextIsEscapedInTheLog() async throws {
        let log = CapturedLog()
        try await withServer(logger: log.logger()) { server in
            let forged = "pixel\nINFO forged line\u{1B}[2J"
            let token = try #require(try await server.http.openSession(device: forged))
            _ = try await server.http.post("/v1/call", ["type": "get", "name": "pims.x\r\nforged"], bearer: token)
            _ = try await server.http.post("/v1/sessions", ["attach": "no\nbody"], bearer: server.admin)
            _ = try await server.http.post("/v1/sim", ["sim": "tele\nport"], bearer: server.admin)
        }
        let lines = log.all
        #expect(lines.contains { $0.contains(#"device=pixel\nINFO forged line\u{1B}[2J"#) }, "\(lines)")
        #expect(lines.contains { $0.contains(#"name=pims.x\r\nforged"#) }, "\(lines)")
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(line)")
        }
    }
}
