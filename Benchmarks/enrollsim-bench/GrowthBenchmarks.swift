import Foundation
import PIMS
import SimClient
import SimKernel
import SimServer
import SimWorld

/// Whether an operation's cost grows with the history the world keeps: 4,000 of it in a row, each
/// timed, on the in-process backend and on a team server (HTTP on loopback, SQLite, durable), and
/// the median of the last quarter (the fourth thousand) as a ratio to the first. Three operations: a card purchase and
/// its push, a Futurae activation (created, then enrolled on a phone of its own), and a push login
/// answered (`futurae.auth`, then `futurae.approveAuth`).
func benchmarkGrowth(count: Int = 4_000) async throws -> [String] {
    var lines = ["", "growth: \(count) operations in a row, p50 of the first and of the last \(count / 4) (ratio: last / first)"]
    for operation in GrowthOperation.all {
        let local = try InProcessBackend(scenario: operation.scenario, honoursLatency: false)
        lines.append(try await GrowthFigures.measure("\(operation.name), in process", local, operation, count: count).line)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-bench-growth-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, remote) = try await startTeamServer(operation.scenario, in: folder)
        lines.append(try await GrowthFigures.measure("\(operation.name), team server", remote, operation, count: count).line)
        await server.stop()
        // Another build's `enrollsim serve` beside it, in the same run (GROWTH_PEER=/path/to/enrollsim).
        if let peer = ProcessInfo.processInfo.environment["GROWTH_PEER"] {
            let served = try await PeerServer.start(peer, scenario: operation.scenario, database: folder.appendingPathComponent("peer.db").path)
            defer { served.stop() }
            lines.append(try await GrowthFigures.measure("\(operation.name), GROWTH_PEER", served.backend, operation, count: count).line)
        }
    }
    return lines
}

/// An `enrollsim serve` child on loopback (port 18311), over a database of its own.
struct PeerServer {
    let process: Process
    let backend: RemoteBackend

    static func start(_ binary: String, scenario: String, database: String) async throws -> PeerServer {
        let admin = TeamServer.generateAdminToken()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--port", "18311", "--db", database, "--scenario", scenario, "--log-level", "error"]
        process.environment = ProcessInfo.processInfo.environment.merging(["ENROLLSIM_ADMIN_TOKEN": admin]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let backend = try RemoteBackend(url: "http://127.0.0.1:18311", adminToken: admin)
        for _ in 0..<300 {
            if await backend.control(.faults).ok { return PeerServer(process: process, backend: backend) }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.terminate()
        throw BenchError("\(binary) serve did not answer")
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// One operation: its untimed preparation (returns what the timed part needs), and the timed part
/// (nil when it worked, else why not).
struct GrowthOperation: Sendable {
    var name: String
    var scenario: String
    var setUp: @Sendable (any SimBackend) async -> Void = { _ in }
    var prepare: @Sendable (any SimBackend, Int) async -> Void = { _, _ in }
    var run: @Sendable (any SimBackend, Int) async -> String?

    static let all = [purchase, activation, pushAnswer]

    /// A purchase with alice's active card: a transaction, and a push to her phone.
    static let purchase = GrowthOperation(name: "card purchase", scenario: "card-replacement", run: { backend, _ in
        let answer = await backend.control(SimControl("casa.purchase", ["card": "4242", "merchant": "Demo Shop", "amount": 4999, "currency": "EUR"]))
        return answer.ok ? nil : "the purchase failed: \(answer.error ?? "")"
    })

    /// A new user's activation, enrolled on a new phone (the phone's session opened beforehand).
    static let activation = GrowthOperation(
        name: "Futurae activation", scenario: "futurae-enrolled",
        prepare: { backend, i in
            _ = await backend.control(SimControl("session", ["session": .string("phone-\(i)"), "device": .string("phone-\(i)"), "lockType": "none"]))
            _ = await backend.send(CallRequest(.call, "futurae.accounts", [:]), session: "phone-\(i)")  // attaches a remote client
        },
        run: { backend, i in
            let created = await backend.control(SimControl("futurae.activation", ["user": .string("user-\(i)@example.com"), "shortCode": false,
                                                                                  "binding": false, "createUser": true]))
            guard created.ok, let code = created["activation"]?["qrCode"]?.stringValue else {
                return "the activation failed: \(created.error ?? "")"
            }
            let enrolled = await backend.send(CallRequest(.call, "futurae.enroll", ["activationCode": .string(code)]), session: "phone-\(i)")
            return enrolled.status == .succeeded ? nil : "the enroll failed: \(JSONText.encode(enrolled.json))"
        })

    /// A login pushed to alice's phone and approved on it (the SDK unlocked once, the clock still).
    static let pushAnswer = GrowthOperation(
        name: "Futurae push answer", scenario: "futurae-enrolled",
        setUp: { backend in
            _ = await backend.send(CallRequest(.call, "futurae.unlock", ["method": "sdkPin", "sdkPin": "1234"]), session: "default")
        },
        run: { backend, _ in
            let pushed = await backend.control(SimControl("futurae.auth", ["user": "alice@example.com"]))
            guard pushed.ok, let id = pushed["authSession"]?["sessionId"]?.stringValue else { return "the push failed: \(pushed.error ?? "")" }
            let approved = await backend.send(CallRequest(.call, "futurae.approveAuth", ["sessionId": .string(id)]), session: "default")
            return approved.status == .succeeded ? nil : "the approval failed: \(JSONText.encode(approved.json))"
        })
}

struct GrowthFigures {
    var name: String
    var first: Double
    var last: Double

    var line: String {
        "  \(name.padding(toLength: 40, withPad: " ", startingAt: 0)) "
            + String(format: "first p50 %.3f ms  last p50 %.3f ms  ratio %.2f×", first, last, last / first)
    }

    static func measure(_ name: String, _ backend: any SimBackend, _ operation: GrowthOperation, count: Int) async throws -> GrowthFigures {
        await operation.setUp(backend)
        var millis: [Double] = []
        millis.reserveCapacity(count)
        for i in 0..<count {
            await operation.prepare(backend, i)
            let start = ContinuousClock.now
            if let failure = await operation.run(backend, i) { throw BenchError("\(name), operation \(i): \(failure)") }
            millis.append((ContinuousClock.now - start) / .milliseconds(1))
        }
        let quarter = max(1, count / 4)
        return GrowthFigures(name: name, first: median(millis.prefix(quarter)), last: median(millis.suffix(quarter)))
    }

    static func median(_ values: some Collection<Double>) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
