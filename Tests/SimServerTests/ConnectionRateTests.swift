import Foundation
import SimServer
import Testing

/// Issue 30, 37: new connections per client address as a token bucket, when asked for
/// (`--connection-rate`; off by default): beyond, a complete 429 with `Retry-After` once the request
/// head has arrived, before any HTTP handling, and the connection closed; other addresses are not
/// held back; a trusted proxy's requests count per forwarded client. The clock is the sessions'
/// injected wall clock: it moves only when the test moves it.
@Suite(.serialized) struct ConnectionRateTests {
    static let health = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    /// 1 a second, 4 at once.
    static let one = ConnectionLimits(ratePerAddress: 1)

    /// A new connection's answer to `GET /healthz`, and whether the server then closed it.
    static func ask(_ port: Int, from source: String? = nil) async throws -> (text: String, closed: Bool) {
        let connection = try RawConnection(port: port, from: source)
        try connection.send(health)
        let text = await connection.readResponse()
        guard text.hasPrefix("HTTP/1.1 429") else { return (text, false) }
        return (text, await connection.readUntilClosed().closed)
    }

    @Test func connectionsBeyondTheRateAreRefused429AndClosed() async throws {
        let time = ManualClock()
        try await withServer(clock: time.clock, connections: Self.one) { server in
            var held: [RawConnection] = []
            for _ in 0..<4 {  // the burst: four times the rate
                let connection = try RawConnection(port: server.server.port)
                try connection.send(Self.health)
                #expect(await connection.readResponse().hasPrefix("HTTP/1.1 200"))
                held.append(connection)
            }
            let (refused, closed) = try await Self.ask(server.server.port)
            #expect(refused.hasPrefix("HTTP/1.1 429 Too Many Requests"), "\(refused)")
            #expect(refused.lowercased().contains("retry-after: 1\r\n"), "\(refused)")
            #expect(refused.contains("too many new connections from 127.0.0.1: at most 1 a second (4 at once)"), "\(refused)")
            #expect(closed, "the refused connection stayed open")
            // Every refusal is answered (issue 37: an unanswered close reads as a reset).
            let again = try RawConnection(port: server.server.port)
            try again.send(Self.health)
            let (text, closedAgain) = await again.readUntilClosed()
            #expect(text.hasPrefix("HTTP/1.1 429 Too Many Requests") && text.hasSuffix("\"}"), "\(text)")
            #expect(closedAgain)
            // A refused connection takes no slot: the four held are the only ones open.
            #expect(server.server.openConnections() == 4)
            // The connections already open go on being served.
            try held[0].send(Self.health)
            #expect(await held[0].readResponse().hasPrefix("HTTP/1.1 200"))
            // Another client address is not held back.
            #expect(try await Self.ask(server.server.port, from: "127.0.0.2").text.hasPrefix("HTTP/1.1 200"))
            // Two seconds later the bucket has room for two more.
            time.advance(.seconds(2))
            #expect(try await Self.ask(server.server.port).text.hasPrefix("HTTP/1.1 200"))
            #expect(try await Self.ask(server.server.port).text.hasPrefix("HTTP/1.1 200"))
            #expect(try await Self.ask(server.server.port).text.hasPrefix("HTTP/1.1 429"))
        }
    }

    /// Issue 37: no rate by default, so a client opening a connection per request is never refused.
    @Test func theDefaultIsNoLimit() async throws {
        #expect(ConnectionLimits().ratePerAddress == 0)
        let time = ManualClock()
        try await withServer(clock: time.clock) { server in
            for _ in 0..<120 {
                let answer = try await Self.ask(server.server.port)
                #expect(answer.text.hasPrefix("HTTP/1.1 200"), "\(answer.text)")
            }
        }
    }

    /// Behind a trusted proxy the connections are the proxy's: each request counts for the client
    /// its last `X-Forwarded-For` entry names.
    @Test func behindATrustedProxyEachRequestCountsForTheForwardedClient() async throws {
        let time = ManualClock()
        try await withServer(clock: time.clock, connections: Self.one, configure: { $0.trustedProxies = ["127.0.0.1"] }) { server in
            func health(for client: String) async throws -> TestHTTP.Answer {
                try await server.http.request(.GET, "/healthz", headers: [("X-Forwarded-For", "203.0.113.9, \(client)")])
            }
            // The proxy's own connections are not counted: more than the burst come in.
            for _ in 0..<10 {
                let answer = try await Self.ask(server.server.port)
                #expect(answer.text.hasPrefix("HTTP/1.1 200"), "\(answer.text)")
            }
            for _ in 0..<4 { #expect(try await health(for: "198.51.100.1").status == 200) }
            let refused = try await health(for: "198.51.100.1")
            #expect(refused.status == 429)
            #expect(refused.header("Retry-After") == "1")
            #expect(refused.error?.contains("too many new connections from 198.51.100.1") == true, "\(refused.text)")
            #expect(try await health(for: "198.51.100.2").status == 200)
        }
    }
}
