import Foundation
import SimServer
import Testing

/// Calls answered on the event loop (`EventLoopCalls`) and by the router answer alike, byte for byte
/// but the `Date`: two servers from the same seed, one of them sending every request through the
/// router, get the same bytes and give the same answers back, errors and connection handling included.
@Suite struct EventLoopCallTests {
    static let read = #"{"type":"get","name":"pims.authentication.trustedphonenumber"}"#
    static let login = #"{"type":"set","name":"pims.authentication.user","params":{"action":"login","username":"bob@example.com","password":"bob-pass"}}"#

    /// A request with `body` for `path`; `TOKEN` in `headers` is the session's token.
    static func post(_ body: String, path: String = "/v1/pims", host: String = "127.0.0.1",
                     headers: String = "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\n") -> String {
        "POST \(path) HTTP/1.1\r\nHost: \(host)\r\n\(headers)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// What each connection sends (at once: pipelined when there are several requests), and how many
    /// answers it waits for (nil: until the server closes).
    static let exchanges: [(send: String, answers: Int?)] = [
        (post(login), 1),
        (post(read), 1),
        (post(read, path: "/v1/call", headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nEnrollsim-Trace: 1\r\n"), 1),
        // Pipelined: a read behind a write waiting for its commit; a read behind a router's answer.
        (post(read) + post(login) + post(read), 3),
        (post(#"{"type":"get""#) + post(read) + "GET /v1/pims HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + post(read), 4),
        // The router's errors.
        (post(#"{"type":"get","name":"pims.authentication.trustedphonenumber","session":"x"}"#), 1),
        (post("[1, 2"), 1),
        (post(read, headers: "Content-Type: application/json\r\n"), 1),
        (post(read, headers: "Authorization: Bearer not-a-token\r\nContent-Type: application/json\r\n"), 1),
        (post(read, headers: "Authorization: Basic TOKEN\r\nContent-Type: application/json\r\n"), 1),
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: text/plain\r\n"), 1),
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json; charset=utf-8\r\n"), 1),
        (post(read, host: "evil.example"), 1),
        (post(read, host: "localhost:1"), 1),
        (post(read, path: "/v1/pims?x=1"), 1),
        (post(String(repeating: " ", count: 70_000) + read), 1),
        ("POST /v1/pims HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer TOKEN\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "10000\r\n" + String(repeating: " ", count: 0x10000) + "\r\n" + "3e\r\n" + read + "\r\n0\r\n\r\n", 1),
        ("POST /v1/pims HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer TOKEN\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "3e\r\n" + read + "\r\n0\r\n\r\n", 1),
        // Heads the wire path reads (other fields, any case, spaces around values) and heads it leaves to the decoder.
        (post(read, headers: "user-agent: t/1\r\nauthorization:Bearer TOKEN \r\nCONTENT-TYPE: \tapplication/json\r\nAccept: */*\r\n"), 1),
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nEnrollsim-Trace: 1, 0\r\n"), 1),
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nHost: 127.0.0.1\r\n"), 1),
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nContent-Length: 62\r\n"), 1),
        (post(read, headers: "Authorization: Bearer TOKEN\r\nAuthorization: Bearer TOKEN\r\nContent-Type: application/json\r\n"), 1),
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n"), 1),
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nX-Long: \(String(repeating: "y", count: 9000))\r\n"), 1),
        (post(read).replacingOccurrences(of: "HTTP/1.1", with: "HTTP/1.0"), 1),
        ("POST /v1/pims HTTP/1.1\r\nAuthorization: Bearer TOKEN\r\nContent-Type: application/json\r\nContent-Length: 62\r\n\r\n" + read, 1),
        (post(read).replacingOccurrences(of: "\r\nContent-Type", with: "\nContent-Type"), 1),
        // More fields than the decoder takes; two lengths; a folded line; a space before a colon; a NUL; 8-bit bytes.
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\n" + String(repeating: "A:1\r\n", count: 1100)), 1),
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nContent-Length: 61\r\n"), 1),
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nX-Folded: a\r\n b\r\n"), 1),
        (post(read, headers: "Authorization : Bearer TOKEN\r\nContent-Type: application/json\r\n"), 1),
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nX-Nul: a\u{0}b\r\n"), 1),
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nX-Name: caf\u{e9}\r\n"), 1),
        (post(read) + post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"), 2),
        // Keep-alive ends when the client says so; nothing behind it is answered.
        (post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nConnection: close\r\n") + post(read), nil),
        (post(read) + post(read, headers: "Authorization: Bearer TOKEN\r\nContent-Type: application/json\r\nConnection: close\r\n"), nil),
    ]

    @Test func theEventLoopAndTheRouterAnswerCallsByteForByteAlike() async throws {
        // Pieces arrive 50 ms apart; on a busy machine they may take longer than the request deadline.
        let patient = ConnectionLimits(request: .seconds(600))
        try await withServer("team", connections: patient) { fast in
            try await withServer("team", connections: patient, configure: { $0.answersCallsOnEventLoop = false }) { routed in
                let fastToken = try #require(try await fast.http.openSession(device: "d1"))
                let routedToken = try #require(try await routed.http.openSession(device: "d1"))
                for (send, answers) in Self.exchanges {
                    let a = try await Self.exchange(send.replacingOccurrences(of: "TOKEN", with: fastToken), answers, port: fast.server.port)
                    let b = try await Self.exchange(send.replacingOccurrences(of: "TOKEN", with: routedToken), answers, port: routed.server.port)
                    #expect(a == b, "\(send.prefix(300).debugDescription)")
                    #expect(a.text.hasPrefix("HTTP/1.1 "), "\(a.text)")
                }
                // Both read back what the calls changed: the same world.
                #expect(fast.core.world.counters.transactions == routed.core.world.counters.transactions)
                #expect(fast.core.world.pims.accounts == routed.core.world.pims.accounts)
                #expect(fast.core.callsAnsweredOnEventLoop >= 9)
                #expect(fast.core.callsAnsweredOnTheWire >= 5)
                #expect(fast.core.callsAnsweredOnTheWire < fast.core.callsAnsweredOnEventLoop)
                #expect(routed.core.callsAnsweredOnEventLoop == 0)
            }
        }
    }

    /// A request that arrives in pieces (a head cut anywhere, a body cut), and a client that ends its
    /// side after a write that waits for its commit: the same answers from the wire path as from the router.
    @Test func callsInPiecesAndAHalfClosedConnectionAreAnsweredAlike() async throws {
        let cuts: [(pieces: [String], answers: Int?, shutdown: Bool)] = [
            (Self.pieces(Self.post(Self.read), at: [5, 30, 70]), 1, false),
            (Self.pieces(Self.post(Self.read) + Self.post(Self.read), at: [150, 170]), 2, false),
            (Self.pieces(Self.post(Self.login), at: [140]), 1, false),
            ([Self.post(Self.read) + Self.post(Self.login) + Self.post(Self.read)], nil, true),
            ([Self.post(Self.read) + String(Self.post(Self.read).prefix(40))], nil, true),
        ]
        try await withServer("team") { fast in
            try await withServer("team", configure: { $0.answersCallsOnEventLoop = false }) { routed in
                let fastToken = try #require(try await fast.http.openSession(device: "d1"))
                let routedToken = try #require(try await routed.http.openSession(device: "d1"))
                for (pieces, answers, shutdown) in cuts {
                    let a = try await Self.exchange(pieces.map { $0.replacingOccurrences(of: "TOKEN", with: fastToken) }, answers,
                                                    shutdown: shutdown, port: fast.server.port)
                    let b = try await Self.exchange(pieces.map { $0.replacingOccurrences(of: "TOKEN", with: routedToken) }, answers,
                                                    shutdown: shutdown, port: routed.server.port)
                    #expect(a == b, "\(pieces.joined().prefix(300).debugDescription)")
                    #expect(a.text.hasPrefix("HTTP/1.1 200"), "\(a.text)")
                }
                #expect(fast.core.callsAnsweredOnTheWire >= 7)
            }
        }
    }

    /// The wire path's connections close when idle, as the router's do (HTTP/1's own idle timer
    /// sees none of these requests: the connection slots close it).
    @Test func aConnectionTheWireAnswersIsClosedOnceIdle() async throws {
        try await withServer("team", connections: ConnectionLimits(idle: .seconds(1), request: .seconds(600), maxOpen: 512)) { server in
            let token = try #require(try await server.http.openSession(device: "d1"))
            let connection = try RawConnection(port: server.server.port)
            try connection.send(String(repeating: Self.post(Self.read).replacingOccurrences(of: "TOKEN", with: token), count: 3))
            let (text, closed) = await connection.readUntilClosed()
            #expect(Self.whole(text) == 3 && text.components(separatedBy: "HTTP/1.1 200 OK").count == 4, "\(text)")
            #expect(closed, "the idle connection stayed open")
            #expect(server.core.callsAnsweredOnTheWire == 3)
        }
    }

    /// At `info` (serve's default) the calls are still answered before the router, and each writes the
    /// router's access log line: the same lines but for the request ids and durations.
    @Test func atInfoTheAccessLogLinesAreTheRouters() async throws {
        let fastLog = CapturedLog(), routedLog = CapturedLog()
        let sends = [Self.post(Self.login), Self.post(Self.read) + Self.post(Self.login) + Self.post(Self.read),
                     Self.post(Self.read, path: "/v1/call"), Self.post("[1, 2") + Self.post(Self.read)]
        try await withServer("team", logger: fastLog.logger(level: .info)) { fast in
            try await withServer("team", logger: routedLog.logger(level: .info), configure: { $0.answersCallsOnEventLoop = false }) { routed in
                let fastToken = try #require(try await fast.http.openSession(device: "d1"))
                let routedToken = try #require(try await routed.http.openSession(device: "d1"))
                for send in sends {
                    let answers = send.components(separatedBy: "POST ").count - 1
                    _ = try await Self.exchange(send.replacingOccurrences(of: "TOKEN", with: fastToken), answers, port: fast.server.port)
                    _ = try await Self.exchange(send.replacingOccurrences(of: "TOKEN", with: routedToken), answers, port: routed.server.port)
                }
                #expect(fast.core.callsAnsweredOnTheWire >= 4)
            }
        }
        func accessLines(_ log: CapturedLog) -> [String] {
            log.all.filter { $0.contains(" POST /v1/pims ") || $0.contains(" POST /v1/call ") }
                .map { $0.replacing(#/hb\.request\.id=[0-9a-f]+/#, with: "hb.request.id=-").replacing(#/ms=\d+\.\d/#, with: "ms=-") }
        }
        #expect(accessLines(fastLog).count == 7)
        #expect(accessLines(fastLog) == accessLines(routedLog))
    }

    static func pieces(_ text: String, at cuts: [Int]) -> [String] {
        let bytes = Array(text.utf8)
        let bounds = [0] + cuts + [bytes.count]
        return zip(bounds, bounds.dropFirst()).map { String(decoding: bytes[$0..<$1], as: UTF8.self) }
    }

    /// Pipelined answers come in the order asked, whichever of the two answers each.
    @Test func pipelinedCallsAreAnsweredInOrder() async throws {
        try await withServer("team", connections: ConnectionLimits(request: .seconds(600))) { server in
            let token = try #require(try await server.http.openSession(device: "d1"))
            let logout = #"{"type":"set","name":"pims.authentication.user","params":{"action":"logout"}}"#
            let requests = (0..<20).map { i in [Self.login, Self.read, logout, #"{"bad""#][i % 4] }
            let sent = requests.map { Self.post($0).replacingOccurrences(of: "TOKEN", with: token) }.joined()
            let answer = try await Self.exchange(sent, requests.count, port: server.server.port)
            let statuses = answer.text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
            #expect(statuses == Array(repeating: ["200", "200", "200", "400"], count: 5).flatMap { $0 })
            let ids = answer.text.matches(of: #/"transactionId":"tx-(\d+)"/#).map { Int($0.1)! }
            #expect(ids.count == 15 && ids == ids.sorted(), "\(ids)")
            #expect(answer.text.contains(#""phoneNumber":"#))
            #expect(!answer.closed)
        }
    }

    /// The bytes a connection got (its `Date` headers, in RFC 9110's form, blanked), and whether the server closed it.
    static func exchange(_ send: String, _ answers: Int?, port: Int) async throws -> Exchanged {
        try await exchange([send], answers, port: port)
    }

    /// The same, `pieces` sent one after another (a pause between them), the client's side then
    /// ended if `shutdown`.
    static func exchange(_ pieces: [String], _ answers: Int?, shutdown: Bool = false, port: Int) async throws -> Exchanged {
        let connection = try RawConnection(port: port)
        for (i, piece) in pieces.enumerated() {
            if i > 0 { try await Task.sleep(for: .milliseconds(50)) }
            try connection.send(piece)
        }
        if shutdown { connection.shutdownWrite() }
        let (text, closed): (String, Bool)
        if let answers {
            (text, closed) = await connection.read { Self.whole($0) >= answers }
        } else {
            (text, closed) = await connection.readUntilClosed()
        }
        return Exchanged(text: text.replacing(#/Date: [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT\r\n/#, with: "Date: -\r\n"), closed: closed)
    }

    struct Exchanged: Equatable {
        let text: String
        let closed: Bool
    }

    /// How many whole answers `text` holds (heads and `Content-Length` bodies).
    static func whole(_ text: String) -> Int {
        var rest = Substring(text), count = 0
        while let end = rest.range(of: "\r\n\r\n") {
            let length = rest[..<end.lowerBound].split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            guard rest[end.upperBound...].utf8.count >= length else { break }
            rest = rest[end.upperBound...].dropFirst(length)  // bodies here are ASCII: bytes are characters
            count += 1
        }
        return count
    }
}
