import PIMS
import Testing

/// The rules no call answers with, so `coverage` cannot count them (they play on the simulated
/// clock, in every payload, in faults, controls and scenarios): R31, R37, R38, R42–R48, each by a
/// case the other suites leave out, on both backends.
@Suite("R31, R37, R38, R42–R48 on the clock, in controls and scenarios")
struct R31toR48RemoteClockTests {
    @Test("R43: a signal is a RESULT of the subscription, naming the command; 902 carries error {code, label, detail}",
          arguments: BackendKind.available)
    func r43TheSignalsShape(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            expectSuccess(await d.selectRemote())
            let subscription = await d.subscribeSignal()
            expectSuccess(subscription)
            expectSuccess(await d.otpWithPin("1234"))
            _ = try await d.events()
            let call = await d.command("doors", ["doorState": "lock"])  // already Locked: 902 2361 (R32)
            expectSuccess(call)
            try await d.advance(7)
            let signals = try await d.events().filter { $0["kind"]?.stringValue == "signal" }
            #expect(signals.count == 3)
            for event in signals {
                let data = try #require(event["data"])
                #expect(data["transactionId"]?.stringValue == subscription.transactionId, "the subscription's, not the call's")
                #expect(data["status"] == "RESULT")
                #expect(data["result"]?["command"] == ["transactionId": .string(call.transactionId), "action": "doors"])
                #expect(data["result"]?["vehicle"]?["resources"] != nil, "the vehicle after the step, in the session's variant (R42)")
            }
            #expect(signals.map { $0["data"]?["error"] == nil } == [true, true, false])
            let error = try #require(signals.last?["data"]?["error"])
            #expect(error["code"] == 2361)
            #expect(error["label"]?.stringValue?.isEmpty == false)
        }
    }

    @Test("R38: a discrete change by the vehicle itself is a signal 200 with command null; the level's drift while charging is none",
          arguments: BackendKind.available)
    func r38AChangeOfItsOwnIsASignal(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            try await d.readyForCommands()
            #expect(try await d.vehicle(["lock": "Unlocked"]).ok)
            let events = try await d.events()
            #expect(Driver.signals(events).map(\.code) == [200])
            let signal = events.last { $0["kind"]?.stringValue == "signal" }
            #expect(signal?["data"]?["result"]?["command"] == .null)
            #expect(signal?["data"]?["result"]?["vehicle"]?["resources"]?["status"]?["doorStateInformation"]?["state"] == ["Unlocked"])
            expectSuccess(await d.command("charge", ["startNow": true]))
            try await d.advance(12)
            _ = try await d.events()
            try await d.advance(600)  // 10 minutes of charging: the level drifts, no signal
            #expect(Driver.signals(try await d.events()).isEmpty)
        }
    }

    @Test("R37: a charge's end is reported even asleep; charge events reach only the types subscribed", arguments: BackendKind.available)
    func r37TheEndOfACharge(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            try await d.readyForCommands()
            expectSuccess(await d.call(.subscribe, "pims.vehicle.event", ["actionType": "remote", "type": ["remoteChargeInterrupted"]]))
            expectSuccess(await d.command("charge", ["startNow": true]))
            try await d.advance(12)
            #expect(try await d.vehicle(["asleep": true]).ok)
            try await d.advance(4 * 3600)  // 62 % + 38 % at 10 %/h: done within 3 h 48 min
            let info = chargingInfo(expectSuccess(await d.informations()))
            #expect(info?["chargingState"]?.stringValue == "finished", "the copy learns the end while asleep")
            #expect(try await d.events().contains { $0["kind"]?.stringValue == "vehicleEvent" } == false,
                    "remoteChargeFinished was not subscribed")
        }
    }

    @Test("R31: removing the vehicle (R18) drops its commands silently", arguments: BackendKind.available)
    func r31RemovalDropsCommands(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            try await d.readyForCommands()
            expectSuccess(await d.command("horn"))
            _ = try await d.events()
            expectSuccess(await d.removeProperty())
            try await d.advance(60)
            #expect(Driver.signals(try await d.events()).isEmpty)
        }
    }

    @Test("R47: a remote block is strict (INPROGRESS needs plugged, fuel has no charging); without one the default car",
          arguments: BackendKind.available)
    func r47StrictRemoteBlocks(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            let base = try #require(try await d.control(["sim": "export"])["scenario"]?.stringValue)
            let unplugged = base.replacingOccurrences(of: "state: STOPPED", with: "state: INPROGRESS")
                .replacingOccurrences(of: "plugged: true", with: "plugged: false")
            #expect(unplugged != base)
            #expect(try await d.control(["sim": "load", "yaml": .string(unplugged)]).ok == false)
            let fuel = base.replacingOccurrences(of: "type: electric", with: "type: fuel")
            #expect(fuel != base)
            #expect(try await d.control(["sim": "load", "yaml": .string(fuel)]).ok == false)
            #expect(try await d.control(["sim": "load", "scenario": "enrolled"]).ok)
            let car = try await d.vehicle([:])
            #expect(car["remote"]?["type"] == "electric" && car["remote"]?["rangeKm"] == 340 && car["battery"]?.doubleNumber == 80)
            #expect(car["remote"]?["charging"]?["plugged"] == false && car["remote"]?["doors"]?["lock"] == "Locked")
        }
    }

    @Test("R48: remote-garage — the fuel car refuses a charge (2366), fails a lock with its trunk open (902 2362); offline → 903",
          arguments: BackendKind.available)
    func r48TheGarage(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-garage") { d in
            try await d.readyForCommands(Driver.fuel)
            expectError(await d.command("charge", ["startNow": true]), 2366)
            expectSuccess(await d.command("doors", ["doorState": "lock"]))
            try await d.advance(7)
            #expect(Driver.signals(try await d.events()).map(\.code) == [900, 901, 902])
            #expect(try await d.vehicle(["online": false], vin: Driver.vin).ok)
            expectSuccess(await d.selectRemote(Driver.vin))
            _ = try await d.events()
            expectSuccess(await d.command("horn"))
            try await d.advance(60)
            let events = try await d.events()
            #expect(Driver.signals(events).map(\.code) == [900, 903])
            #expect(Driver.lastSignalError(events)?["code"] == 2201)
        }
    }
}
