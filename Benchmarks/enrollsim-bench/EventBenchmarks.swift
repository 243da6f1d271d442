import Foundation
import PIMS
import SimClient
import SimKernel
import SimServer
import SimWorld

/// From a call to the event its subscriber sees: in process, and over HTTP on loopback through a team
/// server (SQLite, each event published once its commit is durable). Two kinds: an SMS (PIMS: one per
/// call; the clock moves between calls, not timed, so that the send limit never answers instead), and
/// a push (CA Strong Authentication: a purchase made with `casa.purchase`, seen by the phone's session).
func benchmarkEvents(count: Int = 1000) async throws -> [String] {
    var lines: [String] = []
    for trigger in [EventTrigger.sms, .push] {
        lines += ["", "events: \(trigger.name) → event seen by the subscriber, \(count) events, one at a time"]
        let local = try InProcessBackend(scenario: trigger.scenario, honoursLatency: false)
        lines.append(try await EventLatency.measure("in process (AsyncStream)", backend: local, trigger: trigger, count: count).line)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-bench-events-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, remote) = try await startTeamServer(trigger.scenario, in: folder)
        lines.append(try await EventLatency.measure("HTTP (server-sent events, durable)", backend: remote, trigger: trigger, count: count).line)
        await server.stop()
    }
    return lines
}

/// A team server in this process, on loopback, over a new database in `folder` seeded with `scenario`.
func startTeamServer(_ scenario: String, in folder: URL) async throws -> (server: RunningServer, backend: RemoteBackend) {
    let core = try ServerCore(databasePath: folder.appendingPathComponent("world.db").path, seed: .named(scenario), honoursLatency: false)
    let admin = TeamServer.generateAdminToken()
    let server = try await TeamServer.start(core: core, options: .init(port: 0, adminToken: admin))
    return (server, try RemoteBackend(url: "http://127.0.0.1:\(server.port)", adminToken: admin))
}

/// What makes the event, on which scenario, and what is untimed between two.
struct EventTrigger: Sendable {
    var name: String
    var scenario: String
    var kind: SimEvent.Kind
    /// Untimed preparation before each event.
    var prepare: @Sendable (any SimBackend) async -> Void
    /// The timed action; nil when it worked, else why not.
    var fire: @Sendable (any SimBackend) async -> String?

    static let sms = EventTrigger(name: "SMS call", scenario: "phone-registered", kind: .smsDelivered,
                                  prepare: { _ = await $0.control(.advance(seconds: 121)) },
                                  fire: { backend in
                                      let answer = await backend.send(CallRequest(.get, "pims.authentication.smscode", ["type": "enrollment"]), session: "default")
                                      return answer.status == .succeeded ? nil : "the SMS call failed: \(JSONText.encode(answer.json))"
                                  })
    /// A purchase with alice's active card: a push to her phone (the default session).
    static let push = EventTrigger(name: "casa.purchase", scenario: "card-replacement", kind: .push,
                                   prepare: { _ in },
                                   fire: { backend in
                                       let answer = await backend.control(SimControl("casa.purchase", ["card": "4242", "merchant": "Demo Shop",
                                                                                                      "amount": 4999, "currency": "EUR"]))
                                       return answer.ok ? nil : "the purchase failed: \(answer.error ?? "")"
                                   })
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

    /// The default session's events, connected: over HTTP the stream opens in the background, so
    /// a control is sent until its event is seen.
    static func connected(_ backend: any SimBackend) async -> AsyncStream<SimEvent>.Iterator {
        var events = backend.events(session: "default").makeAsyncIterator()
        let probe = Task {
            while !Task.isCancelled {
                _ = await backend.control(.clearFaults)
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        while let e = await events.next(), e.kind != .faultsChanged {}
        probe.cancel()
        await probe.value
        return events
    }

    static func measure(_ name: String, backend: any SimBackend, trigger: EventTrigger, count: Int) async throws -> EventLatency {
        var events = await connected(backend)
        var millis: [Double] = []
        for _ in 0..<count {
            await trigger.prepare(backend)
            let start = ContinuousClock.now
            if let failure = await trigger.fire(backend) { throw BenchError(failure) }
            while let e = await events.next() {
                if e.kind == trigger.kind { break }
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
