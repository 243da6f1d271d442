import Foundation
import SimServer
import Testing

/// Connections cannot be held open for nothing: idle keep-alive connections close, a request that
/// does not arrive in time is a 408, and open connections are capped. The limits are short here
/// (a second); the tests wait generously for the effect and assert no duration.
@Suite(.serialized) struct ConnectionLimitTests {
    static let quickIdle = ConnectionLimits(idle: .seconds(1), request: .seconds(600), maxOpen: 512)
    /// The idle limit stays longer than the request limit, as by default (60 s and 10 s).
    static let quickRequest = ConnectionLimits(idle: .seconds(600), request: .seconds(1), maxOpen: 512)
    static let health = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test func anIdleKeepAliveConnectionIsClosed() async throws {
        try await withServer(connections: Self.quickIdle) { server in
            let connection = try RawConnection(port: server.server.port)
            try connection.send(Self.health)
            #expect(await connection.readResponse().hasPrefix("HTTP/1.1 200"))
            let (_, closed) = await connection.readUntilClosed()
            #expect(closed, "the idle connection stayed open")
        }
    }

    @Test func halfARequestHeadIsAnswered408AndClosed() async throws {
        try await withServer(connections: Self.quickRequest) { server in
            let connection = try RawConnection(port: server.server.port)
            try connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            let (text, closed) = await connection.readUntilClosed()
            #expect(text.hasPrefix("HTTP/1.1 408 Request Timeout"), "\(text)")
            #expect(text.contains(#"{"error":"the request did not arrive in time"}"#))
            #expect(closed)
        }
    }

    @Test func aBodyThatStopsComingIsAnswered408AndClosed() async throws {
        try await withServer(connections: Self.quickRequest) { server in
            let connection = try RawConnection(port: server.server.port)
            try connection.send("POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"device\":")
            let (text, closed) = await connection.readUntilClosed()
            #expect(text.hasPrefix("HTTP/1.1 408 Request Timeout"), "\(text)")
            #expect(closed)
            #expect(server.core.deviceSessions == 0)
        }
    }

    /// A slowloris client: a byte every so often keeps the connection active, never the request whole.
    @Test func aTrickleOfBytesDoesNotHoldTheRequestOpen() async throws {
        try await withServer(connections: Self.quickRequest) { server in
            let connection = try RawConnection(port: server.server.port)
            try connection.send("GET /healthz HTTP/1.1\r\n")
            var answer = ""
            for i in 0..<600 where answer.isEmpty {
                try? connection.send("X-\(i): y\r\n")
                answer = await connection.read(patience: .milliseconds(100)) { !$0.isEmpty }.text
            }
            #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
        }
    }

    /// Connections busy with a request are never closed to make room: beyond the cap, a new one waits.
    @Test func connectionsBeyondTheCapWaitUntilOneCloses() async throws {
        let two = ConnectionLimits(idle: .seconds(600), request: .seconds(600), maxOpen: 2)
        try await withServer(connections: two) { server in
            var open: [RawConnection] = []
            for _ in 0..<2 {
                let c = try RawConnection(port: server.server.port)
                try c.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")  // half a head: a request in flight
                open.append(c)
            }
            try await Self.waitUntil { server.server.openConnections() == 2 }
            let third = try RawConnection(port: server.server.port)  // the kernel's backlog takes it
            try third.send(Self.health)
            let early = await third.read(patience: .seconds(1)) { !$0.isEmpty }
            #expect(early.text.isEmpty, "a third connection was served")
            open.removeFirst()  // closes one
            #expect(await third.readResponse().hasPrefix("HTTP/1.1 200"))
        }
    }

