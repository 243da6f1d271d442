import Foundation
@testable import FuturaeServer
import HTTPTypes
import SimServer
import Testing

/// The Auth API's signed reads answered on the event loop (`EventLoopAnswers`, as `/v1/call` reads
/// are) and by the router answer alike, byte for byte but the `Date`: two servers from the same seed,
/// one of them sending every request through the router, get the same bytes (FA1–FA4, FA7, FA8, FA10,
/// FA12, FA14), refusals, pipelining and the requests the event loop leaves to the router included.
@Suite struct AuthAPIEventLoopTests {
    static let p = "/srv/auth/v1"

    /// A signed request (FA2) as clients send it; `tamper` rewrites the finished text.
    static func signed(_ method: String, _ target: String, _ body: String? = nil, host: String = "127.0.0.1",
                       type: String? = "application/json", extra: String = "", date: String = RFC2822Date.format(Date()),
                       signature: String? = nil) -> String {
        let signature = signature ?? AuthAPISignature.sign(key: AuthAPITests.key, date: date, method: method, host: "127.0.0.1", target: target,
                                                          body: Array((body ?? "").utf8))
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nFT-Date: \(date)\r\n"
            + "Authorization: \(AuthAPISignature.authorization(serviceId: AuthAPITests.serviceId, signature: signature))\r\n\(extra)"
        if let body {
            if let type { head += "Content-Type: \(type)\r\n" }
            head += "Content-Length: \(body.utf8.count)\r\n"
        }
        return head + "\r\n" + (body ?? "")
    }

    /// The same request with its body sent in two chunks.
    static func chunked(_ request: String) -> String {
        let parts = request.components(separatedBy: "\r\n\r\n")
        let head = parts[0].split(separator: "\r\n").filter { !$0.hasPrefix("Content-Length:") }.joined(separator: "\r\n")
        let body = Array(parts[1].utf8), half = body.count / 2
        let chunks = [body[..<half], body[half...]].map { String(String($0.count, radix: 16)) + "\r\n" + String(decoding: $0, as: UTF8.self) + "\r\n" }
        return head + "\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks.joined() + "0\r\n\r\n"
    }

