import PIMS
import Testing

@Suite("R17–R18 Strong authentication and removeProperty (step E)")
struct R17R18RemovePropertyTests {
    @Test(arguments: BackendKind.available)
    func checksInOrder(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            expectError(await d.removeProperty("VR1AB12C3D456789"), 2102)  // malformed: 16 characters
            expectError(await d.removeProperty("VF3CC8HZ0KT123456"), 2323)  // not associated
            expectError(await d.removeProperty(), 2302)  // R17
        }
    }

    @Test(arguments: BackendKind.available)
    func removesTheAssociationAfterAnOTP(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            expectSuccess(await d.otpWithPin("1234"))
            #expect(expectSuccess(await d.removeProperty()) == .null)
            expectError(await d.steps(), 2102)  // its carAssociationID is gone
            expectError(await d.selectVehicle(), 2366)
            expectError(await d.removeProperty(), 2323)
        }
    }

    @Test(arguments: BackendKind.available)
    func theStrongAuthenticationWindowCloses(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            expectSuccess(await d.otpWithPin("1234"))
            try await d.advance(600)
            expectError(await d.removeProperty(), 2302)
        }
    }

    @Test(arguments: BackendKind.available)
    func theWindowBelongsToTheSession(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            try await d.newSession("other", device: "alice-iphone")
            expectSuccess(await d.otpWithPin("1234", session: "other"))
            expectError(await d.removeProperty(), 2302)
            expectSuccess(await d.removeProperty(session: "other"))
        }
    }
}

@Suite("R19–R22 Service activation steps")
struct R19to22StepsTests {
    @Test(arguments: BackendKind.available)
    func r19LiveStatusesInOrder(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            let r = expectSuccess(await d.steps())
            #expect(r == [
                "stepsID": 132325,
                "trusterPhoneNumber": ["name": "trusterPhoneNumber", "status": "alreadyDone", "order": 1],
                "deviceActivation": ["name": "deviceActivation", "status": "todo", "order": 2],
                "mediumCarKey": ["name": "mediumCarKey", "status": "todo", "order": 3],
            ])
        }
    }

    @Test(arguments: BackendKind.available)
    func r19FilterAndOrderAmongReturnedSteps(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            let todo = expectSuccess(await d.steps(status: "todo"))
            #expect(todo["trusterPhoneNumber"] == nil)
            #expect(todo["deviceActivation"]?["order"] == 1)
            #expect(todo["mediumCarKey"]?["order"] == 2)
            let done = expectSuccess(await d.steps(status: "alreadyDone"))
            #expect(done["trusterPhoneNumber"]?["order"] == 1)
            #expect(done["deviceActivation"] == nil)
        }
    }

    @Test(arguments: BackendKind.available)
    func r19SameStepsIDPerDeviceAndVehicle(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            let first = expectSuccess(await d.steps())["stepsID"]
            let again = expectSuccess(await d.steps())["stepsID"]
            #expect(first == again)
            try await d.newSession("ipad", device: "alice-ipad")
            let other = expectSuccess(await d.steps(session: "ipad"))["stepsID"]
            #expect(other != first)
        }
    }

    @Test(arguments: BackendKind.available)
    func r19UnknownOrForeignCarAssociationIDIs2102(kind: BackendKind) async throws {
        try await withBackend(kind, "team") { d in
            expectError(await d.steps(["carAssociationID": "111111"]), 2102)
            expectError(await d.steps(["carAssociationID": "555001"]), 2102)  // bob's vehicle
            let missing = await d.steps([:])
            expectError(missing, 2101)
        }
    }

    @Test(arguments: BackendKind.available)
    func r19TheCacheTrapAndResetSteps(kind: BackendKind) async throws {
        try await withBackend(kind, "stale-steps") { d in
            let stale = expectSuccess(await d.steps())
            #expect(stale["stepsID"] == 132324)
            #expect(stale["deviceActivation"]?["status"] == "alreadyDone")  // cached, not live
            expectError(await d.otpWithPin("1234"), 2312)
            let fresh = expectSuccess(await d.steps(reset: true))
            #expect(fresh["stepsID"] == 132324)
            #expect(fresh["deviceActivation"]?["status"] == "todo")
            #expect(fresh["trusterPhoneNumber"]?["status"] == "alreadyDone")
        }
    }

    @Test(arguments: BackendKind.available)
    func r19SDK20SpellsThePhoneStepTrustedPhone(kind: BackendKind) async throws {
        try await withBackend(kind, "legacy-sdk") { d in
            let r = expectSuccess(await d.steps())
            #expect(r["trustedPhone"] == ["name": "trustedPhone", "status": "todo", "order": 1])
            #expect(r["trusterPhoneNumber"] == nil)
        }
    }

    @Test(arguments: BackendKind.available)
    func r20ByStepsID(kind: BackendKind) async throws {
        try await withBackend(kind, "stale-steps") { d in
            let r = expectSuccess(await d.steps(["stepsID": 132324], status: "todo"))
            #expect(r["mediumCarKey"]?["order"] == 1)
            #expect(r["deviceActivation"] == nil)  // cached alreadyDone
            let unknown = await d.steps(["stepsID": 999])
            expectError(unknown, 2346)
            #expect(unknown.error?.label == "No Step for this stepsID 999")
            try await d.newSession("ipad", device: "alice-ipad")
            expectError(await d.steps(["stepsID": 132324], session: "ipad"), 2346)  // another device's
        }
    }

    @Test(arguments: BackendKind.available)
    func r21ByVIN(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            let byVIN = expectSuccess(await d.steps(["vin": .string(Driver.vin)]))
            let byID = expectSuccess(await d.steps())
            #expect(byVIN == byID)
            expectError(await d.steps(["vin": "VF3CC8HZ0KT123456"]), 2102)
        }
    }

    @Test(arguments: BackendKind.available)
    func r22NextStep(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            let id = try #require(expectSuccess(await d.steps())["stepsID"]?.intValue)
            #expect(expectSuccess(await d.nextStep(id)) == ["deviceActivation": ["name": "deviceActivation", "status": "todo", "order": 1]])
            expectError(await d.nextStep(id + 1000), 2346)
        }
        try await withBackend(kind, "enrolled") { d in
            expectSuccess(await d.selectVehicle())
            expectSuccess(await d.activateCarKey())
            let id = try #require(expectSuccess(await d.steps())["stepsID"]?.intValue)
            #expect(expectSuccess(await d.nextStep(id)) == .null)
        }
    }
}

