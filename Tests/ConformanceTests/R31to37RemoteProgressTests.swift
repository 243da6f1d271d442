import PIMS
import Testing

@Suite("R31–R37 Progress on the simulated clock, execution, charging")
struct R31toR37RemoteProgressTests {
    @Test(arguments: BackendKind.available)
    func r31PendingSentDoneInSimulatedTime(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            try await d.readyForCommands()
            let call = await d.command("doors", ["doorState": "unlock"])
            expectSuccess(call)
            try await d.advance(1)
            #expect(Driver.signals(try await d.events()).map(\.code) == [900])
            try await d.advance(1)
            #expect(Driver.signals(try await d.events()).map(\.code) == [901])
            try await d.advance(4)
            #expect(Driver.signals(try await d.events()).isEmpty)  // doors execute in 5 s
            try await d.advance(1)
            let last = try await d.events()
            let done = Driver.signals(last)
            #expect(done.map(\.code) == [200])
            #expect(done.first?.at == "2026-01-05T09:00:07Z")
            #expect(done.first?.command == call.transactionId)
            let signal = try #require(last.first { $0["kind"]?.stringValue == "signal" })
            #expect(signal["data"]?["status"]?.stringValue == "RESULT")
            #expect(signal["data"]?["result"]?["command"]?["action"]?.stringValue == "doors")
            #expect(signal["data"]?["result"]?["vehicle"]?["resources"]?["status"]?["doorStateInformation"]?["state"] == ["Unlocked"])
            #expect(signal["id"]?.intValue != nil)
            let status = expectSuccess(await d.informations())
            #expect(status["resources"]?["status"]?["doorStateInformation"]?["state"] == ["Unlocked"])
        }
    }

    @Test(arguments: BackendKind.available)
    func r31OfflineTimesOutAndChangesNothing(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-garage") { d in
            try await d.readyForCommands()
            #expect(try await d.vehicle(["online": false]).ok)
            expectSuccess(await d.command("doors", ["doorState": "unlock"]))
            try await d.advance(59)
            #expect(Driver.signals(try await d.events()).map(\.code) == [900])
            try await d.advance(1)
            let events = try await d.events()
            #expect(Driver.signals(events).map(\.code) == [903])
            let error = Driver.lastSignalError(events)
            #expect(error?["code"]?.intValue == 2201)
            #expect(error?["label"]?.stringValue == "Timeout")
            #expect(error?["detail"]?.stringValue == "unreachable")
            #expect(try await d.vehicle([:])["remote"]?["doors"]?["lock"]?.stringValue == "Locked")
        }
    }

    @Test(arguments: BackendKind.available)
    func r31AnAsleepVehicleWakesBeforeTheSend(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-garage") { d in
            try await d.readyForCommands(Driver.hybrid)
            expectSuccess(await d.command("horn"))
            try await d.advance(21)
            #expect(Driver.signals(try await d.events()).map(\.code) == [900])  // woken at +20, no signal of its own
            #expect(try await d.vehicle([:], vin: Driver.hybrid)["remote"]?["asleep"] == false)
            try await d.advance(4)
            let signals = Driver.signals(try await d.events())
            #expect(signals.map(\.code) == [901, 200])
            #expect(signals.map(\.at) == ["2026-01-05T09:00:22Z", "2026-01-05T09:00:25Z"])
        }
    }

    @Test(arguments: BackendKind.available)
    func r32DoorsFailAtExecution(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-garage") { d in
            try await d.readyForCommands(Driver.fuel)
            expectSuccess(await d.command("doors", ["doorState": "lock"]))  // accepted: the vehicle checks
            try await d.advance(7)
            let events = try await d.events()
            #expect(Driver.signals(events).map(\.code) == [900, 901, 902])
            #expect(Driver.lastSignalError(events)?["code"]?.intValue == 2362)
            #expect(try await d.vehicle(["open": ["trunk": false]], vin: Driver.fuel).ok)
            _ = try await d.events()
            expectSuccess(await d.command("doors", ["doorState": "lock"]))
            try await d.advance(7)
            let locked = try await d.events()
            #expect(Driver.lastSignalError(locked)?["code"]?.intValue == 2361)
            expectSuccess(await d.command("doors", ["doorState": "unlock"]))
            try await d.advance(7)
            #expect(Driver.signals(try await d.events()).map(\.code) == [900, 901, 200])
        }
    }

    @Test(arguments: BackendKind.available)
    func r33HornWithTheEngineOn(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            try await d.readyForCommands()
            #expect(try await d.vehicle(["engineOn": true]).ok)
            _ = try await d.events()
            expectSuccess(await d.command("horn"))
            try await d.advance(5)
            let error = Driver.lastSignalError(try await d.events())
            #expect(error?["code"]?.intValue == 2329)
            #expect(error?["label"]?.stringValue == "Immediate horn request discarded due to SEV different than STOP.")
        }
    }

    @Test(arguments: BackendKind.available)
    func r34r37AChargeRunsOnTheClockToItsEnd(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            try await d.readyForCommands()
            expectSuccess(await d.subscribeChargeEvents())
            expectSuccess(await d.command("charge", ["startNow": true]))
            try await d.advance(12)
            #expect(Driver.signals(try await d.events()).map(\.code) == [900, 901, 200])
            var info = chargingInfo(expectSuccess(await d.informations()))
            #expect(info?["chargingState"]?.stringValue == "inprogress")
            #expect(info?["chargingRate"]?.doubleNumber == 10.0)
            #expect(info?["remainingTime"]?.stringValue == "PT3H48M")  // 38 % at 10 %/h
            try await d.advance(3600)
            let status = expectSuccess(await d.informations())
            #expect(status["resources"]?["status"]?["electricInformation"]?["chargingLevel"]?.doubleNumber == 72.0)
            #expect(Driver.signals(try await d.events()).isEmpty)  // the level's drift sends no signal
            try await d.advance(3 * 3600)
            let end = try await d.events()
            #expect(Driver.signals(end).map(\.code) == [200])
            #expect(Driver.signals(end).first?.command == nil)
            let notice = try #require(end.first { $0["kind"]?.stringValue == "vehicleEvent" })
            #expect(notice["data"]?["result"]?["notification"]?.stringValue == "remoteChargeFinished")
            #expect(notice["data"]?["result"]?["vin"]?.stringValue == Driver.vin)
            #expect(notice["at"]?.stringValue == "2026-01-05T12:48:12Z")
            info = chargingInfo(expectSuccess(await d.informations()))
            #expect(info?["chargingState"]?.stringValue == "finished")
        }
    }

    @Test(arguments: BackendKind.available)
    func r34StopAndRefusals(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            try await d.readyForCommands()
            expectSuccess(await d.subscribeChargeEvents())
            expectSuccess(await d.command("charge", ["startNow": true]))
            try await d.advance(12)
            expectSuccess(await d.command("charge", ["startNow": true]))
            try await d.advance(12)
            #expect(Driver.lastSignalError(try await d.events())?["code"]?.intValue == 2331)
            expectSuccess(await d.command("charge", ["startNow": false]))
            try await d.advance(12)
            let stopped = try await d.events()
            #expect(stopped.contains { $0["data"]?["result"]?["notification"]?.stringValue == "remoteChargeInterrupted" })
            #expect(chargingInfo(expectSuccess(await d.informations()))?["chargingState"]?.stringValue == "stopped")
            #expect(try await d.vehicle(["plugged": false]).ok)
            expectSuccess(await d.command("charge", ["startNow": true]))
            try await d.advance(12)
            #expect(Driver.lastSignalError(try await d.events())?["code"]?.intValue == 2330)
        }
    }

    @Test(arguments: BackendKind.available)
    func r35r37TheDeferredHourStartsACharge(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            try await d.readyForCommands()
            expectSuccess(await d.command("chargeDeferredTime", ["startNow": "false", "deferredTime": "PT10H0M", "checkStartCharge": true]))
            try await d.advance(12)
            var info = chargingInfo(expectSuccess(await d.informations()))
            #expect(info?["nextDeferredChargingDate"]?.stringValue == "2026-01-05T10:00:00Z")
            #expect(info?["chargingState"]?.stringValue == "stopped")
            _ = try await d.events()
            try await d.advance(3600)
            let started = Driver.signals(try await d.events())
            #expect(started.map(\.code) == [200])
            #expect(started.first?.at == "2026-01-05T10:00:00Z")
            info = chargingInfo(expectSuccess(await d.informations()))
            #expect(info?["chargingState"]?.stringValue == "inprogress")
            #expect(info?["nextDeferredChargingDate"]?.stringValue == "2026-01-06T10:00:00Z")
        }
    }

    @Test(arguments: BackendKind.available)
    func r36Preconditioning(kind: BackendKind) async throws {
        try await withBackend(kind, "remote-ready") { d in
            try await d.readyForCommands()
            expectSuccess(await d.command("preconditioning", ["startNow": false]))
            try await d.advance(12)
            #expect(Driver.lastSignalError(try await d.events())?["code"]?.intValue == 2336)
            let programs: JSONValue = [["hour": 7, "minute": 30, "isEnabled": true, "occurence": ["mon", "WEN"], "slot": 2]]
            expectSuccess(await d.command("preconditioning", ["startNow": true, "programs": programs]))
            try await d.advance(12)
            let precond = expectSuccess(await d.informations())["resources"]?["status"]?["precondInformation"]
            #expect(precond?["status"]?.stringValue == "enabled")
            #expect(precond?["precondScheduling"]?.arrayValue?.first?["occurence"] == ["Mon", "Wed"])
            #expect(precond?["precondScheduling"]?.arrayValue?.first?["recurrence"]?.stringValue == "Daily")
            expectSuccess(await d.command("preconditioning", ["startNow": true]))
            try await d.advance(12)
            #expect(Driver.lastSignalError(try await d.events())?["code"]?.intValue == 2333)
            try await d.advance(1800)
            #expect(expectSuccess(await d.informations())["resources"]?["status"]?["precondInformation"]?["status"]?.stringValue == "finished")
            #expect(try await d.vehicle(["plugged": false, "level": 15]).ok)
            expectSuccess(await d.otpWithPin("1234"))  // the window closed meanwhile
            _ = try await d.events()
            expectSuccess(await d.command("preconditioning", ["startNow": true]))
            try await d.advance(12)
            let error = Driver.lastSignalError(try await d.events())
            #expect(error?["code"]?.intValue == 2000)
            #expect(error?["detail"]?.stringValue == "battery too low")
            #expect(expectSuccess(await d.informations())["resources"]?["status"]?["precondInformation"]?["status"]?.stringValue == "failure")
        }
    }
}