    static func exchanges(alice: String) -> [(send: String, answers: Int?)] {
        let preauth = #"{"username": "alice@example.com"}"#
        let users = "\(p)/users?username=alice%40example.com"
        return [
            (signed("GET", users), 1),
            (signed("GET", "\(p)/users?username=nobody%40example.com"), 1),
            (signed("GET", "\(p)/users?user=alice"), 1),
            (signed("GET", "\(p)/users/\(alice)"), 1),
            (signed("GET", "\(p)/users/\(alice)?x=1"), 1),
            (signed("GET", "\(p)/users/nobody%2Fx"), 1),
            (signed("POST", "\(p)/user/preauth", preauth), 1),
            (signed("POST", "\(p)/user/preauth", #"{"username": "carol@example.com"}"#), 1),
            (signed("POST", "\(p)/user/preauth?x=1", #"{"user_id": "nobody"}"#), 1),
            (signed("POST", "\(p)/user/preauth", #"{"user_id": "a", "username": "b"}"#), 1),
            (signed("POST", "\(p)/user/enroll_status", #"{"enrollment_id": "nothing"}"#), 1),
            (signed("POST", "\(p)/user/auth/status", #"{"session_id": "nothing"}"#), 1),
            (signed("POST", "\(p)/user/auth/status", #"{}"#), 1),
            // FA3's refusals: a wrong signature, no date, a stale date, a date that is none, two
            // Authorization fields, bad base64, another scheme.
            (signed("GET", users, signature: String(repeating: "0", count: 64)), 1),
            (signed("GET", users).replacingOccurrences(of: "FT-Date:", with: "X-Date:"), 1),
            (signed("GET", users, date: RFC2822Date.format(Date().addingTimeInterval(-3600))), 1),
            (signed("GET", users, date: "yesterday"), 1),
            (signed("GET", users, extra: "Authorization: Basic czp4\r\n"), 1),
            (signed("GET", users).replacingOccurrences(of: "Authorization: Basic ", with: "Authorization: Basic !"), 1),
            (signed("GET", users).replacingOccurrences(of: "Authorization: Basic ", with: "Authorization: Bearer "), 1),
            (signed("GET", users, extra: "FT-Date: Wed, 22 Apr 2026 10:01:24 +0100\r\n"), 1),
            // FA1, FA4: a body that is not JSON, not declared as JSON, declared as nothing, not an object.
            (signed("POST", "\(p)/user/preauth", "{\"username\""), 1),
            (signed("POST", "\(p)/user/preauth", preauth, type: "text/plain"), 1),
            (signed("POST", "\(p)/user/preauth", preauth, type: ""), 1),
            (signed("POST", "\(p)/user/preauth", preauth, type: ";"), 1),
            (signed("POST", "\(p)/user/preauth", preauth, type: "Application/JSON; charset=utf-8"), 1),
            (signed("POST", "\(p)/user/preauth", preauth, type: nil), 1),
            (signed("POST", "\(p)/user/preauth", "[1]"), 1),
            (signed("POST", "\(p)/user/preauth", "\u{FF}{}"), 1),
            (signed("POST", "\(p)/user/preauth", String(repeating: " ", count: 70_000) + preauth), 1),
            // Chunked, pipelined, and what the router keeps: Connection, Expect, another Host, a trailing slash, an empty segment.
            (chunked(signed("POST", "\(p)/user/preauth", preauth)), 1),
            (signed("GET", users) + signed("POST", "\(p)/user/preauth", preauth) + signed("GET", users), 3),
            (signed("GET", users) + signed("GET", "\(p)/users/") + signed("GET", users), 3),
            (signed("GET", users, extra: "Expect: 100-continue\r\n"), 1),
            (signed("GET", users, host: "evil.example"), 1),
            (signed("GET", "\(p)/users/\(alice)/"), 1),
            (signed("GET", "\(p)//users"), 1),
            (signed("GET", users, extra: "Connection: close\r\n") + signed("GET", users), nil),
        ]
    }

    @Test func theEventLoopAndTheRouterAnswerTheSignedReadsByteForByteAlike() async throws {
        let auth: (inout TeamServer.Options) -> Void = { $0.systemRoutes = [FuturaeAuthAPI()] }
        try await withServer("futurae-enrolled", configure: auth) { fast in
            try await withServer("futurae-enrolled", configure: { auth(&$0); $0.answersCallsOnEventLoop = false }) { routed in
                let alice = try #require(fast.core.world.futurae.users.first { $0.username == "alice@example.com" }?.userId)
                var statuses: Set<String> = []
                for (send, answers) in Self.exchanges(alice: alice) {
                    let a = try await EventLoopCallTests.exchange(send, answers, port: fast.server.port)
                    let b = try await EventLoopCallTests.exchange(send, answers, port: routed.server.port)
                    #expect(a == b, "\(send.prefix(300).debugDescription)")
                    #expect(a.text.hasPrefix("HTTP/1.1 "), "\(a.text)")
                    statuses.insert(String(a.text.dropFirst(9).prefix(3)))
                }
                #expect(statuses.isSuperset(of: ["200", "400", "401", "413", "415", "421"]), "\(statuses.sorted())")
                #expect(fast.core.systemRequestsAnsweredOnEventLoop >= 30)
                #expect(routed.core.systemRequestsAnsweredOnEventLoop == 0)
            }
        }
    }

    /// FA1: a `Content-Type` that names no type (empty, or only parameters) is refused 415 on both
    /// paths; reading its type once stopped the whole server.
    @Test func aContentTypeThatNamesNoTypeIs415() async throws {
        for fast in [true, false] {
            try await withServer("futurae-enrolled", configure: { $0.systemRoutes = [FuturaeAuthAPI()]; $0.answersCallsOnEventLoop = fast }) { server in
                for type in ["", ";", ";charset=utf-8"] {
                    let send = Self.signed("POST", "\(Self.p)/user/preauth", #"{"username": "alice@example.com"}"#, type: type)
                    let answer = try await EventLoopCallTests.exchange(send, 1, port: server.server.port)
                    #expect(answer.text.hasPrefix("HTTP/1.1 415"), "\(type.debugDescription): \(answer.text)")
                    #expect(answer.text.contains(#""code":41500"#), "\(answer.text)")
                }
            }
        }
    }

    /// A change (enroll, auth) is the router's: its answer waits for the commit.
    @Test func changesGoToTheRouter() async throws {
        try await withServer("futurae-enrolled", configure: { $0.systemRoutes = [FuturaeAuthAPI()] }) { server in
            let send = Self.signed("POST", "\(Self.p)/user/auth", #"{"username": "alice@example.com", "factor": "approve"}"#)
            let answer = try await EventLoopCallTests.exchange(send, 1, port: server.server.port)
            #expect(answer.text.hasPrefix("HTTP/1.1 200 OK") && answer.text.contains("session_id"), "\(answer.text)")
            #expect(server.core.systemRequestsAnsweredOnEventLoop == 0)
        }
    }

    /// At `info` (serve's default) the reads answered on the event loop write the router's access log
    /// lines: the same lines but for the request ids and durations (the path without its query).
    @Test func atInfoTheAccessLogLinesAreTheRouters() async throws {
        let fastLog = CapturedLog(), routedLog = CapturedLog()
        let auth: (inout TeamServer.Options) -> Void = { $0.systemRoutes = [FuturaeAuthAPI()] }
        let sends = [Self.signed("GET", "\(Self.p)/users?username=alice%40example.com"),
                     Self.signed("POST", "\(Self.p)/user/preauth", #"{"username": "alice@example.com"}"#),
                     Self.signed("GET", "\(Self.p)/users?username=alice", signature: "00")]
        try await withServer("futurae-enrolled", logger: fastLog.logger(level: .info), configure: auth) { fast in
            try await withServer("futurae-enrolled", logger: routedLog.logger(level: .info), configure: { auth(&$0); $0.answersCallsOnEventLoop = false }) { routed in
                for send in sends {
                    _ = try await EventLoopCallTests.exchange(send, 1, port: fast.server.port)
                    _ = try await EventLoopCallTests.exchange(send, 1, port: routed.server.port)
                }
                #expect(fast.core.systemRequestsAnsweredOnEventLoop == 3)
            }
        }
        func accessLines(_ log: CapturedLog) -> [String] {
            log.all.filter { $0.contains(" /srv/auth/v1/") }
                .map { $0.replacing(#/hb\.request\.id=[0-9a-f]+/#, with: "hb.request.id=-").replacing(#/ms=\d+\.\d/#, with: "ms=-") }
        }
        #expect(accessLines(fastLog).count == 3)
        #expect(accessLines(fastLog) == accessLines(routedLog))
    }

    /// The targets answered on the event loop: the routes' paths as registered, one `users/` segment,
    /// any query; anything else is the router's.
    @Test func theTargetsTakenAreThoseTheRouterMatchesPlainly() {
        let p = Self.p
        let taken: [(String, String)] = [("GET", "\(p)/users"), ("GET", "\(p)/users?username=a%40b"), ("GET", "\(p)/users/u-1"),
                                         ("GET", "\(p)/users/u-1?x"), ("POST", "\(p)/user/preauth"), ("POST", "\(p)/user/preauth?x=1"),
                                         ("POST", "\(p)/user/enroll_status"), ("POST", "\(p)/user/auth/status")]
        let left: [(String, String)] = [("GET", "\(p)/users/"), ("GET", "\(p)/users/a/b"), ("GET", "\(p)/users#x"), ("GET", "http://h\(p)/users"),
                                        ("GET", "\(p)//users"), ("HEAD", "\(p)/users"), ("GET", "\(p)/user/preauth"), ("POST", "\(p)/users"),
                                        ("POST", "\(p)/user/enroll"), ("POST", "\(p)/user/auth"), ("POST", "\(p)/user/unenroll"),
                                        ("GET", "\(p)/activation/x/qrcode.png"), ("GET", "\(p)/USERS"), ("POST", "\(p)/user/preauth/")]
        func takes(_ method: String, _ target: String) -> Bool { AuthAPIRoutes.read(HTTPRequest.Method(method)!, target: target) != nil }
        for (method, target) in taken {
            #expect(takes(method, target), "\(method) \(target)")
        }
        for (method, target) in left {
            #expect(!takes(method, target), "\(method) \(target)")
        }
        #expect(AuthAPIRoutes.read(.get, target: "\(p)/users/u%2F1?x=/") == .userInfo("u%2F1"))
    }
}
