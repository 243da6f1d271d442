import Foundation
import PIMS
import SimClient
import SimKernel
import SimServer
import SimWorld
import Testing

/// The clock's queue across a restart (issue 39): it is not stored, but built again from the
/// vehicles the restarted server read back, so every timer set before the restart plays after it,
/// at its time and in its order, exactly as in a world that never stopped (R31, R36, R37).
@Suite struct ClockQueueRestartTests {
    /// Alice's e-208 (remote-ready: plugged, 62 %): a deferred hour at 10:00, a preconditioning run
    /// (ends 30 minutes after it starts), and a horn in flight when the server stops.
    static func setUp(_ backend: any SimBackend) async throws {
        func call(_ type: CallType, _ name: String, _ params: [String: JSONValue] = [:]) async throws {
            let answer = await backend.send(CallRequest(type, name, params), session: "default")
            #expect(answer.status == .succeeded, "\(name): \(JSONText.encode(answer.json))")
        }
        try await call(.set, "pims.vehicle.vin", ["actionType": "remote", "vin": "VR1AB12C3D4567890"])
        try await call(.subscribe, "pims.vehicle.signal")
        try await call(.subscribe, "pims.vehicle.event", ["actionType": "remote", "type": ["remoteChargeFinished", "remoteChargeInterrupted"]])
        try await call(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": "1234"])
        try await call(.set, "pims.vehicle.command", ["action": "chargeDeferredTime", "startNow": false, "deferredTime": "PT10H0M", "checkStartCharge": true])
        #expect(await backend.control(.advance(seconds: 20)).ok)
        try await call(.set, "pims.vehicle.command", ["action": "preconditioning", "startNow": true])
        #expect(await backend.control(.advance(seconds: 20)).ok)
        try await call(.set, "pims.vehicle.command", ["action": "horn"])
    }

    /// What plays in the next five hours: the horn's 901 and 200, the preconditioning's end, the
    /// deferred charge's start at 10:00 and its end (62 % + 38 % at 10 %/h), as (kind, code, at).
    static func play(_ backend: any SimBackend) async throws -> [String] {
        _ = await backend.control(SimControl("events", ["session": "default"]))
        #expect(await backend.control(.advance(seconds: 5 * 3600)).ok)
        let read = await backend.control(SimControl("events", ["session": "default"]))
        return (read["events"]?.arrayValue ?? []).compactMap { event in
            guard let kind = event["kind"]?.stringValue, kind == "signal" || kind == "vehicleEvent" else { return nil }
            let code = event["data"]?["result"]?["code"]?.intValue.map(String.init) ?? event["data"]?["result"]?["notification"]?.stringValue ?? "?"
            return "\(kind) \(code) \(event["at"]?.stringValue ?? "?")"
        }
    }

    @Test("timers set before a restart play after it as in a world that never stopped")
    func timersSurviveARestart() async throws {
        let local = try InProcessBackend(scenario: "remote-ready", honoursLatency: false)
        try await Self.setUp(local)
        let expected = try await Self.play(local)
        #expect(expected.count >= 5, "\(expected)")
        #expect(expected.contains("vehicleEvent remoteChargeFinished 2026-01-05T13:48:00Z"), "\(expected)")

        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        try await withServer("remote-ready", databasePath: path) { server in
            try await Self.setUp(try server.client())
        }
        let played = try await withServer("remote-ready", databasePath: path) { server in
            #expect(server.core.world.accounts[0].vehicles[0].remote.inFlight.count == 1, "the horn was read back in flight")
            return try await Self.play(try server.client())
        }
        #expect(played == expected)
    }
}
