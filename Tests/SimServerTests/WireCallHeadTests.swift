import Foundation
import SimServer
import Testing

/// Call heads in many spellings, each sent to a server that reads calls from the bytes (`WireCalls`)
/// and to one that sends every request through the router: the same bytes back, whichever of the
/// two paths took the request. The spellings come from a seeded generator, so a failure repeats.
@Suite struct WireCallHeadTests {
    static let lines = ["POST /v1/pims HTTP/1.1", "POST /v1/call HTTP/1.1", "post /v1/pims HTTP/1.1", "POST /v1/pims HTTP/1.0",
                        "POST  /v1/pims HTTP/1.1", "POST /v1/pims?x=1 HTTP/1.1", "POST /v1/pimsx HTTP/1.1"]
    static let hosts = ["127.0.0.1", "127.0.0.1:8080", "localhost", "LOCALHOST:1", "[::1]:9", "evil.example", "127.0.0.1:", ""]
    static let authorizations = ["Bearer TOKEN", "bearer TOKEN", "BEARER TOKEN", "Bearer  TOKEN", "Bearer\tTOKEN", "Basic TOKEN",
                                 "Bearer", "Bearer TOKENx"]
    static let contentTypes = ["application/json", "Application/JSON", "application/json;charset=utf-8", "text/plain"]
    static let extras = ["Accept: */*", "User-Agent: t/1", "Enrollsim-Trace: 1", "Enrollsim-Trace: 0", "Enrollsim-Trace: 1, 1",
                         "Connection: keep-alive", "Keep-Alive: 5", "X-Forwarded-For: 10.0.0.1", "Cookie: a=b"]
    static let spacings = [": ", ":", ":  ", ":\t"]

    /// A head with each field present or not (now and then twice), in any order, spelled any way:
    /// mostly the usual spelling (the first of each list), so that many heads are the wire path's.
    /// Each is one request to the decoder too (a `Content-Length` always, no malformed field line),
    /// so each gets one answer.
    static func request(_ random: inout SeededRandom) -> String {
        let body = EventLoopCallTests.read
        var fields: [(String, String)] = []
        func pick(_ values: [String]) -> String { random.next(10) < 6 ? values[0] : values[random.next(values.count)] }
        func maybe(_ name: String, _ values: [String], always: Bool = false) {
            guard always || random.next(20) > 0 else { return }
            fields.append((name, pick(values)))
            if random.next(15) == 0 { fields.append((name, pick(values))) }
        }
        maybe(pick(["Host", "host", "HOST"]), hosts)
        maybe(pick(["Authorization", "authorization"]), authorizations)
        maybe(pick(["Content-Type", "content-type"]), contentTypes)
        maybe("Content-Length", ["\(body.utf8.count)", "0\(body.utf8.count)", " \(body.utf8.count) "], always: true)
        for extra in extras where random.next(10) == 0 {
            let parts = extra.split(separator: ":", maxSplits: 1)
            fields.append((String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)))
        }
        random.shuffle(&fields)
        let head = fields.map { "\($0.0)\(pick(spacings))\($0.1)\r\n" }.joined()
        return "\(pick(lines))\r\n\(head)\r\n\(body)"
    }

    @Test func manySpellingsOfACallAreAnsweredAsTheRouterAnswersThem() async throws {
        var random = SeededRandom(seed: 28)
        let requests = (0..<120).map { _ in Self.request(&random) }
        let unlimited = ConnectionLimits(ratePerAddress: 0)  // a connection per request, many a second
        try await withServer("team", connections: unlimited) { fast in
            try await withServer("team", connections: unlimited, configure: { $0.answersCallsOnEventLoop = false }) { routed in
                let fastToken = try #require(try await fast.http.openSession(device: "d1"))
                let routedToken = try #require(try await routed.http.openSession(device: "d1"))
                for request in requests {
                    let a = try await EventLoopCallTests.exchange(request.replacingOccurrences(of: "TOKEN", with: fastToken), 1, port: fast.server.port)
                    let b = try await EventLoopCallTests.exchange(request.replacingOccurrences(of: "TOKEN", with: routedToken), 1, port: routed.server.port)
                    #expect(a == b, "\(request.debugDescription)")
                    #expect(a.text.hasPrefix("HTTP/1.1 "), "\(a.text)")
                }
                // Both paths were taken: some spellings are the wire path's, others the decoder's.
                #expect(fast.core.callsAnsweredOnTheWire >= 8)
                #expect(fast.core.callsAnsweredOnTheWire < requests.count)
            }
        }
    }
}

/// A small generator with a seed (SplitMix64), for test data that is the same on every run.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(i, next(i + 1)) }
    }
}
