import Foundation
import PIMS
import SimClient
import SimServer
import Testing

/// Device sessions cannot fill the server: they close when idle (on the wall clock, injected here),
/// there is a cap, a rate per client address, and optionally a token to open one.
///
/// These server suites run their tests one at a time: every in-process server holds a dozen file
/// descriptors (SQLite's pool, sockets), and with hundreds open at once Foundation's `Process.run()`
/// crashes reading `/proc/self/fd` (swift-corelibs-foundation #5472, an over-read in
/// `findMaximumOpenFromProcSelfFD`) while another test launches a child process.
@Suite(.serialized) struct SessionLimitTests {
    static let call: JSONValue = ["type": "get", "name": "pims.authentication.trustedphonenumber"]

    @Test func anIdleDeviceSessionExpiresAndLeavesTheWorld() async throws {
        let time = ManualClock()
        try await withServer(sessions: .init(idle: .seconds(3600)), clock: time.clock) { server in
            let token = try #require(try await server.http.openSession(device: "d1"))
            let name = try #require(server.core.world.sessions.last?.name)
            // Each use restarts the idle time: two 59-minute pauses do not close it.
            for _ in 0..<2 {
                time.advance(.seconds(59 * 60))
                #expect(try await server.http.post("/v1/call", Self.call, bearer: token).status == 200)
            }
            time.advance(.seconds(3600))
            let expired = try await server.http.post("/v1/call", Self.call, bearer: token)
            #expect(expired.status == 401)
            #expect(expired.error?.hasPrefix("session expired: unused for 1 h") == true, "\(expired.text)")
            // The next session opened sweeps it out of the world and the token table.
            _ = try #require(try await server.http.openSession(device: "d2"))
            #expect(server.core.deviceSessions == 1)
            #expect(!server.core.world.sessions.contains { $0.name == name })
            // Swept, it still says why (the server remembers the sessions it ended).
            let swept = try await server.http.post("/v1/call", Self.call, bearer: token)
            #expect(swept.status == 401)
            #expect(swept.error?.hasPrefix("session expired: unused for 1 h") == true, "\(swept.text)")
        }
    }

    @Test func theCapIs429WithAClearMessageUntilASessionExpires() async throws {
        let time = ManualClock()
        try await withServer(sessions: .init(idle: .seconds(600), cap: 3), clock: time.clock) { server in
            for i in 0..<3 {
                let token = try #require(try await server.http.openSession(device: "d\(i)"))
                #expect(try await server.http.post("/v1/call", Self.call, bearer: token).status == 200)  // in use: none gives way
            }
            let full = try await server.http.post("/v1/sessions", ["device": "d4"])
            #expect(full.status == 429)
            #expect(full.error == "the server holds its maximum of 3 device sessions, each used within 1 min; a session unused for 1 min gives way to a new one: retry in 1 min")
            #expect(full.header("Retry-After") == "60")
            time.advance(.seconds(601))
            #expect(try await server.http.openSession(device: "d5") != nil)
            #expect(server.core.deviceSessions == 1)
        }
    }

    @Test func creationIsRateLimitedPerClientAddressWithRetryAfter() async throws {
        let time = ManualClock()
        try await withServer(sessions: .init(perMinute: 4, rateFrom: 0), clock: time.clock) { server in
            for i in 0..<4 { #expect(try await server.http.openSession(device: "d\(i)") != nil) }
            let flood = try await server.http.post("/v1/sessions", ["device": "d5"])
            #expect(flood.status == 429)
            #expect(flood.header("Retry-After") == "15")
            #expect(flood.error == "too many new sessions from 127.0.0.1: at most 4 a minute; retry in 15 s")
            time.advance(.seconds(15))
            #expect(try await server.http.openSession(device: "d6") != nil)
            // An admin attachment is not a device session: not counted, not limited.
            #expect(try await server.http.post("/v1/sessions", ["attach": "default"], bearer: server.admin).status == 201)
        }
    }

    /// A script that opens a session per test (issue 37: a curl loop) is never refused while the
    /// table has room: the per-address rate counts only once half the cap is open.
    @Test func theRateAppliesOnlyOnceHalfTheCapIsOpen() async throws {
        let time = ManualClock()
        try await withServer(sessions: .init(cap: 20, perMinute: 4), clock: time.clock) { server in
            // 10 from one address within the same instant: more than its rate, less than half the cap.
            for i in 0..<10 { #expect(try await server.http.openSession(device: "d\(i)") != nil, "session \(i) refused") }
            #expect(server.core.deviceSessions == 10)
            // Half full: now the address's rate counts (a minute's burst of 4, then 429).
            for i in 10..<14 { #expect(try await server.http.openSession(device: "d\(i)") != nil, "session \(i) refused") }
            let flood = try await server.http.post("/v1/sessions", ["device": "d14"])
            #expect(flood.status == 429)
            #expect(flood.header("Retry-After") == "15")
        }
    }

    @Test func aSessionTokenCanBeRequired() async throws {
        let required = "team-session-token-0123456789"
        try await withServer(sessions: .init(token: required)) { server in
            let anonymous = try await server.http.post("/v1/sessions", ["device": "d1"])
            #expect(anonymous.status == 401)
            #expect(anonymous.error == "missing \"Authorization: Bearer <session-opening token>\"")
            let wrong = try await server.http.post("/v1/sessions", ["device": "d1"], bearer: "not-the-token")
            #expect(wrong.status == 401)
            #expect(wrong.error == "wrong session-opening token (serve --session-token)")
            #expect(try await server.http.post("/v1/sessions", ["device": "d1"], bearer: required).status == 201)
            #expect(try await server.http.post("/v1/sessions", ["device": "d2"], bearer: server.admin).status == 201)
            // The client without the admin token: its device sessions need the token too.
            let call = CallRequest(.get, "pims.authentication.trustedphonenumber")
            let without = try RemoteBackend(url: server.url, adminToken: nil, timeout: .seconds(120))
            #expect(await without.send(call, session: "phone").errorCode == 2204)
            let with = try RemoteBackend(url: server.url, adminToken: nil, sessionToken: required, timeout: .seconds(120))
            let answered = await with.send(call, session: "phone")
            #expect(answered.transactionId.hasPrefix("tx-"), "the server answered: \(JSONText.encode(answered.json))")
        }
    }

    @Test func restartKeepsDeviceSessionsAndCountsAsAUse() async throws {
        let time = ManualClock()
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let token = try await withServer(databasePath: path, sessions: .init(idle: .seconds(3600)), clock: time.clock) { server in
            try #require(try await server.http.openSession(device: "d1"))
        }
        time.advance(.seconds(3000))
        try await withServer(databasePath: path, sessions: .init(idle: .seconds(3600)), clock: time.clock) { server in
            time.advance(.seconds(3000))
            let answer = try await server.http.post("/v1/call", Self.call, bearer: token)
            #expect(answer.status == 200)
            #expect(server.core.deviceSessions == 1)
        }
    }
}
