import Foundation
import Futurae
import FuturaeServer
import SimClient
import SimKernel
import SimServer
import SimWorld

/// Futurae's Auth API on a team server on loopback (FA2: every request signed, HMAC-SHA256 checked):
/// signed reads beside plain `/v1/call` reads of the same run, through the same HTTP client, so the
/// ratio is what the signature check and the API's own work cost. Bounded: `count` requests per
/// case, `concurrency` at a time.
func benchmarkAuthAPI(count: Int = 4000, concurrency: Int = 8) async throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-bench-authapi-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let core = try ServerCore(databasePath: folder.appendingPathComponent("world.db").path, seed: .named("futurae-enrolled"), honoursLatency: false)
    let admin = TeamServer.generateAdminToken()
    var options = TeamServer.Options(port: 0, adminToken: admin)
    // One client address opens the connections the client's pool asks for (16 per server): no per-address rate here.
    options.connections.ratePerAddress = 0
    options.systemRoutes = [FuturaeAuthAPI()]
    let server = try await TeamServer.start(core: core, options: options)
    defer { Task { await server.stop() } }
    let base = "http://127.0.0.1:\(server.port)"
    let service = try require(core.world.futurae.service, "the Futurae service")
    let key = try require(service.authApiKey, "the Auth API key")

    // A bearer for the world's default session (alice's phone), for the plain calls.
    let attach = try await HTTPTransport.shared.send("POST", URL(string: base + "/v1/sessions")!,
                                                     headers: [("Authorization", "Bearer \(admin)"), ("Content-Type", "application/json")],
                                                     body: Data(#"{"attach": "default"}"#.utf8), timeout: .seconds(30))
    let bearer = try require(try JSONText.parse(attach.text)["session"]?.stringValue, "a session token")

    let plain = RequestCase(name: "/v1/call futurae.accounts (bearer)") {
        (URL(string: base + "/v1/call")!, "POST", [("Authorization", "Bearer \(bearer)"), ("Content-Type", "application/json")],
         Data(#"{"type": "call", "name": "futurae.accounts", "params": {}}"#.utf8))
    }
    func signed(_ method: String, _ target: String, _ body: String?) -> RequestCase {
        RequestCase(name: "Auth API \(method) \(target.split(separator: "?")[0].replacingOccurrences(of: "/srv/auth/v1", with: "")) (signed)") {
            let date = RFC2822Date.format(Date())
            let signature = AuthAPISignature.sign(key: key, date: date, method: method, host: "127.0.0.1", target: target, body: Array((body ?? "").utf8))
            var headers = [("FT-Date", date), ("Authorization", AuthAPISignature.authorization(serviceId: service.serviceId, signature: signature))]
            if body != nil { headers.append(("Content-Type", "application/json")) }
            return (URL(string: base + target)!, method, headers, body.map { Data($0.utf8) })
        }
    }
    let cases = [plain, signed("GET", "/srv/auth/v1/users?username=alice%40example.com", nil),
                 signed("POST", "/srv/auth/v1/user/preauth", #"{"username": "alice@example.com"}"#)]
    var lines = ["", "Auth API on loopback: \(count) requests a case, \(concurrency) at a time (requests/s, latency percentiles)"]
    for c in cases { _ = try await c.run(count: 200, concurrency: concurrency) }  // warm-up
    for c in cases { lines.append(try await c.run(count: count, concurrency: concurrency).line(c.name)) }
    return lines
}

struct RequestCase: Sendable {
    let name: String
    let make: @Sendable () -> (URL, String, [(String, String)], Data?)

    struct Result {
        var seconds: Double
        var millis: [Double]
        func line(_ name: String) -> String {
            let p = { (q: Double) in millis[min(millis.count - 1, Int(Double(millis.count) * q))] }
            return "  " + name.padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(format: " %7.0f req/s   p50 %.2f ms   p99 %.2f ms", Double(millis.count) / seconds, p(0.5), p(0.99))
        }
    }

    func run(count: Int, concurrency: Int) async throws -> Result {
        let start = ContinuousClock.now
        var millis = try await withThrowingTaskGroup(of: [Double].self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var mine: [Double] = []
                    for _ in stride(from: worker, to: count, by: concurrency) {
                        let (url, method, headers, body) = make()
                        let t0 = ContinuousClock.now
                        let answer = try await HTTPTransport.shared.send(method, url, headers: headers, body: body, timeout: .seconds(30))
                        guard answer.status == 200 else { throw BenchFailure("\(name): \(answer.status) \(answer.text)") }
                        mine.append((ContinuousClock.now - t0) / .milliseconds(1))
                    }
                    return mine
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        millis.sort()
        return Result(seconds: seconds, millis: millis)
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// `#require` outside the test library: the value, or a failure naming what was missing.
func require<T>(_ value: T?, _ what: String = "a value") throws -> T {
    guard let value else { throw BenchFailure("missing \(what)") }
    return value
}