    /// Issue 30: idle keep-alive connections cannot hold every slot. Past seven eighths of the cap the
    /// longest idle give way, so a new client is served at once.
    @Test func idleKeepAliveConnectionsGiveWayToANewClient() async throws {
        let eight = ConnectionLimits(idle: .seconds(600), request: .seconds(600), maxOpen: 8, pressureIdle: .seconds(600))
        try await withServer(connections: eight) { server in
            let idle = try await Self.idleConnections(8, port: server.server.port)
            let client = try RawConnection(port: server.server.port)
            try client.send(Self.health)
            #expect(await client.readResponse().hasPrefix("HTTP/1.1 200"))
            // The oldest idle connection was closed by the server, and one slot at least is free.
            let (_, closed) = await idle[0].readUntilClosed()
            #expect(closed, "the longest idle connection stayed open")
            #expect(server.server.openConnections() <= 7)
        }
    }

    /// Under pressure (more than half the slots open), idle connections close after the short
    /// timeout, the longest idle first, until half the slots at most are open.
    @Test func underPressureTheIdleTimeoutShortens() async throws {
        let limits = ConnectionLimits(idle: .seconds(600), request: .seconds(600), maxOpen: 8, pressureIdle: .seconds(1))
        try await withServer(connections: limits) { server in
            let idle = try await Self.idleConnections(5, port: server.server.port)
            try await Self.waitUntil { server.server.openConnections() <= 4 }
            let (_, closed) = await idle[0].readUntilClosed()
            #expect(closed, "the longest idle connection stayed open under pressure")
            let client = try RawConnection(port: server.server.port)
            try client.send(Self.health)
            #expect(await client.readResponse().hasPrefix("HTTP/1.1 200"))
        }
    }

    /// Connections that send nothing fill every slot, so the server stops accepting and nothing
    /// opens or answers: the pressure still closes them (looked at twice a second), and a new client
    /// waiting in the kernel's backlog is then served.
    @Test func silentConnectionsHoldingEverySlotAreClosedAndANewClientServed() async throws {
        let limits = ConnectionLimits(idle: .seconds(600), request: .seconds(600), maxOpen: 8, pressureIdle: .seconds(1))
        try await withServer(connections: limits) { server in
            var silent: [RawConnection] = []
            for _ in 0..<8 { silent.append(try RawConnection(port: server.server.port)) }
            try await Self.waitUntil { server.server.openConnections() == 8 }
            let client = try RawConnection(port: server.server.port)
            try client.send(Self.health)
            #expect(await client.readResponse().hasPrefix("HTTP/1.1 200"))
            let (_, closed) = await silent[0].readUntilClosed()
            #expect(closed, "a silent connection held its slot")
        }
    }

    /// Connections that each had one request answered and then say nothing.
    static func idleConnections(_ count: Int, port: Int) async throws -> [RawConnection] {
        var idle: [RawConnection] = []
        for _ in 0..<count {
            let c = try RawConnection(port: port)
            try c.send(health)
            #expect(await c.readResponse().hasPrefix("HTTP/1.1 200"))
            idle.append(c)
        }
        return idle
    }

    static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<600 where !condition() { try await Task.sleep(for: .milliseconds(100)) }
        #expect(condition())
    }

    @Test func aTruncatedBodyIs400NotAServerError() async throws {
        let log = CapturedLog()
        try await withServer(logger: log.logger()) { server in
            let connection = try RawConnection(port: server.server.port)
            try connection.send("POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"device\":")
            connection.shutdownWrite()
            let (text, _) = await connection.readUntilClosed()
            #expect(text.hasPrefix("HTTP/1.1 400"), "\(text)")
        }
        // The client's fault: at debug, not an error of the server.
        #expect(log.all.contains { $0.hasPrefix("debug client error") }, "\(log.all)")
        #expect(!log.all.contains { $0.hasPrefix("error") }, "\(log.all)")
    }

    @Test func aBadChunkSizeIs400NotAServerError() async throws {
        let log = CapturedLog()
        try await withServer(logger: log.logger()) { server in
            let connection = try RawConnection(port: server.server.port)
            try connection.send("POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n")
            let (text, _) = await connection.readUntilClosed()
            #expect(text.hasPrefix("HTTP/1.1 400"), "\(text)")
        }
        // The client's fault: at debug, not an error of the server.
        #expect(log.all.contains { $0.hasPrefix("debug client error") }, "\(log.all)")
        #expect(!log.all.contains { $0.hasPrefix("error") }, "\(log.all)")
    }
}
