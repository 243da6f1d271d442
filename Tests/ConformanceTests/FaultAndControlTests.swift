import PIMS
import SimWorld
import Testing

@Suite("§7 Faults")
struct FaultTests {
    @Test(arguments: BackendKind.available)
    func aCountedFaultAnswersItsCodeAndChangesNothing(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            let added = try await d.control(["sim": "fault", "name": "pims.authentication.smscode", "sub": "enrollment", "code": 2201, "times": 2])
            #expect(added.ok)
            let r = await d.requestEnrollmentSMS()
            expectError(r, 2201)
            #expect(r.error?.label == "Timeout")
            expectError(await d.requestEnrollmentSMS(), 2201)
            let inbox = try await d.control(["sim": "inbox", "phone": "0612345678"])
            #expect(inbox["messages"] == [])  // nothing was sent
            expectSuccess(await d.requestEnrollmentSMS())  // used up
        }
    }

    @Test(arguments: BackendKind.available)
    func aFaultMatchesItsSubAPIOnly(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            _ = try await d.control(["sim": "fault", "name": "pims.authentication.smscode", "sub": "resetPIN", "code": 2202])
            expectSuccess(await d.requestEnrollmentSMS())
            expectError(await d.requestResetPINSMS(), 2202)
            expectSuccess(await d.requestResetPINSMS())  // times defaults to 1
        }
    }

    @Test(arguments: BackendKind.available)
    func clearFaults(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            _ = try await d.control(["sim": "fault", "name": "pims.authentication.trustedphonenumber", "code": 2204, "times": 100])
            expectError(await d.trustedPhone(), 2204)
            do { let v = try await d.control(["sim": "clearFaults"]); #expect(v.ok) }
            expectSuccess(await d.trustedPhone())
        }
    }

    @Test(arguments: BackendKind.available)
    func aProbabilityFaultRepeatsUnderTheSameSeed(kind: BackendKind) async throws {
        func pattern() async throws -> [Bool] {
            try await withBackend(kind, "enrolled") { d in
                _ = try await d.control(["sim": "fault", "name": "pims.authentication.trustedphonenumber", "code": 2202, "probability": 0.5])
                var hits: [Bool] = []
                for _ in 0..<40 { hits.append(await d.trustedPhone().errorCode == 2202) }
                return hits
            }
        }
        let a = try await pattern()
        let b = try await pattern()
        #expect(a == b)
        #expect(a.contains(true) && a.contains(false))
    }

    @Test(arguments: BackendKind.available)
    func badFaultRulesAreRefused(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            let bad: [JSONValue] = [
                ["sim": "fault", "name": "x"],
                ["sim": "fault", "name": "x", "code": 1],
                ["sim": "fault", "name": "x", "code": 2201, "times": 1, "probability": 0.5],
                ["sim": "fault", "name": "x", "code": 2201, "probability": 2],
            ]
            for json in bad {
                // Read without running (how the server answers 400), and refused by the backend.
                #expect(throws: ControlError.self) { try World.check(try SimControl(json: json)) }
                let answer = await d.backend.control(try SimControl(json: json))
                #expect(!answer.ok, "\(json)")
            }
        }
    }
}

@Suite("§8 Simulator controls")
struct ControlTests {
    @Test(arguments: BackendKind.available)
    func inboxNewestLastAndAdvance(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            expectSuccess(await d.requestEnrollmentSMS())
            try await d.advance(30)
            expectSuccess(await d.requestCertificationSMS())
            let inbox = try await d.control(["sim": "inbox", "phone": "+33612345678"])
            let messages = try #require(inbox["messages"]?.arrayValue)
            #expect(messages.map { $0["purpose"] } == ["enrollment", "phoneNumberCertification"])
            #expect(messages[1]["sentAt"] == "2026-01-05T09:00:30Z")
            let now = try await d.control(["sim": "advance", "seconds": 90])
            #expect(now["now"] == "2026-01-05T09:02:00Z")
        }
    }

    @Test("the inbox says of each code whether it was replaced, burnt or consumed (R7)", arguments: BackendKind.available)
    func inboxStatesOfEachCode(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            expectSuccess(await d.requestEnrollmentSMS())
            expectSuccess(await d.requestEnrollmentSMS())  // replaces the first
            let second = try await d.newestCode("0612345678")
            for _ in 1...5 { expectError(await d.checkEnrollmentCode(Driver.wrong(second)), 2305) }  // burns the second
            _ = try await d.openEnrollmentWindow()  // a third, checked right: consumed
            let inbox = try await d.control(["sim": "inbox", "phone": "0612345678"])
            let messages = try #require(inbox["messages"]?.arrayValue)
            try #require(messages.count == 3)
            #expect(messages.map { $0["replaced"] } == [true, true, false])
            #expect(messages.map { $0["checksUsed"] } == [0, 5, 0])
            #expect(messages.map { $0["burnt"] } == [false, true, false])
            #expect(messages.map { $0["consumed"] } == [false, false, true])
        }
    }

    @Test(arguments: BackendKind.available)
    func controlErrorsAreClearAndChangeNothing(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            let noAccount = try await d.control(["sim": "account", "username": "nobody"])
            #expect(!noAccount.ok)
            #expect(noAccount.error?.contains("nobody") == true)
            let noVehicle = try await d.control(["sim": "proximity", "username": "alice@example.com", "vin": "VF3CC8HZ0KT123456", "paired": false])
            #expect(!noVehicle.ok)
            let badLoad = try await d.control(["sim": "load", "yaml": "name: broken\nbogus: 1\n", "origin": "broken.yaml"])
            #expect(!badLoad.ok)
            #expect(badLoad.error?.contains("broken.yaml") == true)
            // The world is unchanged: alice is still enrolled.
            #expect(expectSuccess(await d.isDeviceActivated()) == ["isDeviceActivated": true])
        }
    }

    @Test(arguments: BackendKind.available)
    func loadAndReset(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            let loaded = try await d.control(["sim": "load", "scenario": "enrolled"])
            #expect(loaded["scenario"] == "enrolled")
            expectSuccess(await d.updatePIN(old: "1234", new: "5678"))
            do { let v = try await d.control(["sim": "reset"]); #expect(v.ok) }
            do { let v = try await d.account(); #expect(v["pin"] == "1234") }
            expectError(await d.call(.get, "pims.authentication.nosuch"), 2002)
        }
    }

    @Test(arguments: BackendKind.available)
    func exportLoadExportIsIdentical(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            // Some history first: codes, a steps cache, a window, a fault, a clock move.
            expectSuccess(await d.requestEnrollmentSMS())
            expectSuccess(await d.steps())
            expectSuccess(await d.otpWithPin("1234"))
            _ = try await d.control(["sim": "fault", "name": "pims.vehicle.carkey", "code": 2204, "times": 3])
            try await d.advance(42)
            let first = try #require(try await d.control(["sim": "export"])["scenario"]?.stringValue)
            let loaded = try await d.control(["sim": "load", "yaml": .string(first), "origin": "export.yaml"])
            #expect(loaded.ok, "\(loaded.error ?? "")")
            let second = try #require(try await d.control(["sim": "export"])["scenario"]?.stringValue)
            #expect(first == second)
            // And the world goes on the same: the strong-authentication window survived.
            expectSuccess(await d.removeProperty())
        }
    }
}
