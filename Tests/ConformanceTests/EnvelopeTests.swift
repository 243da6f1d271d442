import PIMS
import Testing

/// §1: the envelope, input errors, sub-API keys, transaction ids.
@Suite("§1 Envelope and input errors")
struct EnvelopeTests {
    @Test(arguments: BackendKind.available)
    func unknownAPIOrSubAPIIsNotSupported(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectError(await d.call(.get, "pims.authentication.nosuchapi"), 2002)
            expectError(await d.call(.set, "pims.authentication.trustedphonenumber"), 2002)  // wrong verb
            expectError(await d.call(.get, "pims.authentication.smscode", ["type": "teleport"]), 2002)
            let r = await d.call(.set, "pims.authentication.enrollment", ["action": "dance"])
            expectError(r, 2002)
            #expect(r.error?.label == "API not supported")
        }
    }

    @Test(arguments: BackendKind.available)
    func missingParameterIs2101WithItsNameInTheLabel(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            let r = await d.call(.set, "pims.authentication.enrollment", ["action": "enrollWithPhoneNumber", "smsCode": "1234", "phoneNumber": "0612345678"])
            expectError(r, 2101)
            #expect(r.error?.label == "Missing pinCode parameter")
            expectError(await d.call(.get, "pims.authentication.smscode", [:]), 2101)
        }
    }

    @Test(arguments: BackendKind.available)
    func wrongTypeOrMalformedValueIs2102(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            let number = await d.call(.set, "pims.authentication.enrollment",
                                      ["action": "enrollWithPhoneNumber", "pinCode": 1234, "smsCode": "1234", "phoneNumber": "0612345678"])
            expectError(number, 2102)
            #expect(number.error?.label == "Invalid pinCode parameter")
            let phone = await d.requestCertificationSMS("612345678")
            expectError(phone, 2102)
            #expect(phone.error?.label == "Invalid phoneNumber parameter")
            expectError(await d.requestCertificationSMS("+33 6 12"), 2102)
            expectError(await d.steps(status: "maybe"), 2102)
            expectError(await d.call(.get, "pims.authentication.account", ["actionType": "weak", "type": "isDeviceActivated"]), 2102)
            expectError(await d.selectVehicle("VR1AB12C3D456789O"), 2102)  // an O is not a VIN character
        }
    }

    @Test(arguments: BackendKind.available)
    func inputErrorsComeBeforeAnyRule(kind: BackendKind) async throws {
        // Logged out, a malformed call still answers its input error, not R0c's 2301.
        try await withBackend(kind, "fresh") { d in
            await d.logout()
            expectError(await d.requestCertificationSMS("12"), 2102)
            expectError(await d.trustedPhone(), 2301)
        }
    }

    @Test(arguments: BackendKind.available)
    func transactionIdsAreDeterministicAndUnique(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            let a = await d.trustedPhone()
            let b = await d.call(.get, "pims.nothing")
            let c = await d.trustedPhone()
            #expect(a.transactionId == "tx-000001")
            #expect(b.transactionId == "tx-000002")
            #expect(c.transactionId == "tx-000003")
        }
    }

    @Test(arguments: BackendKind.available)
    func subAPIKeysAndAliases(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            // get smscode {type: addPhoneNumber} is phoneNumberCertification (step 4·2 diagram).
            expectSuccess(await d.call(.get, "pims.authentication.smscode", ["type": "addPhoneNumber", "phoneNumber": "0612345678"]))
            let code = try await d.newestCode("0612345678")
            // set smscode takes `action` as well as `type`.
            expectSuccess(await d.call(.set, "pims.authentication.smscode", ["action": "addPhoneNumber", "smsCode": .string(code), "phoneNumber": "0612345678"]))
        }
        try await withBackend(kind, "enrolled") { d in
            // withPIN and withPin are the same sub-API.
            expectSuccess(await d.call(.get, "pims.authentication.otp", ["action": "withPIN", "pinCode": "1234"]))
            expectSuccess(await d.call(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": "1234"]))
        }
    }

    @Test(arguments: BackendKind.available)
    func twoFormsOfOnePhoneNumberAreTheSameNumber(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectSuccess(await d.requestCertificationSMS("+33612345678"))
            let code = try await d.newestCode("0612345678")
            expectSuccess(await d.addPhoneNumber(code: code, phone: "0612345678"))
            let phone = expectSuccess(await d.trustedPhone())
            #expect(phone["phoneNumber"] == "0612345678")
        }
    }

    @Test(arguments: BackendKind.available)
    func failureEnvelopeShape(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            let r = await d.checkEnrollmentCode("0000")
            let json = r.json
            #expect(json["status"] == "FAILED")
            #expect(json["error"]?["code"] == .int(2305))
            #expect(json["error"]?["label"] == "The sms code is invalid")
            #expect(json["result"] == nil)
        }
    }
}
