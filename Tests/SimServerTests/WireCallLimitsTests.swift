import Foundation
import SimServer
import Synchronization
import Testing

/// What a connection answered before the router (`WireCalls`, `EventLoopCalls`) may hold and when:
/// answers for a client that does not read, the bytes kept of requests cut across reads, the request
/// deadline behind a late answer.
@Suite struct WireCallLimitsTests {
    typealias Calls = EventLoopCallTests

    static let chunkedRead = "POST /v1/pims HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer TOKEN\r\nContent-Type: application/json\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n3e\r\n\(Calls.read)\r\n0\r\n\r\n"

    /// A client that pipelines calls and reads none of the answers: the server stops reading once its
    /// answers wait to be written (rather than answering all of them into memory); once the client
    /// reads, it gets every answer, in order. `decoderFirst`: the connection is the decoder's from its
    /// first request (a chunked one), so `EventLoopCalls` answers the rest.
    @Test(arguments: [false, true]) func aClientThatDoesNotReadIsNotReadEither(decoderFirst: Bool) async throws {
        try await withServer("team") { server in
            let token = try #require(try await server.http.openSession(device: "d1"))
            // Loopback's socket buffers hold some 5 MB of answers (tcp_wmem's 4 MB ceiling) before the
            // server's writes wait: far fewer than these calls' answers.
            let count = 40000
            let calls = (0..<count).map { Calls.post($0 % 50 == 0 ? Calls.login : Calls.read) }
            let sent = ((decoderFirst ? [Self.chunkedRead] : []) + calls).joined().replacingOccurrences(of: "TOKEN", with: token)
            let total = count + (decoderFirst ? 1 : 0)
            let connection = try RawConnection(port: server.server.port, receiveBuffer: 4096)
            Thread.detachNewThread { try? connection.send(sent) }
            // Until the count of answers stops growing (or all are answered, as with no backpressure).
            var answered = -1, still = 0
            for _ in 0..<600 where still < 3 && answered < total {
                try await Task.sleep(for: .milliseconds(300))
                let now = server.core.callsAnsweredOnEventLoop
                still = now == answered ? still + 1 : 0
                answered = now
            }
            #expect(answered < total * 3 / 4, "answered \(answered) of \(total) for a client that read none")
            let answers = AnswerTally()
            let all = await connection.stream { answers.take($0) >= total }
            let (statuses, ids) = answers.seen
            #expect(all && statuses.count == total && statuses.allSatisfy { $0 == "200" }, "\(statuses.count) answers of \(total)")
            #expect(ids.count == total && ids == ids.sorted(), "\(ids.count) transaction ids, in order: \(ids == ids.sorted())")
            #expect(server.core.callsAnsweredOnEventLoop == total)
        }
    }

    /// Requests cut across reads (each write ends inside a request): the bytes kept between reads are
    /// only the unanswered ones, not every byte the connection ever sent.
    @Test func requestsCutAcrossReadsKeepOnlyTheirUnansweredBytes() async throws {
        // 400 requests, each cut across two writes: on a busy machine one may outlast the request deadline.
        try await withServer("team", connections: ConnectionLimits(request: .seconds(600))) { server in
            let token = try #require(try await server.http.openSession(device: "d1"))
            let one = Array(Calls.post(Calls.read).replacingOccurrences(of: "TOKEN", with: token).utf8)
            let count = 400
            let all = Array(Array(repeating: one, count: count).joined())
            let connection = try RawConnection(port: server.server.port)
            var sentUpTo = 0
            for i in 0...count {
                let end = i < count ? i * one.count + one.count / 2 : all.count
                try connection.send(String(decoding: all[sentUpTo..<end], as: UTF8.self))
                sentUpTo = end
                guard i > 0 else { continue }
                let (text, _) = await connection.read { Calls.whole($0) >= 1 }
                #expect(text.hasPrefix("HTTP/1.1 200 OK"), "\(text)")
            }
            #expect(server.core.callsAnsweredOnTheWire == count)
            #expect(server.core.largestWireBuffer > 0)
            #expect(server.core.largestWireBuffer < all.count / 4, "kept \(server.core.largestWireBuffer) bytes of \(all.count) sent")
        }
    }