@Suite("R23–R25 Vehicle and car key")
struct R23to25CarKeyTests {
    @Test(arguments: BackendKind.available)
    func r23SelectVehicle(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            expectError(await d.selectVehicle("123"), 2102)
            let foreign = await d.selectVehicle("VF3CC8HZ0KT123456")
            expectError(foreign, 2366)
            #expect(foreign.error?.label == "VIN not valid for this request")
            #expect(expectSuccess(await d.selectVehicle()) == .null)
        }
    }

    @Test(arguments: BackendKind.available)
    func r24StatusNeedsAVehicle(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            let r = await d.carKeyStatus()
            expectError(r, 2010)
            #expect(r.error?.label == "vin not set")
            expectSuccess(await d.selectVehicle())
            #expect(expectSuccess(await d.carKeyStatus()) == [
                "isCarKeyVerified": false, "cvsStatus": "unknown", "maxReactivationDate": "2026-12-31T23:59:59Z",
            ])
        }
    }

    @Test(arguments: BackendKind.available)
    func r25ActivationAndEachProximityError(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            expectError(await d.activateCarKey(), 2010)
            expectSuccess(await d.selectVehicle())
            let proximity: (Bool, Bool, Bool) async throws -> Void = { b, p, k in
                let a = try await d.control(["sim": "proximity", "username": "alice@example.com", "vin": .string(Driver.vin),
                                             "bluetoothOn": .bool(b), "paired": .bool(p), "keyInside": .bool(k)])
                #expect(a.ok)
            }
            try await proximity(false, false, false)
            let bt = await d.activateCarKey()
            expectError(bt, 2341)
            #expect(bt.error?.label == "Bluetooth need to be activated on the phone")
            try await proximity(true, false, false)
            expectError(await d.activateCarKey(), 2342)
            try await proximity(true, true, false)
            expectError(await d.activateCarKey(), 2354)
            try await proximity(true, true, true)
            let ok = expectSuccess(await d.activateCarKey())
            #expect(ok["hasCarKey"] == true)
            #expect(ok["vin"] == .string(Driver.vin))
            #expect(ok["securityCode"]?.stringValue?.isEmpty == false)
            #expect(ok["securityExpiration"] == "2026-02-04T09:00:00Z")
            let status = expectSuccess(await d.carKeyStatus())
            #expect(status["isCarKeyVerified"] == true)
            #expect(status["cvsStatus"] == "active")
            #expect(expectSuccess(await d.steps())["mediumCarKey"]?["status"] == "alreadyDone")
        }
    }
}
