import PIMS
import Testing

@Suite("R8 Shortcut: enrollWithPhoneNumber")
struct R08ShortcutTests {
    @Test(arguments: BackendKind.available)
    func shortcutEnrollsInOneCall(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectSuccess(await d.requestCertificationSMS())
            let code = try await d.newestCode(Driver.phone)
            #expect(expectSuccess(await d.enrollWithPhoneNumber(pin: "2468", code: code)) == .null)
            let account = try await d.account()
            #expect(account["phone"] == "0612345678")
            #expect(account["pin"] == "2468")
            #expect(account["pinFailures"] == 0)
            #expect(account["enrolledDevices"] == ["alice-iphone"])
            #expect(expectSuccess(await d.isDeviceActivated()) == ["isDeviceActivated": true])
        }
    }

    @Test(arguments: BackendKind.available)
    func belowSDK21IsNotSupported(kind: BackendKind) async throws {
        try await withBackend(kind, "legacy-sdk") { d in
            expectSuccess(await d.requestCertificationSMS())
            let code = try await d.newestCode(Driver.phone)
            let r = await d.enrollWithPhoneNumber(pin: "1234", code: code)
            expectError(r, 2002)
        }
    }

    @Test(arguments: BackendKind.available)
    func aRegisteredPhoneIs2390(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            expectSuccess(await d.requestCertificationSMS())
            let code = try await d.newestCode(Driver.phone)
            let r = await d.enrollWithPhoneNumber(pin: "1234", code: code)
            expectError(r, 2390)
            #expect(r.error?.label == "Phone number allready registered")
        }
    }

    @Test(arguments: BackendKind.available)
    func blockedIs2317BeforeThePINForm(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            try await d.loadYAML(Scenarios.alice("""
                    pin: "1234"
                    blockState: AccountBlocked
                """))
            expectError(await d.enrollWithPhoneNumber(pin: "1", code: "0000"), 2317)
        }
    }

    @Test(arguments: BackendKind.available)
    func pinOutsideThePolicyIs2102BeforeTheCodeCheck(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectSuccess(await d.requestCertificationSMS())
            let code = try await d.newestCode(Driver.phone)
            expectError(await d.enrollWithPhoneNumber(pin: "123", code: code), 2102)
            expectError(await d.enrollWithPhoneNumber(pin: "1234567", code: code), 2102)
            expectSuccess(await d.enrollWithPhoneNumber(pin: "123456", code: code))
        }
    }

    @Test(arguments: BackendKind.available)
    func codeChecksOfR7Apply(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectSuccess(await d.requestCertificationSMS())
            let code = try await d.newestCode(Driver.phone)
            expectError(await d.enrollWithPhoneNumber(pin: "1234", code: Driver.wrong(code)), 2305)
            expectError(await d.enrollWithPhoneNumber(pin: "1234", code: code, phone: "0699999999"), 2305)  // another number
            try await d.advance(600)
            expectError(await d.enrollWithPhoneNumber(pin: "1234", code: code), 2306)
        }
    }

    @Test(arguments: BackendKind.available)
    func deviceLimitBlocksTheAccount(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            try await d.loadYAML(Scenarios.fullOfDevicesWithoutPhone)
            expectSuccess(await d.requestCertificationSMS())
            let code = try await d.newestCode(Driver.phone)
            expectError(await d.enrollWithPhoneNumber(pin: "1234", code: code), 2317)
            do { let v = try await d.account(); #expect(v["blockState"] == "AccountBlocked") }
            do { let v = try await d.account(); #expect(v["phone"] == nil) }
        }
    }
}

