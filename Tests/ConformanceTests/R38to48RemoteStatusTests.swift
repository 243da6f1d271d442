import PIMS
import Testing

@Suite("R38–R44 Vehicle status, the phone cache, signals as events")
struct R38toR44RemoteStatusTests {
    @Test(arguments: BackendKind.available)
    func r42PayloadKeyForKeyInBothVariants(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-garage") { d in
            expectSuccess(await d.selectRemote(Driver.hybrid))
            let tutorial = expectSuccess(await d.informations())
            let status = try #require(tutorial["resources"]?["status"]?.objectValue)
            #expect(Set(status.keys) == ["lastUpdate", "fuelInformation", "doorStateInformation", "precondInformation", "electricInformation",
                                         "vehicleType", "vin"])
            #expect(status["vehicleType"]?.stringValue == "hybrid")
            #expect(status["lastUpdate"]?.stringValue == "2026-01-05T08:00:00Z")  // the copy, an hour old
            #expect(tutorial["attributes"] == ["engine": "PHEV", "vin": .string(Driver.hybrid), "brand": "peugeot"])
            let info = try #require(status["electricInformation"]?["chargingInformation"]?.objectValue)
            #expect(Set(info.keys) == ["chargingMode", "chargingRate", "isPlugged", "nextDeferredChargingDate", "chargingState", "remainingTime"])
            #expect(info["chargingMode"]?.stringValue == "slow")
            #expect(status["doorStateInformation"]?["isTrunkOpened"] == false)
            #expect(status["precondInformation"]?["status"]?.stringValue == "disabled")

            try await d.newSession("ref", device: "alice-iphone", variant: "reference")
            expectSuccess(await d.selectRemote(Driver.hybrid, session: "ref"))
            let reference = expectSuccess(await d.informations(session: "ref"))
            let refStatus = try #require(reference["vehicle"]?["ressources"]?["status"])
            #expect(refStatus["electricInformation"]?["ChargingInfo"]?["chargingState"]?.stringValue == "INPROGRESS")
            #expect(refStatus["electricInformation"]?["ChargingInfo"]?["chargingMode"]?.stringValue == "SLOW")
            #expect(refStatus["doorStateInformation"]?["isTrunkDoorOpened"] == false)
            #expect(refStatus["precondInformation"]?["PrecondScheduling"] == [])
            #expect(refStatus["precondInformation"]?["status"]?.stringValue == "Disabled")

            expectSuccess(await d.selectRemote(Driver.fuel))
            let fuel = expectSuccess(await d.informations())["resources"]?["status"]
            #expect(fuel?["electricInformation"] == .null)
            #expect(fuel?["precondInformation"] == .null)
            #expect(fuel?["fuelInformation"]?["chargingLevel"]?.doubleNumber == 48)
            #expect(fuel?["doorStateInformation"]?["isTrunkOpened"] == true)
            expectSuccess(await d.selectRemote(Driver.vin))
            #expect(expectSuccess(await d.informations())["resources"]?["status"]?["fuelInformation"] == .null)
        }
    }

    @Test(arguments: BackendKind.available)
    func r38AFrozenCopyLearnsOnlyThePlug(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            expectSuccess(await d.selectRemote())
            #expect(try await d.vehicle(["asleep": true]).ok)
            #expect(try await d.vehicle(["plugged": false, "lock": "Unlocked"]).ok)
            try await d.advance(60)
            let status = expectSuccess(await d.informations())["resources"]?["status"]
            #expect(status?["lastUpdate"]?.stringValue == "2026-01-05T09:00:00Z")
            #expect(status?["doorStateInformation"]?["state"] == ["Locked"])  // frozen
            #expect(chargingInfo(expectSuccess(await d.informations()))?["isPlugged"] == false)  // the plug alone
            #expect(chargingInfo(expectSuccess(await d.informations()))?["chargingState"]?.stringValue == "stopped")
            #expect(try await d.vehicle(["asleep": false]).ok)  // a wake-up refreshes it all
            let woken = expectSuccess(await d.informations())["resources"]?["status"]
            #expect(woken?["doorStateInformation"]?["state"] == ["Unlocked"])
            #expect(woken?["lastUpdate"]?.stringValue == "2026-01-05T09:01:00Z")
        }
    }

    @Test(arguments: BackendKind.available)
    func r39ThePhoneCacheAnswersATransportFault(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            expectSuccess(await d.selectRemote())
            let fault = try await d.control(["sim": "fault", "name": "pims.vehicle.informations", "sub": "get", "code": 2202])
            #expect(fault.ok)
            expectError(await d.informations(), 2202)  // nothing cached yet
            let fresh = expectSuccess(await d.informations())
            #expect(try await d.control(["sim": "fault", "name": "pims.vehicle.informations", "sub": "get", "code": 2201]).ok)
            #expect(try await d.vehicle(["lock": "Unlocked"]).ok)
            #expect(expectSuccess(await d.informations()) == fresh)  // the cache, not the vehicle
            expectError(await d.call(.get, "pims.vehicle.informations", ["actionType": "O2X", "action": "get"]), 2002)
            expectError(await d.informations("peek"), 2102)
            await d.logout()
            await d.login()
            expectSuccess(await d.selectRemote())
            #expect(try await d.control(["sim": "fault", "name": "pims.vehicle.informations", "sub": "get", "code": 2204]).ok)
            expectError(await d.informations(), 2204)  // logout cleared it
        }
    }

    @Test(arguments: BackendKind.available)
    func r40r41RefreshWakesWhatChargesAndAnswersTheOldCopy(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-garage") { d in
            expectSuccess(await d.selectRemote(Driver.hybrid))
            expectSuccess(await d.subscribeSignal())
            _ = try await d.events()
            let refresh = await d.informations("refresh")
            #expect(expectSuccess(refresh)["resources"]?["status"]?["lastUpdate"]?.stringValue == "2026-01-05T08:00:00Z")
            expectError(await d.informations("refreshWithWakeUp"), 2351)
            try await d.advance(20)
            let signals = Driver.signals(try await d.events())
            #expect(signals.map(\.code) == [200])
            #expect(signals.first?.command == refresh.transactionId)
            let status = expectSuccess(await d.informations())["resources"]?["status"]
            #expect(status?["lastUpdate"]?.stringValue == "2026-01-05T09:00:20Z")
            #expect(status?["electricInformation"]?["chargingLevel"]?.doubleNumber == 50)
            // Awake and idle: refresh answers the copy and sends nothing.
            expectSuccess(await d.selectRemote(Driver.vin))
            expectSuccess(await d.informations("refresh"))
            #expect(Driver.signals(try await d.events()).isEmpty)
            expectSuccess(await d.selectRemote(Driver.fuel))
            expectError(await d.informations("refreshWithWakeUp"), 2366)
        }
    }

    @Test(arguments: BackendKind.available)
    func r44SignalsReachEverySubscribedSessionOfTheAccountInItsVariant(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            try await d.newSession("ref", device: "alice-iphone", variant: "reference")
            try await d.newSession("quiet", device: "alice-iphone")
            expectSuccess(await d.subscribeSignal(session: "ref"))
            _ = try await d.events(session: "ref")
            _ = try await d.events(session: "quiet")
            try await d.readyForCommands()
            let call = await d.command("horn")
            try await d.advance(5)
            let mine = try await d.events()
            let theirs = try await d.events(session: "ref")
            #expect(Driver.signals(mine).map(\.code) == [900, 901, 200])
            #expect(Driver.signals(theirs).map(\.code) == [900, 901, 200])
            #expect(Driver.signals(theirs).allSatisfy { $0.command == call.transactionId })
            #expect(theirs.first { $0["kind"]?.stringValue == "signal" }?["data"]?["result"]?["vehicle"]?["ressources"] != nil)
            // Each carries its own subscription's transactionId.
            let ids = Set((mine + theirs).filter { $0["kind"]?.stringValue == "signal" }.compactMap { $0["data"]?["transactionId"]?.stringValue })
            #expect(ids.count == 2)
            #expect(Driver.signals(try await d.events(session: "quiet")).isEmpty)
            // Read once: a second read has nothing new.
            #expect(try await d.events().isEmpty)
        }
    }
}

