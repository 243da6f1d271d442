import Foundation
import SimKernel
import SimServer
import SimTestSupport
import Testing

/// Issue 24: event streams never hang the server, never grow without bound, never leave a silent gap.
@Suite struct EventStreamReliabilityTests {
    static let admin = "test-admin-token-0123456789"

    /// The connection rate is off: the churn below reconnects faster than one address may (what is
    /// tested is event delivery under churn; `ConnectionRateTests` test the rate).
    static func start(streams: EventStreamLimits) async throws -> (ServerCore, RunningServer) {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let core = try ServerCore(databasePath: path, seed: .named("fresh"), honoursLatency: false)
        let server = try await TeamServer.start(core: core, options: .init(port: 0, adminToken: admin, streams: streams,
                                                                           connections: ConnectionLimits(ratePerAddress: 0)))
        return (core, server)
    }

    /// `GET /v1/events` on a raw connection, the head and the stream's first line read.
    static func subscribe(port: Int, lastEventID: Int? = nil, receiveBuffer: Int32? = nil) async throws -> RawConnection {
        let connection = try RawConnection(port: port, receiveBuffer: receiveBuffer)
        try connection.send("GET /v1/events?session=default HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(admin)\r\n"
                            + (lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? "") + "\r\n")
        return connection
    }

    /// Subscribers connect and drop, again and again, while two admins publish fault events: the
    /// server answers `/healthz` throughout, and stops.
    @Test(.timeLimit(.minutes(10))) func subscriberChurnDuringPublishingNeverHangsTheServer() async throws {
        let (_, server) = try await Self.start(streams: .init())
        let http = TestHTTP(base: "http://127.0.0.1:\(server.port)")
        let publishers = (0..<2).map { p in
            Task {
                var answered = 0
                for round in 0..<60 {
                    let control: JSONValue = round % 2 == 0 ? ["sim": "fault", "name": .string("pims.churn.\(p)"), "latencyMs": 1] : ["sim": "clearFaults"]
                    if try await http.post("/v1/sim", control, bearer: Self.admin).status == 200 { answered += 1 }
                }
                return answered
            }
        }
        var healthy = 0
        for _ in 0..<40 {
            let subscribers = try await (0..<5).asyncMap { _ in try await Self.subscribe(port: server.port) }
            for subscriber in subscribers { _ = await subscriber.read { $0.contains("retry: 1000") } }
            // Dropped as events flow: the connections close here.
            _ = subscribers
            if try await http.request(.GET, "/healthz").status == 200 { healthy += 1 }
        }
        for publisher in publishers { #expect(try await publisher.value == 60) }
        #expect(healthy == 40)
        await server.stop()
    }

    /// A client that stops reading is cut off once `backlog` messages wait for it: told where to
    /// resume (after the last id it got, which arrived whole), then its stream ends; memory stays bounded.
    @Test(.timeLimit(.minutes(10))) func aStalledSubscriberIsCutOffAndToldWhereToResume() async throws {
        let (core, server) = try await Self.start(streams: .init(backlog: 8, grace: .seconds(120)))
        let stalled = try await Self.subscribe(port: server.port, receiveBuffer: 4_096)
        _ = await stalled.read { $0.contains("retry: 1000") }
        let start = core.events.lastID
        // Events far larger than the socket buffers can hold, published faster than nobody reads.
        let payload = JSONValue.string(String(repeating: "x", count: 4_096))
        var published = 0
        for chunk in 0..<200 where core.events.subscriberCount > 0 {
            core.events.publish((1...50).map { i in
                SimEvent(id: start + chunk * 50 + i, kind: .faultsChanged, data: ["filler": payload], at: SimTime(seconds: 0))
            })
            published = chunk * 50 + 50
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(core.events.subscriberCount == 0, "cut off")
        // Read now: what fitted, the notice, and the response's end (the connection may serve again).
        let (text, _) = await stalled.read(patience: .seconds(120)) { $0.hasSuffix("\r\n0\r\n\r\n") }
        #expect(text.hasSuffix("\r\n0\r\n\r\n"), "the stream ended")
        // Unchunked by lines: a chunk's size line ends in CRLF, one Character to Swift.
        let ids = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").filter { $0.hasPrefix("id: ") }.compactMap { Int($0.dropFirst(4)) }
        try #require(!ids.isEmpty && ids.count < published, "\(ids.count) of \(published): \(text.prefix(400))")
        #expect(ids == Array((start + 1)...(start + ids.count)), "in order, none skipped")
        #expect(text.contains("event: overflow\ndata: {\"lastEventId\":\(start + ids.count),"), "\(text.suffix(300))")

        // The resume gives the rest, from what the server keeps.
        let resumed = try await Self.subscribe(port: server.port, lastEventID: start + ids.count)
        let newest = start + published
        let rest = await resumed.read { $0.contains("id: \(newest)\n") }
        #expect(rest.text.contains("id: \(start + ids.count + 1)\n"))
        await server.stop()
    }

    /// A client that reads nothing cannot hold a stop open: its connection is closed after the grace.
    @Test(.timeLimit(.minutes(10))) func aStopEndsEvenWithAStalledSubscriber() async throws {
        let (core, server) = try await Self.start(streams: .init(grace: .seconds(1)))
        let stalled = try await Self.subscribe(port: server.port, receiveBuffer: 4_096)
        _ = await stalled.read { $0.contains("retry: 1000") }
        let payload = JSONValue.string(String(repeating: "y", count: 4_096))
        let start = core.events.lastID
        for chunk in 0..<20 {
            core.events.publish((1...50).map { SimEvent(id: start + chunk * 50 + $0, kind: .faultsChanged, data: ["filler": payload], at: SimTime(seconds: 0)) })
        }
        await server.stop()  // returns: the time limit fails the test if the stalled stream held it
        let (_, closed) = await stalled.readUntilClosed()
        #expect(closed)
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
