import Foundation
import SimClient
import SimServer
import Synchronization
import Testing

/// Issues 37 and 43: floods are met by pressure on the connection slots, not by a rate per address.
/// With the defaults an ordinary client that opens a connection per request is never refused; when
/// slots are scarce, those held for nothing are taken back (a slowloris head first) and a refused
/// client reads a complete 429; under pressure answers end their connections, so a kept-alive client
/// never sends into a connection the server closes. Outcomes and their order are asserted, never
/// durations.
@Suite(.serialized) struct FloodAdmissionTests {
    static func health(_ extra: String = "") -> String { "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extra)\r\n" }

    /// A request whose head has arrived and whose body has not: in flight, its slot never taken back.
    static func inFlight(port: Int, from source: String) async throws -> RawConnection {
        let c = try RawConnection(port: port, from: source)
        try c.send("POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"device\":")
        return c
    }

    static let patientRequests = ConnectionLimits(idle: .seconds(600), request: .seconds(600), maxOpen: 4)

    /// A shell loop of `curl` or Python's `urllib`: a new connection for each request, one after the other.
    @Test func aLoopOfNewConnectionsIsAnswered2xxEveryTime() async throws {
        try await withServer { server in
            var statuses: [String: Int] = [:]
            for i in 0..<300 {
                let c = try RawConnection(port: server.server.port)
                let body = #"{"device":"loop-\#(i)","platform":"ios","sdk":"2.3"}"#
                try c.send("POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                let answer = await c.readResponse()
                statuses[String(answer.prefix(12)), default: 0] += 1
            }
            #expect(statuses == ["HTTP/1.1 201": 300], "\(statuses)")
        }
    }

    /// `ab -c 50` without keep-alive: 50 clients at once, each a new connection per request.
    @Test func fiftyConcurrentClientsWithoutKeepAliveAreAllAnswered() async throws {
        try await withServer { server in
            let port = server.server.port
            let statuses = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        var seen: [String] = []
                        for _ in 0..<8 {
                            let c = try RawConnection(port: port)
                            try c.send(Self.health("Connection: close\r\n"))
                            seen.append(String(await c.readUntilClosed().text.prefix(12)))
                        }
                        return seen
                    }
                }
                return try await group.reduce(into: [String]()) { $0 += $1 }
            }
            #expect(statuses.count == 400)
            #expect(statuses.allSatisfy { $0 == "HTTP/1.1 200" }, "\(Dictionary(grouping: statuses) { $0 }.mapValues(\.count))")
        }
    }

    /// `ab` without `-k` speaks HTTP/1.0 and waits for the server to close; `Connection: Close`
    /// (another spelling) asks the same. Each is answered, then its connection closed.
    @Test func aRequestThatDoesNotKeepItsConnectionAliveIsAnsweredThenClosed() async throws {
        try await withServer { server in
            for head in ["GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n",
                         "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Close\r\n\r\n",
                         "POST /v1/call HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"] {
                let c = try RawConnection(port: server.server.port)
                try c.send(head)
                let (text, closed) = await c.readUntilClosed()
                #expect(text.hasPrefix("HTTP/1.1 200") || text.hasPrefix("HTTP/1.1 401"), "\(text)")
                #expect(closed, "the server kept the connection of \(head.prefix(30)) open")
            }
            // HTTP/1.0 asking for keep-alive keeps it.
            let kept = try RawConnection(port: server.server.port)
            try kept.send("GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n")
            #expect(await kept.readResponse().hasPrefix("HTTP/1.1 200"))
            try kept.send("GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n")
            #expect(await kept.readResponse().hasPrefix("HTTP/1.1 200"))
        }
    }

    /// Slots scarce and every one busy with a request: the address holding the most is refused
    /// first, another address gets the last slot, and then a new connection is refused too. Each
    /// refusal is a complete 429 with `Retry-After` and a JSON body, written once the request head
    /// has arrived, the connection then closed by the server.
    @Test func whenSlotsAreScarceTheBusiestAddressIsRefusedWithAComplete429() async throws {
        try await withServer(connections: Self.patientRequests) { server in
            let port = server.server.port
            var held: [RawConnection] = []
            for _ in 0..<3 { held.append(try await Self.inFlight(port: port, from: "127.0.0.3")) }
            try await ConnectionLimitTests.waitUntil { server.server.openConnections() == 3 }

            // The busiest address: refused, once its head has come (sent after the connection is open).
            let busiest = try RawConnection(port: port, from: "127.0.0.3")
            try busiest.send("GET /healthz HTTP/1.1\r\n")
            try busiest.send("Host: 127.0.0.1\r\n\r\n")
            let (refused, closed) = await busiest.readUntilClosed()
            #expect(refused.hasPrefix("HTTP/1.1 429 Too Many Requests\r\n"), "\(refused)")
            #expect(refused.lowercased().contains("\r\nretry-after: 1\r\n"), "\(refused)")
            #expect(refused.lowercased().contains("\r\ncontent-type: application/json\r\n"), "\(refused)")
            #expect(refused.contains(#"127.0.0.3 holds the most (3)"#), "\(refused)")
            #expect(closed, "the refused connection stayed open")
            let body = refused.components(separatedBy: "\r\n\r\n").last ?? ""
            #expect(refused.lowercased().contains("content-length: \(body.utf8.count)\r\n"), "the body is cut short: \(refused)")

            // Another address takes the last slot: its request is in flight.
            let other = try await Self.inFlight(port: port, from: "127.0.0.2")
            try await ConnectionLimitTests.waitUntil { server.server.openConnections() == 4 }

            // Every slot busy with a request: a new client, a real one (libcurl), reads the 429.
            let answer = try await HTTPTransport().send("GET", URL(string: "http://127.0.0.1:\(port)/healthz")!, timeout: .seconds(60))
            #expect(answer.status == 429)
            #expect(answer.header("Retry-After") == "1")
            #expect(answer.text.contains(#""error":"every one of the server's 4 connections is busy with a request: retry in 1 s""#), "\(answer.text)")
            // The requests in flight were not touched: the last one, finished, is answered.
            #expect(server.server.openConnections() == 4)
            let rest = #""other""# + String(repeating: " ", count: 82) + "}"
            try other.send(rest)
            #expect(await other.readResponse().hasPrefix("HTTP/1.1 201"))
            _ = held
        }
    }

    /// A trusted proxy's connections carry many clients: holding the most slots, it is not refused as
    /// the busiest address.
    @Test func aTrustedProxyIsNeverRefusedAsTheBusiestAddress() async throws {
        try await withServer(connections: Self.patientRequests, configure: { $0.trustedProxies = ["127.0.0.3"] }) { server in
            let port = server.server.port
            var held: [RawConnection] = []
            for _ in 0..<3 { held.append(try await Self.inFlight(port: port, from: "127.0.0.3")) }
            try await ConnectionLimitTests.waitUntil { server.server.openConnections() == 3 }
            let proxied = try RawConnection(port: port, from: "127.0.0.3")
            try proxied.send(Self.health("X-Forwarded-For: 198.51.100.7\r\n"))
            #expect(await proxied.readResponse().hasPrefix("HTTP/1.1 200"))
            _ = held
        }
    }

    /// Connections busy with a request are never closed to make room: a new one is refused until
    /// one of them closes, then served.
    @Test func aSlotFreedByAClosedConnectionServesTheNextClient() async throws {
        try await withServer(connections: Self.patientRequests) { server in
            let port = server.server.port
            var held: [RawConnection] = []
            for i in 0..<4 { held.append(try await Self.inFlight(port: port, from: "127.0.0.\(3 + i)")) }
            try await ConnectionLimitTests.waitUntil { server.server.openConnections() == 4 }
            let refused = try RawConnection(port: port, from: "127.0.0.2")
            try refused.send(Self.health())
            #expect(await refused.readUntilClosed().text.hasPrefix("HTTP/1.1 429"))
            held.removeFirst()  // closes one
            try await ConnectionLimitTests.waitUntil { server.server.openConnections() == 3 }
            let next = try RawConnection(port: port, from: "127.0.0.2")
            try next.send(Self.health())
            let answer = await next.readResponse()
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
            // Past half the slots the answer ends its connection; the requests in flight keep theirs.
            #expect(answer.lowercased().contains("\r\nconnection: close\r\n"), "\(answer)")
            #expect(await next.readUntilClosed().closed)
            try await ConnectionLimitTests.waitUntil { server.server.openConnections() == 3 }
        }
    }

    /// Slowloris: request heads that trickle in, from many addresses, hold every slot. A new client
    /// is not refused for them (they are about to give their slots up), and a head still arriving
    /// after a second gives its slot up (408) while slots are scarce: the new client is served
    /// without waiting for the request deadline (600 s here).
    @Test func slowlorisHeadsGiveTheirSlotsUpToANewClient() async throws {
        let limits = ConnectionLimits(idle: .seconds(600), request: .seconds(600), maxOpen: 8)
        try await withServer(connections: limits) { server in
            let port = server.server.port
            var heads: [RawConnection] = []
            for i in 0..<8 {
                let c = try RawConnection(port: port, from: "127.0.1.\(1 + i)")  // many addresses: none the busiest
                try c.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                heads.append(c)
            }
            try await ConnectionLimitTests.waitUntil { server.server.openConnections() == 8 }
            let client = try RawConnection(port: port, from: "127.0.0.2")
            try client.send(Self.health())
            #expect(await client.readResponse().hasPrefix("HTTP/1.1 200"))
            // The first head to give its slot up was answered 408 and closed; the others still trickle.
            var given: (text: String, closed: Bool)?
            for _ in 0..<600 where given == nil {
                for head in heads where given == nil {
                    let early = await head.read(patience: .milliseconds(100)) { !$0.isEmpty }
                    if !early.text.isEmpty || early.closed {
                        let rest = early.closed ? ("", true) : await head.readUntilClosed()
                        given = (early.text + rest.0, rest.1)
                    }
                }
            }
            let first = try #require(given, "no head gave its slot up")
            #expect(first.text.hasPrefix("HTTP/1.1 408"), "\(first.text)")
            #expect(first.text.contains("the request head did not arrive within 1 s while the server's connections are scarce"), "\(first.text)")
            #expect(first.closed, "the head given up stayed open")
            try await ConnectionLimitTests.waitUntil { server.server.openConnections() <= 7 }
            #expect(server.server.openConnections() >= 5, "more heads were given up than slots were short")
        }
    }

    /// Issue 43: a kept-alive client beside connections that each ask once and then hold their slot
    /// idle (reopened as the server closes them) loses no request. Under pressure each answer
    /// says `Connection: close` and the client (as every HTTP client does) opens a new connection
    /// for its next request: the server never closes one the client may be sending into.
    @Test func aKeptAliveClientBesideAnIdleFloodLosesNoRequest() async throws {
        let limits = ConnectionLimits(idle: .seconds(600), request: .seconds(600), maxOpen: 16, pressureIdle: .seconds(1))
        try await withServer(connections: limits) { server in
            let port = server.server.port
            let counts = FloodCounts()
            let flood = Task.detached {
                // 12 flooders, each from its own address, each reopening its connection once closed.
                await withTaskGroup(of: Void.self) { group in
                    for i in 0..<12 {
                        group.addTask {
                            while !counts.stop.load(ordering: .relaxed) {
                                guard let c = try? RawConnection(port: port, from: "127.0.2.\(1 + i)"), (try? c.send(Self.health())) != nil else { continue }
                                counts.opened.add(1, ordering: .relaxed)
                                _ = await c.readUntilClosed(patience: .seconds(3))  // its answer, then idle until closed
                            }
                        }
                    }
                }
            }
            var connection = try RawConnection(port: port, from: "127.0.0.2")
            var failures: [String] = []
            var closes = 0
            for i in 0..<60 {
                let body = #"{"device":"kept-\#(i)"}"#
                do {
                    try connection.send("POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                } catch {
                    failures.append("request \(i): \(error)")
                }
                let answer = await connection.readResponse()
                if !answer.hasPrefix("HTTP/1.1 201") {
                    failures.append("request \(i): \(answer.isEmpty ? "no answer (closed)" : String(answer.prefix(40)))")
                    connection = try RawConnection(port: port, from: "127.0.0.2")  // as a client does after a failure
                } else if answer.lowercased().contains("\r\nconnection: close\r\n") {
                    closes += 1
                    connection = try RawConnection(port: port, from: "127.0.0.2")
                }
                // The client thinks while the flood goes on (a few of its connections opened).
                let seen = counts.opened.load(ordering: .relaxed)
                for _ in 0..<100 where counts.opened.load(ordering: .relaxed) < seen + 4 { try await Task.sleep(for: .milliseconds(20)) }
            }
            counts.stop.store(true, ordering: .relaxed)
            await flood.value
            #expect(failures.isEmpty, "\(failures)")
            #expect(closes > 0, "no answer ended its connection: the flood never put the slots under pressure")
            #expect(counts.opened.load(ordering: .relaxed) > 12, "the flood was never closed and reopened")
        }
    }
}

/// The flood's stop flag and its count of connections opened, shared with its tasks.
private final class FloodCounts: Sendable {
    let stop = Atomic<Bool>(false)
    let opened = Atomic<Int>(0)
}
