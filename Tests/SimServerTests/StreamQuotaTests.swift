import Foundation
import PIMS
import SimServer
import Testing

/// Issue 30: event streams hold their connections for as long as they are open, so they are
/// counted per token, per client address and in all (half the connection slots); the excess is
/// refused 429 with `Retry-After`, and a slot comes back when a stream's connection closes.
@Suite(.serialized) struct StreamQuotaTests {
    static func openStream(_ port: Int, bearer: String, path: String = "/v1/events") throws -> RawConnection {
        let connection = try RawConnection(port: port)
        try connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(bearer)\r\n\r\n")
        return connection
    }

    /// The start of an answer: its status line and headers.
    static func head(_ connection: RawConnection) async -> String {
        await connection.read { $0.contains("\r\n\r\n") }.text
    }

    /// One open stream for each of `count` new device sessions.
    static func streamsOfNewSessions(_ count: Int, _ server: TestServer) async throws -> [RawConnection] {
        var open: [RawConnection] = []
        for i in 0..<count {
            let token = try #require(try await server.http.openSession(device: "d\(i)"))
            let stream = try openStream(server.server.port, bearer: token)
            #expect(await head(stream).hasPrefix("HTTP/1.1 200"))
            open.append(stream)
        }
        return open
    }

    @Test func streamsPerTokenBeyondTheQuotaAre429UntilOneCloses() async throws {
        try await withServer(configure: { $0.streamQuota = StreamQuotaLimits(perToken: 2, perAddress: 10) }) { server in
            let token = try #require(try await server.http.openSession(device: "d"))
            var open: [RawConnection] = []
            for _ in 0..<2 {
                let stream = try Self.openStream(server.server.port, bearer: token)
                #expect(await Self.head(stream).hasPrefix("HTTP/1.1 200"))
                open.append(stream)
            }
            let third = try Self.openStream(server.server.port, bearer: token)
            let refused = await third.readResponse()
            #expect(refused.hasPrefix("HTTP/1.1 429"), "\(refused)")
            #expect(refused.lowercased().contains("retry-after: 30"), "\(refused)")
            #expect(refused.contains("this token already has 2 event streams open"), "\(refused)")
            // Another token is not held back by this one's streams.
            let other = try #require(try await server.http.openSession(device: "e"))
            let stream = try Self.openStream(server.server.port, bearer: other)
            #expect(await Self.head(stream).hasPrefix("HTTP/1.1 200"))
            // A stream's connection closed gives its slot back.
            open.removeFirst()
            var answer = ""
            for _ in 0..<600 where !answer.hasPrefix("HTTP/1.1 200") {
                let retry = try Self.openStream(server.server.port, bearer: token)
                answer = await Self.head(retry)
                if answer.hasPrefix("HTTP/1.1 200") { open.append(retry) } else { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        }
    }

    @Test func streamsPerAddressAndInAllAreBounded() async throws {
        try await withServer(configure: { $0.streamQuota = StreamQuotaLimits(perToken: 10, perAddress: 3) }) { server in
            let open = try await Self.streamsOfNewSessions(3, server)
            let token = try #require(try await server.http.openSession(device: "d4"))
            let refused = await (try Self.openStream(server.server.port, bearer: token)).readResponse()
            #expect(refused.hasPrefix("HTTP/1.1 429"), "\(refused)")
            #expect(refused.contains("127.0.0.1 already has 3 event streams open"), "\(refused)")
            // The admin, trusted, is held to no quota.
            let admin = try Self.openStream(server.server.port, bearer: server.admin, path: "/v1/events?session=default")
            #expect(await Self.head(admin).hasPrefix("HTTP/1.1 200"))
            // Calls still have their connections.
            #expect(try await server.http.request(.GET, "/healthz").status == 200)
            withExtendedLifetime(open) {}
        }
        // In all: half the connection slots (here 4 of 8).
        let eight = ConnectionLimits(idle: .seconds(600), request: .seconds(600), maxOpen: 8)
        try await withServer(connections: eight) { server in
            let open = try await Self.streamsOfNewSessions(4, server)
            let token = try #require(try await server.http.openSession(device: "d5"))
            let refused = await (try Self.openStream(server.server.port, bearer: token)).readResponse()
            #expect(refused.contains("the server already holds its maximum of 4 event streams"), "\(refused)")
            #expect(try await server.http.request(.GET, "/healthz").status == 200)
            withExtendedLifetime(open) {}
        }
    }
}
