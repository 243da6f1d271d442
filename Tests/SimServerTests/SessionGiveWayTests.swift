import Foundation
import PIMS
import SimClient
import SimServer
import Testing

/// Issue 30: a full server keeps serving new users. At the cap, the least recently used device
/// sessions unused for a minute give way; the admin lists and ends sessions; behind a trusted proxy
/// the rate is counted per forwarded client, and `X-Forwarded-For` from anyone else counts for nothing.
@Suite(.serialized) struct SessionGiveWayTests {
    static let call: JSONValue = ["type": "get", "name": "pims.authentication.trustedphonenumber"]

    @Test func atTheCapTheLeastRecentlyUsedSessionGivesWay() async throws {
        let time = ManualClock()
        try await withServer(sessions: .init(cap: 3), clock: time.clock) { server in
            var tokens: [String] = []
            for i in 0..<3 {
                tokens.append(try #require(try await server.http.openSession(device: "d\(i)")))
                time.advance(.seconds(1))
            }
            time.advance(.seconds(61))
            #expect(try await server.http.post("/v1/call", Self.call, bearer: tokens[0]).status == 200)  // d0 in use again
            // d1, never used and the oldest, gives way to d3.
            let d3 = try #require(try await server.http.openSession(device: "d3"))
            // Its holder is told why, on calls and event streams, as docs/openapi.yaml says.
            let gone = try await server.http.post("/v1/call", Self.call, bearer: tokens[1])
            #expect(gone.status == 410)
            #expect(gone.error?.contains("session ended to make room: the server holds at most 3 device sessions") == true, "\(gone.text)")
            #expect(gone.error?.contains("open a new session (POST /v1/sessions)") == true, "\(gone.text)")
            #expect(try OpenAPICheck().problems("POST", "/v1/call", status: gone.status, body: gone.text) == [])
            let stream = try await server.http.request(.GET, "/v1/events", headers: [("Authorization", "Bearer \(tokens[1])")])
            #expect(stream.status == 410)
            #expect(try OpenAPICheck().problems("GET", "/v1/events", status: stream.status, body: stream.text) == [])
            time.advance(.seconds(1))
            #expect(try await server.http.post("/v1/call", Self.call, bearer: tokens[2]).status == 200)
            time.advance(.seconds(60))
            #expect(try await server.http.post("/v1/call", Self.call, bearer: d3).status == 200)
            // d0 and d2 both unused for a minute: d0, used least recently, gives way.
            let d4 = try #require(try await server.http.openSession(device: "d4"))
            #expect(try await server.http.post("/v1/call", Self.call, bearer: tokens[0]).status == 410)
            #expect(try await server.http.post("/v1/call", Self.call, bearer: tokens[2]).status == 200)
            #expect(try await server.http.post("/v1/call", Self.call, bearer: d4).status == 200)
            #expect(server.core.deviceSessions == 3)
            // Every session used within the minute: none gives way.
            let full = try await server.http.post("/v1/sessions", ["device": "d5"])
            #expect(full.status == 429)
            #expect(full.header("Retry-After") == "60")
        }
    }

    /// Sessions opened by the thousand and never used give way at once: a flood cannot lock new users out.
    @Test func sessionsNeverUsedGiveWayWhateverTheirAge() async throws {
        let time = ManualClock()
        try await withServer(sessions: .init(cap: 2), clock: time.clock) { server in
            let a = try #require(try await server.http.openSession(device: "a"))
            _ = try #require(try await server.http.openSession(device: "b"))
            #expect(try await server.http.post("/v1/call", Self.call, bearer: a).status == 200)
            for i in 0..<5 { #expect(try await server.http.openSession(device: "new-\(i)") != nil) }
            #expect(try await server.http.post("/v1/call", Self.call, bearer: a).status == 200)  // the active user kept theirs
            #expect(server.core.deviceSessions == 2)
        }
    }

    @Test func theAdminListsAndEndsDeviceSessions() async throws {
        let time = ManualClock()
        try await withServer(clock: time.clock) { server in
            let first = try #require(try await server.http.openSession(device: "pixel"))
            time.advance(.seconds(30))
            _ = try #require(try await server.http.openSession(device: "iphone"))
            let admin = [("Authorization", "Bearer \(server.admin)")]
            let listed = try await server.http.request(.GET, "/v1/admin/sessions", headers: admin)
            #expect(listed.status == 200, "\(listed.text)")
            let sessions = try #require(listed.json?["sessions"]?.arrayValue)
            #expect(sessions.compactMap { $0["device"]?.stringValue } == ["pixel", "iphone"])  // least recently used first
            #expect(sessions.compactMap { $0["unusedSeconds"]?.intValue } == [30, 0])
            let name = try #require(sessions.first?["name"]?.stringValue)

            #expect(try await server.http.request(.GET, "/v1/admin/sessions").status == 401)
            #expect(try await server.http.post("/v1/admin/sessions/end", ["session": .string(name)], bearer: first).status == 401)
            let ended = try await server.http.post("/v1/admin/sessions/end", ["session": .string(name)], bearer: server.admin)
            #expect(ended.status == 200, "\(ended.text)")
            #expect(ended.json?["ended"]?.stringValue == name)
            let gone = try await server.http.post("/v1/call", Self.call, bearer: first)
            #expect(gone.status == 410)
            #expect(gone.error?.contains("session ended by the server's admin") == true, "\(gone.text)")
            #expect(!server.core.world.sessions.contains { $0.name == name })
            #expect(server.core.deviceSessions == 1)
            let again = try await server.http.post("/v1/admin/sessions/end", ["session": .string(name)], bearer: server.admin)
            #expect(again.status == 404)
            #expect(again.error?.contains("no device session is named") == true, "\(again.text)")
            #expect(try await server.http.request(.DELETE, "/v1/admin/sessions", headers: admin).status == 405)
        }
    }

    /// The client of a device session the admin ended is told so (not a system's error, not sent
    /// again), and its next call opens a new session.
    @Test func theClientSaysTheSessionEndedAndOpensANewOneNext() async throws {
        try await withServer { server in
            let client = try RemoteBackend(url: server.url, adminToken: nil, device: .init(device: "pixel"), timeout: .seconds(120))
            // Answered by the server (a transaction id of its own; not logged in: PIMS's own FAILED).
            #expect(await client.call(.get, "pims.authentication.trustedphonenumber").transactionId.hasPrefix("tx-"))
            let name = try #require(server.core.world.sessions.last?.name)
            let ended = try await server.http.post("/v1/admin/sessions/end", ["session": .string(name)], bearer: server.admin)
            #expect(ended.status == 200, "\(ended.text)")
            let error = try #require(await client.call(.get, "pims.authentication.trustedphonenumber").error)
            #expect(error.isSessionEnded)
            #expect(error.label == "The server ended this device session")
            #expect(error.detail?.hasPrefix("session ended by the server's admin") == true, "\(error)")
            #expect(server.core.deviceSessions == 0)  // not sent again behind the user's back
            #expect(await client.call(.get, "pims.authentication.trustedphonenumber").transactionId.hasPrefix("tx-"))
            #expect(server.core.deviceSessions == 1)
            #expect(server.core.world.sessions.last?.name != name)
        }
    }

    @Test func forwardedForCountsOnlyFromTheTrustedProxy() async throws {
        let time = ManualClock()
        func open(_ http: TestHTTP, from client: String) async throws -> TestHTTP.Answer {
            try await http.request(.POST, "/v1/sessions", body: #"{"device": "d"}"#, headers: [("X-Forwarded-For", "203.0.113.9, \(client)")])
        }
        // Not trusted: the header is ignored and every request counts for 127.0.0.1.
        try await withServer(sessions: .init(perMinute: 2, rateFrom: 0), clock: time.clock) { server in
            #expect(try await open(server.http, from: "198.51.100.1").status == 201)
            #expect(try await open(server.http, from: "198.51.100.2").status == 201)
            let refused = try await open(server.http, from: "198.51.100.3")
            #expect(refused.status == 429)
            #expect(refused.error?.contains("from 127.0.0.1") == true, "\(refused.text)")
        }
        // Trusted: each forwarded client has its own rate, keyed by the entry the proxy appended.
        try await withServer(sessions: .init(perMinute: 2, rateFrom: 0), clock: time.clock, configure: { $0.trustedProxies = ["127.0.0.1"] }) { server in
            for client in ["198.51.100.1", "198.51.100.2", "198.51.100.1", "198.51.100.2"] {
                #expect(try await open(server.http, from: client).status == 201)
            }
            let refused = try await open(server.http, from: "198.51.100.1")
            #expect(refused.status == 429)
            #expect(refused.error?.contains("from 198.51.100.1") == true, "\(refused.text)")
        }
    }
}