@Suite("R45–R48 Faults, the vehicle control, scenarios")
struct R45toR48RemoteControlTests {
    @Test(arguments: BackendKind.available)
    func r45FaultsOnCommandsAndOnTheSignal(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            try await d.readyForCommands()
            #expect(try await d.control(["sim": "fault", "name": "pims.vehicle.command", "sub": "horn", "code": 2377]).ok)
            expectError(await d.command("horn"), 2377)
            #expect(try await d.vehicle([:])["inFlight"] == [])  // nothing went in flight
            #expect(try await d.control(["sim": "fault", "name": "pims.vehicle.signal", "sub": "horn", "code": 2329]).ok)
            #expect(try await d.control(["sim": "fault", "name": "pims.vehicle.signal", "sub": "horn", "code": 2377]).ok == false)
            #expect(try await d.control(["sim": "fault", "name": "pims.vehicle.signal", "sub": "horn", "code": 2329, "latencyMs": 10]).ok == false)
            #expect(try await d.control(["sim": "fault", "name": "pims.vehicle.signal", "code": 2329]).ok == false)
            _ = try await d.events()
            expectSuccess(await d.command("horn"))
            try await d.advance(5)
            let events = try await d.events()
            #expect(Driver.signals(events).map(\.code) == [900, 901, 902])
            #expect(Driver.lastSignalError(events)?["code"]?.intValue == 2329)
            #expect(try await d.control(["sim": "faults"])["rules"] == [])  // used up
            try await d.advance(60)
            expectSuccess(await d.command("horn"))  // the failed horn started no cool-down... nor did this one fail
            try await d.advance(5)
            #expect(Driver.signals(try await d.events()).map(\.code) == [900, 901, 200])
        }
    }

    @Test(arguments: BackendKind.available)
    func r46TheVehicleControl(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-garage") { d in
            let read = try await d.vehicle([:])
            #expect(read.ok)
            #expect(read["remote"]?["charging"]?["state"]?.stringValue == "STOPPED")
            #expect(read["copy"]?["resources"] != nil)
            #expect(try await d.control(["sim": "vehicle", "username": "bob@example.com", "vin": .string(Driver.vin)]).ok == false)
            #expect(try await d.vehicle([:], vin: "VF3CC8HZ0KT123456").ok == false)
            #expect(try await d.vehicle(["level": 101]).ok == false)
            #expect(try await d.vehicle(["mode": "turbo"]).ok == false)
            #expect(try await d.vehicle(["plugged": false], vin: Driver.fuel).ok == false)  // a field its type lacks
            #expect(try await d.vehicle(["fuelLevel": 10]).ok == false)
            #expect(try await d.vehicle(["open": ["bonnet": true]]).ok == false)
            #expect(try await d.vehicle(["colour": "red"]).ok == false)
            let changed = try await d.vehicle(["open": ["driver": true], "level": 30.5, "mode": "quick"])
            #expect(changed["remote"]?["doors"]?["open"] == ["driver"])
            #expect(changed["battery"]?.doubleNumber == 30.5)
            #expect(changed["remote"]?["charging"]?["mode"]?.stringValue == "quick")
        }
    }

    @Test(arguments: BackendKind.available)
    func r46UnpluggingInterruptsACharge(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-garage") { d in
            expectSuccess(await d.selectRemote(Driver.hybrid))
            expectSuccess(await d.subscribeChargeEvents())
            _ = try await d.events()
            let answer = try await d.vehicle(["plugged": false], vin: Driver.hybrid)
            #expect(answer["remote"]?["charging"]?["state"]?.stringValue == "DISCONNECTED")
            #expect(answer["remote"]?["level"]?.doubleNumber == 50)  // an hour at 10 %/h from 40
            let events = try await d.events()
            #expect(events.contains { $0["kind"]?.stringValue == "vehicleEvent"
                && $0["data"]?["result"]?["notification"]?.stringValue == "remoteChargeInterrupted" })
            #expect(events.contains { $0["kind"]?.stringValue == "account" })
        }
    }

    @Test(arguments: BackendKind.available)
    func r47InFlightCommandsSurviveExportAndLoad(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            try await d.readyForCommands()
            expectSuccess(await d.command("doors", ["doorState": "unlock"]))
            try await d.advance(3)  // sent
            let yaml = try #require(try await d.control(["sim": "export"])["scenario"]?.stringValue)
            #expect(yaml.contains("inFlight:"))
            #expect(!yaml.contains("signal"))  // subscriptions are session state, never exported
            #expect(try await d.control(["sim": "load", "yaml": .string(yaml)]).ok)
            #expect(try await d.control(["sim": "export"])["scenario"]?.stringValue == yaml)
            expectSuccess(await d.subscribeSignal())
            _ = try await d.events()
            try await d.advance(4)
            #expect(Driver.signals(try await d.events()).map(\.code) == [200])
        }
    }

    @Test(arguments: BackendKind.available)
    func r48RemoteStepsTodoOpensStepByStep(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-steps-todo") { d in
            expectSuccess(await d.selectRemote())
            expectError(await d.informations(), 2312)
            // Enrol this device with the existing PIN (R10, R11).
            let code = try await d.openEnrollmentWindow()
            expectSuccess(await d.enroll(pin: "1234", code: code))
            expectError(await d.informations(), 2340)
            expectSuccess(await d.activateCarKey())
            try await d.readyForCommands()
            expectSuccess(await d.command("doors", ["doorState": "unlock"]))
        }
    }
}
