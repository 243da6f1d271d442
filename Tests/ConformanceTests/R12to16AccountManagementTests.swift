import PIMS
import Testing

@Suite("R12 Remove all enrollments (step A)")
struct R12RemoveEnrollmentsTests {
    @Test(arguments: BackendKind.available)
    func clearsDevicesPINFailuresAndBlockButKeepsThePhone(kind: BackendKind) async throws {
        try await withBackend(kind, "pin-blocked") { d in
            #expect(expectSuccess(await d.removeEnrollments()) == .null)  // allowed when blocked
            let account = try await d.account()
            #expect(account["enrolledDevices"] == [])
            #expect(account["pin"] == nil)
            #expect(account["pinFailures"] == 0)
            #expect(account["blockState"] == "NotBlocked")
            #expect(account["phone"] == "0612345678")
        }
    }

    @Test(arguments: BackendKind.available)
    func closesTheWindowsOfEverySessionOfTheAccount(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            try await d.newSession("ipad", device: "alice-ipad")
            let code = try await d.openEnrollmentWindow(session: "ipad")
            expectSuccess(await d.otpWithPin("1234"))
            expectSuccess(await d.removeEnrollments())
            expectError(await d.enroll(pin: "1234", code: code, session: "ipad"), 2311)
            expectError(await d.removeProperty(), 2302)
        }
    }

    @Test(arguments: BackendKind.available)
    func leavesStepsCachesAlone(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            let before = expectSuccess(await d.steps())
            #expect(before["deviceActivation"]?["status"] == "alreadyDone")
            expectSuccess(await d.removeEnrollments())
            let after = expectSuccess(await d.steps())
            #expect(after["deviceActivation"]?["status"] == "alreadyDone")  // the cache (R19)
            #expect(expectSuccess(await d.isDeviceActivated()) == ["isDeviceActivated": false])
        }
    }
}

@Suite("R13 Reset PIN (step B)")
struct R13ResetPINTests {
    @Test(arguments: BackendKind.available)
    func needsAnEnrolledDevice(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled-elsewhere") { d in
            expectSuccess(await d.removeEnrollments())
            expectSuccess(await d.requestResetPINSMS())
            let code = try await d.newestCode(Driver.phone)
            expectError(await d.resetPIN("5678", code: code), 2317)
        }
    }

    @Test(arguments: BackendKind.available)
    func blockedIs2317(kind: BackendKind) async throws {
        try await withBackend(kind, "pin-blocked") { d in
            expectSuccess(await d.requestResetPINSMS())
            let code = try await d.newestCode(Driver.phone)
            expectError(await d.resetPIN("5678", code: code), 2317)
        }
    }

    @Test(arguments: BackendKind.available)
    func resetsThePINAndTheFailures(kind: BackendKind) async throws {
        try await withBackend(kind, "one-attempt-left") { d in
            expectSuccess(await d.requestResetPINSMS())
            let code = try await d.newestCode(Driver.phone)
            expectError(await d.resetPIN("56789012", code: code), 2102)
            let same = await d.resetPIN("1234", code: code)
            expectError(same, 2315)
            expectError(await d.resetPIN("5678", code: Driver.wrong(code)), 2305)
            expectSuccess(await d.resetPIN("5678", code: code))
            let account = try await d.account()
            #expect(account["pin"] == "5678")
            #expect(account["pinFailures"] == 0)
        }
    }

    @Test(arguments: BackendKind.available)
    func needsAResetPINCodeNotAnotherPurpose(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            expectSuccess(await d.requestEnrollmentSMS())
            let code = try await d.newestCode(Driver.phone)
            expectError(await d.resetPIN("5678", code: code), 2305)
        }
    }
}

