import Foundation
import PIMS
import SimClient
import SimKernel
import SimServer
import SimWorld

/// From a call to the event its subscriber sees: in process, and over HTTP on loopback through a team
/// server (SQLite, each event published once its commit is durable). One SMS per call; the clock
/// moves between calls (not timed) so that the send limit never answers instead.
func benchmarkEvents(count: Int = 1000) async throws -> [String] {
    var lines = ["", "events: call → event seen by the subscriber, \(count) events, one at a time"]

    let local = try InProcessBackend(scenario: "phone-registered", honoursLatency: false)
    lines.append(try await EventLatency.measure("in process (AsyncStream)", backend: local, count: count).line)

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-bench-events-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let core = try ServerCore(databasePath: folder.appendingPathComponent("world.db").path, seed: .named("phone-registered"),
                              honoursLatency: false)
    let admin = TeamServer.generateAdminToken()
    let server = try await TeamServer.start(core: core, options: .init(port: 0, adminToken: admin))
    let remote = try RemoteBackend(url: "http://127.0.0.1:\(server.port)", adminToken: admin)
    let http = try await EventLatency.measure("HTTP (server-sent events, durable)", backend: remote, count: count)
    lines.append(http.line)
    await server.stop()
    return lines
}

struct EventLatency {
    var name: String
    var millis: [Double]

    func percentile(_ p: Double) -> Double { millis[min(millis.count - 1, Int(Double(millis.count) * p))] }

    var line: String {
        let cells = [("median", 0.5), ("p90", 0.9), ("p99", 0.99)].map { String(format: "%@ %.2f ms", $0.0, percentile($0.1)) }
        return "  \(name.padding(toLength: 40, withPad: " ", startingAt: 0)) " + cells.joined(separator: "  ")
            + String(format: "  max %.2f ms", millis.last ?? 0)
    }

    static func measure(_ name: String, backend: any SimBackend, count: Int) async throws -> EventLatency {
        let sms = CallRequest(.get, "pims.authentication.smscode", ["type": "enrollment"])
        var events = backend.events(session: "default").makeAsyncIterator()
        // Connected first: over HTTP the stream opens in the background.
        let probe = Task {
            while !Task.isCancelled {
                _ = await backend.control(.clearFaults)
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        while let e = await events.next(), e.kind != .faultsChanged {}
        probe.cancel()
        await probe.value
        var millis: [Double] = []
        for _ in 0..<count {
            _ = await backend.control(.advance(seconds: 121))
            let start = ContinuousClock.now
            let answer = await backend.send(sms, session: "default")
            guard answer.status == .succeeded else { throw BenchError("the SMS call failed: \(JSONText.encode(answer.json))") }
            while let e = await events.next() {
                if e.kind == .smsDelivered { break }
            }
            millis.append((ContinuousClock.now - start) / .milliseconds(1))
        }
        millis.sort()
        return EventLatency(name: name, millis: millis)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
