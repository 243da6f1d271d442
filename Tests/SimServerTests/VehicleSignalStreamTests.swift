import Foundation
import PIMS
@testable import SimClient
import SimServer
import SimTestSupport
import Testing

/// R44 over HTTP: a session subscribed to `pims.vehicle.signal` hears each step of a command once,
/// in order, through `GET /v1/events`, and across a restart of the server in the middle of it.
@Suite struct VehicleSignalStreamTests {
    static func code(_ event: SimEvent) -> Int? { event.data["result"]?["code"]?.intValue }

    @Test func eachStepOnceInOrderAcrossARestart() async throws {
        let first = try await TestServer.startOnOwnAddress(scenario: "remote-ready")
        let phone = try RemoteBackend(url: first.url, adminToken: first.admin, timeout: .seconds(120), eventBackoff: .init(first: .seconds(2), last: .seconds(2)))
        let shop = try first.client()
        let events = EventReader(phone.events(session: "default"))
        try await events.waitUntilLive(shop)

        func call(_ type: CallType, _ name: String, _ params: [String: JSONValue] = [:]) async -> CallResponse {
            await phone.send(CallRequest(type, name, params), session: "default")
        }
        #expect(await call(.set, "pims.vehicle.vin", ["actionType": "remote", "vin": "VR1AB12C3D4567890"]).status == .succeeded)
        #expect(await call(.subscribe, "pims.vehicle.signal").status == .succeeded)
        #expect(await call(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": "1234"]).status == .succeeded)
        let command = await call(.set, "pims.vehicle.command", ["action": "doors", "doorState": "unlock"])
        #expect(command.status == .succeeded, "\(command.json)")

        let pending = try await events.next(of: .signal)
        #expect(Self.code(pending) == 900)
        #expect(try await shop.control(.advance(seconds: 2)).ok)
        let sent = try await events.next(of: .signal)
        #expect(Self.code(sent) == 901 && sent.id > pending.id)

        await first.stop()
        let second = try await first.restarted(scenario: "remote-ready")
        #expect(try await shop.control(.advance(seconds: 5)).ok)  // the command in flight survived, so did the subscription
        let done = try await events.next(of: .signal)
        #expect(Self.code(done) == 200 && done.id > sent.id)
        #expect(done.data["result"]?["command"]?["transactionId"]?.stringValue == command.transactionId)
        #expect(done.at == SimTime(iso8601: "2026-01-05T09:00:07Z"))
        _ = try await shop.control(.clearFaults)
        let after = try await events.upTo(.faultsChanged)
        #expect(!after.contains { $0.kind == .signal }, "each step once: \(after)")
        await second.stop()
    }
}