@Suite("R14 Update PIN (step C)")
struct R14UpdatePINTests {
    @Test(arguments: BackendKind.available)
    func thisDeviceMustBeEnrolled(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled-elsewhere") { d in
            expectError(await d.updatePIN(old: "1234", new: "5678"), 2312)
        }
    }

    @Test(arguments: BackendKind.available)
    func blockedIs2317(kind: BackendKind) async throws {
        try await withBackend(kind, "pin-blocked") { d in
            expectError(await d.updatePIN(old: "1234", new: "5678"), 2317)
        }
    }

    @Test(arguments: BackendKind.available)
    func updatesThePIN(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            expectError(await d.updatePIN(old: "1234", new: "56"), 2102)
            expectError(await d.updatePIN(old: "1234", new: "1234"), 2315)
            expectSuccess(await d.updatePIN(old: "1234", new: "5678"))
            do { let v = try await d.account(); #expect(v["pin"] == "5678") }
            expectSuccess(await d.otpWithPin("5678"))
        }
    }

    @Test(arguments: BackendKind.available)
    func aWrongOldPINCountsAsAPINFailure(kind: BackendKind) async throws {
        try await withBackend(kind, "one-attempt-left") { d in
            expectError(await d.updatePIN(old: "9999", new: "5678"), 2317)
            do { let v = try await d.account(); #expect(v["blockState"] == "PINBlocked") }
        }
        try await withBackend(kind, "enrolled") { d in
            let r = await d.updatePIN(old: "9999", new: "5678")
            expectError(r, 2308)
            #expect(r.error?.detail == "wrong PIN: 2 attempts left")
        }
    }
}

@Suite("R15 Modify phone number (step D)")
struct R15ModifyPhoneNumberTests {
    @Test(arguments: BackendKind.available)
    func preconditionsInOrder(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectError(await d.modifyPhoneNumber(code: "0000", phone: "0699999999"), 2307)
        }
        try await withBackend(kind, "enrolled-elsewhere") { d in
            expectError(await d.modifyPhoneNumber(code: "0000", phone: "0699999999"), 2312)
        }
        try await withBackend(kind, "pin-blocked") { d in
            expectError(await d.modifyPhoneNumber(code: "0000", phone: "0699999999"), 2317)
        }
    }

    @Test(arguments: BackendKind.available)
    func replacesThePhoneWithACertifiedNumber(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            expectSuccess(await d.requestCertificationSMS("0699999999"))
            let code = try await d.newestCode("0699999999")
            expectError(await d.modifyPhoneNumber(code: code, phone: "0688888888"), 2305)
            expectSuccess(await d.modifyPhoneNumber(code: code, phone: "0699999999"))
            #expect(expectSuccess(await d.trustedPhone()) == ["phoneNumber": "0699999999"])
        }
    }
}

@Suite("R16 OTP")
struct R16OTPTests {
    @Test(arguments: BackendKind.available)
    func preconditions(kind: BackendKind) async throws {
        try await withBackend(kind, "stale-steps") { d in
            expectError(await d.otpWithPin("1234"), 2312)
        }
        try await withBackend(kind, "pin-blocked") { d in
            expectError(await d.otpWithPin("1234"), 2317)
        }
    }

    @Test(arguments: BackendKind.available)
    func rightPINGivesAnEightDigitOTP(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            let result = expectSuccess(await d.otpWithPin("1234"))
            let otp = try #require(result["otp"]?.stringValue)
            #expect(otp.count == 8 && otp.isDigitString)
        }
    }

    @Test(arguments: BackendKind.available)
    func wrongPINCountsAsInR11(kind: BackendKind) async throws {
        try await withBackend(kind, "one-attempt-left") { d in
            expectError(await d.otpWithPin("0000"), 2317)
            do { let v = try await d.account(); #expect(v["blockState"] == "PINBlocked") }
        }
    }

    @Test(arguments: BackendKind.available)
    func withoutPinDependsOnThePolicy(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            expectError(await d.call(.get, "pims.authentication.otp", ["action": "withoutPin"]), 2308)
            expectError(await d.removeProperty(), 2302)
            try await d.loadYAML(Scenarios.otpWithoutPin)
            expectSuccess(await d.call(.get, "pims.authentication.otp", ["action": "withoutPIN"]))
            expectSuccess(await d.removeProperty())
        }
    }
}