    /// A call delayed past the request deadline by a latency fault, and a second call that arrives
    /// while it waits: the first call's answer comes first, then the second's (the deadline does not
    /// run for bytes held behind an answer; the decoder would have read them whole).
    @Test func aRequestHeldBehindALateAnswerIsNotTimedOut() async throws {
        try await withServer("team", connections: ConnectionLimits(request: .seconds(1)), honoursLatency: true) { server in
            let token = try #require(try await server.http.openSession(device: "d1"))
            _ = try await Calls.exchange(Calls.post(Calls.login).replacingOccurrences(of: "TOKEN", with: token), 1, port: server.server.port)
            _ = try await server.http.post("/v1/sim", ["sim": "fault", "name": "pims.authentication.trustedphonenumber", "latencyMs": 3000, "times": 1],
                                           bearer: server.admin)
            let call = Calls.post(Calls.read).replacingOccurrences(of: "TOKEN", with: token)
            let connection = try RawConnection(port: server.server.port)
            try connection.send(call)
            // Sent once the first is run (its answer then waits): a read of its own, behind that answer.
            for _ in 0..<3000 where server.core.callsAnsweredOnTheWire < 2 { try await Task.sleep(for: .milliseconds(20)) }
            try connection.send(call)
            let (text, closed) = await connection.read { Calls.whole($0) >= 2 }
            let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
            #expect(statuses == ["200", "200"], "\(text)")
            #expect(text.components(separatedBy: #""phoneNumber":"#).count == 3, "\(text)")
            #expect(!closed)
        }
    }

    /// A call and an event stream pipelined in one write, with a short idle limit: the stream is a
    /// request in flight once the call's answer is written, never idle (its heartbeats keep coming).
    /// The call answered from the bytes, or (chunked) by the decoder's path.
    @Test(arguments: [false, true]) func anEventStreamBehindACallIsNotIdle(decoderFirst: Bool) async throws {
        try await withServer("team", connections: ConnectionLimits(idle: .seconds(1), request: .seconds(600)),
                             configure: { $0.streams.heartbeat = .milliseconds(200) }) { server in
            let token = try #require(try await server.http.openSession(device: "d1"))
            let connection = try RawConnection(port: server.server.port)
            try connection.send((decoderFirst ? Self.chunkedRead : Calls.post(Calls.read)).replacingOccurrences(of: "TOKEN", with: token)
                                + "GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n")
            // 15 heartbeats: three seconds, thrice the idle limit.
            let (text, closed) = await connection.read { $0.components(separatedBy: ": heartbeat").count > 15 }
            #expect(text.hasPrefix("HTTP/1.1 200 OK") && text.contains("text/event-stream"), "\(text.prefix(600))")
            #expect(!closed && text.components(separatedBy: ": heartbeat").count > 15, "\(text.suffix(300))")
        }
    }
}

/// Whole answers (head and `Content-Length` body) counted as their bytes arrive: each one's status
/// and transaction id.
final class AnswerTally: Sendable {
    private let state = Mutex<(pending: [UInt8], statuses: [String], ids: [Int])>(([], [], []))

    var seen: (statuses: [String], ids: [Int]) { state.withLock { ($0.statuses, $0.ids) } }

    /// Takes a chunk; returns how many whole answers have arrived.
    func take(_ chunk: ArraySlice<UInt8>) -> Int {
        state.withLock { state in
            state.pending += chunk
            let end = Array("\r\n\r\n".utf8)
            var start = 0
            while let headEnd = Self.find(end, in: state.pending, from: start) {
                let head = String(decoding: state.pending[start..<headEnd], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                let bodyStart = headEnd + end.count
                guard state.pending.count - bodyStart >= length else { break }
                let body = String(decoding: state.pending[bodyStart..<bodyStart + length], as: UTF8.self)
                state.statuses.append(String(head.dropFirst("HTTP/1.1 ".count).prefix(3)))
                state.ids += body.matches(of: #/"transactionId":"tx-(\d+)"/#).map { Int($0.1)! }
                start = bodyStart + length
            }
            state.pending.removeFirst(start)
            return state.statuses.count
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard bytes.count - from >= needle.count else { return nil }
        return (from...(bytes.count - needle.count)).first { i in bytes[i] == needle[0] && bytes[i..<i + needle.count].elementsEqual(needle) }
    }
}