@Suite("R9 Register phone (step 4·2)")
struct R09AddPhoneNumberTests {
    @Test(arguments: BackendKind.available)
    func registersThePhone(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectSuccess(await d.requestCertificationSMS())
            let code = try await d.newestCode(Driver.phone)
            #expect(expectSuccess(await d.addPhoneNumber(code: code)) == .null)
            #expect(expectSuccess(await d.trustedPhone()) == ["phoneNumber": "0612345678"])
        }
    }

    @Test(arguments: BackendKind.available)
    func aRegisteredPhoneIs2390(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            expectSuccess(await d.requestCertificationSMS("0611111111"))
            let code = try await d.newestCode("0611111111")
            expectError(await d.addPhoneNumber(code: code, phone: "0611111111"), 2390)
        }
    }

    @Test(arguments: BackendKind.available)
    func wrongCodeIs2305(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectSuccess(await d.requestCertificationSMS())
            let code = try await d.newestCode(Driver.phone)
            expectError(await d.addPhoneNumber(code: Driver.wrong(code)), 2305)
            #expect(expectSuccess(await d.trustedPhone()) == ["phoneNumber": .null])
        }
    }
}

@Suite("R10 Check the enrollment code (step 6)")
struct R10CheckEnrollmentCodeTests {
    @Test(arguments: BackendKind.available)
    func notEnrolledWithoutPIN(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            expectSuccess(await d.requestEnrollmentSMS())
            let code = try await d.newestCode(Driver.phone)
            #expect(expectSuccess(await d.checkEnrollmentCode(code)) == ["status": "NotEnrolled"])
        }
    }

    @Test(arguments: BackendKind.available)
    func alreadyEnrolledWithAPIN(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled-elsewhere") { d in
            expectSuccess(await d.requestEnrollmentSMS())
            let code = try await d.newestCode(Driver.phone)
            #expect(expectSuccess(await d.checkEnrollmentCode(code)) == ["status": "AlreadyEnrolled"])
        }
    }

    @Test(arguments: BackendKind.available)
    func blockedIs2317(kind: BackendKind) async throws {
        try await withBackend(kind, "pin-blocked") { d in
            expectSuccess(await d.requestEnrollmentSMS())
            let code = try await d.newestCode(Driver.phone)
            expectError(await d.checkEnrollmentCode(code), 2317)
        }
    }

    @Test(arguments: BackendKind.available)
    func wrongAndExpiredCodes(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            expectSuccess(await d.requestEnrollmentSMS())
            let code = try await d.newestCode(Driver.phone)
            expectError(await d.checkEnrollmentCode(Driver.wrong(code)), 2305)
            try await d.advance(601)
            expectError(await d.checkEnrollmentCode(code), 2306)
        }
    }
}

