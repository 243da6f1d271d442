import Foundation
import PIMS
import SimClient
import SimKernel
import SimServer
import SimWorld

/// A remote command from the call to its 200 signal (docs/pims-rules.md R31, R44), the clock
/// advanced by a control within the timing: in process, and over HTTP on loopback through a team
/// server (each step's signal published once its commit is durable). The doors are locked and
/// unlocked in turn on `remote-ready`.
func benchmarkRemote(count: Int = 1000) async throws -> [String] {
    var lines = ["", "remote: doors command → its 200 signal seen by the subscriber, \(count) commands, one at a time"]
    let local = try InProcessBackend(scenario: "remote-ready", honoursLatency: false)
    lines.append(try await RemoteLatency.measure("in process (AsyncStream)", backend: local, count: count).line)

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-bench-remote-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let core = try ServerCore(databasePath: folder.appendingPathComponent("world.db").path, seed: .named("remote-ready"), honoursLatency: false)
    let admin = TeamServer.generateAdminToken()
    let server = try await TeamServer.start(core: core, options: .init(port: 0, adminToken: admin))
    let remote = try RemoteBackend(url: "http://127.0.0.1:\(server.port)", adminToken: admin)
    lines.append(try await RemoteLatency.measure("HTTP (server-sent events, durable)", backend: remote, count: count).line)
    await server.stop()
    return lines
}

enum RemoteLatency {
    static func measure(_ name: String, backend: any SimBackend, count: Int) async throws -> EventLatency {
        var events = await EventLatency.connected(backend)
        for request in [CallRequest(.set, "pims.vehicle.vin", ["actionType": "remote", "vin": "VR1AB12C3D4567890"]),
                        CallRequest(.subscribe, "pims.vehicle.signal")] {
            let answer = await backend.send(request, session: "default")
            guard answer.status == .succeeded else { throw BenchError("setting up: \(JSONText.encode(answer.json))") }
        }
        var millis: [Double] = []
        for i in 0..<count {
            // Untimed: a strong-authentication window for the command (R28).
            _ = await backend.send(CallRequest(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": "1234"]), session: "default")
            let start = ContinuousClock.now
            let command = await backend.send(CallRequest(.set, "pims.vehicle.command", ["action": "doors", "doorState": i % 2 == 0 ? "unlock" : "lock"]),
                                             session: "default")
            guard command.status == .succeeded else { throw BenchError("command \(i): \(JSONText.encode(command.json))") }
            guard await backend.control(.advance(seconds: 7)).ok else { throw BenchError("advance failed") }
            while let e = await events.next() {
                if e.kind == .signal, e.data["result"]?["code"]?.intValue == 200 { break }
            }
            millis.append((ContinuousClock.now - start) / .milliseconds(1))
        }
        millis.sort()
        return EventLatency(name: name, millis: millis)
    }
}