@Suite("R11 Enroll (steps 7 and 8)")
struct R11EnrollTests {
    @Test(arguments: BackendKind.available)
    func withoutAWindowIs2311(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            expectError(await d.enroll(pin: "1234", code: "0000"), 2311)
        }
    }

    @Test(arguments: BackendKind.available)
    func blockedIs2317BeforeTheWindow(kind: BackendKind) async throws {
        try await withBackend(kind, "pin-blocked") { d in
            expectError(await d.enroll(pin: "1234", code: "0000"), 2317)
        }
    }

    @Test(arguments: BackendKind.available)
    func step7RegistersThePINThenStep8Succeeds(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            let code = try await d.openEnrollmentWindow()
            #expect(expectSuccess(await d.enroll(pin: "2580", code: code)) == ["status": "Enrolled"])
            let account = try await d.account()
            #expect(account["pin"] == "2580")
            #expect(account["enrolledDevices"] == ["alice-iphone"])
            // Step 8 right after step 7 (the tutorial's order) succeeds.
            #expect(expectSuccess(await d.enroll(pin: "2580", code: code)) == ["status": "AlreadyEnrolled"])
        }
    }

    @Test(arguments: BackendKind.available)
    func iosNeedsTheWindowsCode(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            let code = try await d.openEnrollmentWindow()
            let missing = await d.enroll(pin: "2580", code: nil)
            expectError(missing, 2101)
            #expect(missing.error?.label == "Missing smsCode parameter")
            expectError(await d.enroll(pin: "2580", code: Driver.wrong(code)), 2305)
            expectSuccess(await d.enroll(pin: "2580", code: code))
        }
    }

    @Test(arguments: BackendKind.available)
    func androidIgnoresTheCode(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            try await d.newSession("pixel", device: "alice-pixel", platform: "android")
            _ = try await d.openEnrollmentWindow(session: "pixel")
            expectSuccess(await d.enroll(pin: "2580", code: nil, session: "pixel"))
            do { let v = try await d.account(); #expect(v["enrolledDevices"] == ["alice-pixel"]) }
        }
    }

    @Test(arguments: BackendKind.available)
    func pinOutsideThePolicyIs2102(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            let code = try await d.openEnrollmentWindow()
            expectError(await d.enroll(pin: "12", code: code), 2102)
            expectError(await d.enroll(pin: "12a4", code: code), 2102)
        }
    }

    @Test(arguments: BackendKind.available)
    func step8WithTheExistingPINOnASecondDevice(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled-elsewhere") { d in
            let code = try await d.openEnrollmentWindow()
            #expect(expectSuccess(await d.enroll(pin: "1234", code: code)) == ["status": "Enrolled"])
            do { let v = try await d.account(); #expect(v["enrolledDevices"] == ["alice-ipad", "alice-iphone"]) }
        }
    }

    @Test(arguments: BackendKind.available)
    func wrongPINCountsThenBlocksAndTheWindowStaysOpen(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled-elsewhere") { d in
            let code = try await d.openEnrollmentWindow()
            let first = await d.enroll(pin: "0000", code: code)
            expectError(first, 2308)
            #expect(first.error?.detail == "wrong PIN: 2 attempts left")
            do { let v = try await d.account(); #expect(v["pinFailures"] == 1) }
            // Retry without a new SMS: the window stayed open; a right PIN clears the failures.
            #expect(expectSuccess(await d.enroll(pin: "1234", code: code)) == ["status": "Enrolled"])
            do { let v = try await d.account(); #expect(v["pinFailures"] == 0) }
        }
        try await withBackend(kind, "enrolled-elsewhere") { d in
            let code = try await d.openEnrollmentWindow()
            expectError(await d.enroll(pin: "0000", code: code), 2308)
            let second = await d.enroll(pin: "0001", code: code)
            expectError(second, 2308)
            #expect(second.error?.detail == "wrong PIN: 1 attempt left")
            expectError(await d.enroll(pin: "0002", code: code), 2317)
            let account = try await d.account()
            #expect(account["blockState"] == "PINBlocked")
            #expect(account["pinFailures"] == 3)
            expectError(await d.enroll(pin: "1234", code: code), 2317)
        }
    }

    @Test(arguments: BackendKind.available)
    func deviceLimitBlocksTheAccount(kind: BackendKind) async throws {
        try await withBackend(kind, "device-limit") { d in
            let code = try await d.openEnrollmentWindow()
            expectError(await d.enroll(pin: "1234", code: code), 2317)
            #expect(expectSuccess(await d.isAccountBlocked()) == ["isAccountBlocked": "AccountBlocked"])
            do { let v = try await d.account(); #expect(v["enrolledDevices"]?.arrayValue?.count == 5) }
        }
    }

    @Test(arguments: BackendKind.available)
    func theWindowEndsWithTheCodesLifetime(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            let code = try await d.openEnrollmentWindow()
            try await d.advance(600)
            expectError(await d.enroll(pin: "2580", code: code), 2311)
        }
    }

    @Test(arguments: BackendKind.available)
    func aSuccessfulStep8ClosesTheWindow(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled-elsewhere") { d in
            let code = try await d.openEnrollmentWindow()
            expectSuccess(await d.enroll(pin: "1234", code: code))
            expectError(await d.enroll(pin: "1234", code: code), 2311)
        }
    }
}
