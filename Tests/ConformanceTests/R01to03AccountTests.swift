import PIMS
import Testing

@Suite("R1–R3 Enrollment status, account status, trusted phone")
struct R01to03AccountTests {
    @Test(arguments: BackendKind.available)
    func r1IsDeviceActivatedForTheSessionsDevice(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled-elsewhere") { d in
            #expect(expectSuccess(await d.isDeviceActivated()) == ["isDeviceActivated": false])
            try await d.newSession("ipad", device: "alice-ipad")
            #expect(expectSuccess(await d.isDeviceActivated(session: "ipad")) == ["isDeviceActivated": true])
        }
    }

    @Test(arguments: [BackendKind.available.map { ($0, "fresh", "NotBlocked") }, BackendKind.available.map { ($0, "account-blocked", "AccountBlocked") },
                      BackendKind.available.map { ($0, "pin-blocked", "PINBlocked") }].flatMap { $0 })
    func r2IsAccountBlocked(kind: BackendKind, scenario: String, expected: String) async throws {
        try await withBackend(kind, scenario) { d in
            #expect(expectSuccess(await d.isAccountBlocked()) == ["isAccountBlocked": .string(expected)])
        }
    }

    @Test(arguments: BackendKind.available)
    func r2ReferenceVariantSpellsPinBlocked(kind: BackendKind) async throws {
        try await withBackend(kind, "pin-blocked") { d in
            try await d.newSession("ref", device: "alice-iphone", variant: "reference")
            #expect(expectSuccess(await d.isAccountBlocked(session: "ref")) == ["isAccountBlocked": "PinBlocked"])
        }
    }

    @Test(arguments: BackendKind.available)
    func r3TrustedPhoneNumber(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            #expect(expectSuccess(await d.trustedPhone()) == ["phoneNumber": .null])
            try await d.newSession("ref", device: "alice-iphone", variant: "reference")
            expectError(await d.trustedPhone(session: "ref"), 2307)
        }
        try await withBackend(kind, "phone-registered") { d in
            #expect(expectSuccess(await d.trustedPhone()) == ["phoneNumber": "0612345678"])
        }
    }
}

@Suite("R4–R6 Sending SMS codes")
struct R04to06SMSTests {
    @Test(arguments: BackendKind.available)
    func r4SendsACertificationCodeToTheGivenNumber(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            #expect(expectSuccess(await d.requestCertificationSMS("0699999999")) == .null)
            let inbox = try await d.control(["sim": "inbox", "phone": "0699999999"])
            let messages = try #require(inbox["messages"]?.arrayValue)
            #expect(messages.count == 1)
            #expect(messages[0]["purpose"] == "phoneNumberCertification")
            #expect(messages[0]["code"]?.stringValue?.count == 4)
            #expect(messages[0]["sentAt"] == "2026-01-05T09:00:00Z")
            #expect(messages[0]["expiresAt"] == "2026-01-05T09:10:00Z")
        }
    }

    @Test(arguments: BackendKind.available)
    func r4SendLimitPerPhoneIs2204WithDetail(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            for _ in 1...5 {
                expectSuccess(await d.requestCertificationSMS())
                try await d.advance(10)
            }
            let sixth = await d.requestCertificationSMS("+33612345678")  // the same number in E.164
            expectError(sixth, 2204)
            let detail = try #require(sixth.error?.detail)
            #expect(detail.contains("5"))
            #expect(detail.contains("retry after 2026-01-05T09:10:00Z"))
            // Another number is not limited; and the window slides.
            expectSuccess(await d.requestCertificationSMS("0611111111"))
            try await d.advance(600 - 50)
            expectSuccess(await d.requestCertificationSMS())
        }
    }

    @Test(arguments: BackendKind.available)
    func r5EnrollmentCodeGoesToTheTrustedPhoneAndIgnoresAPhoneParameter(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectError(await d.requestEnrollmentSMS(), 2307)
        }
        try await withBackend(kind, "phone-registered") { d in
            expectSuccess(await d.call(.get, "pims.authentication.smscode", ["type": "enrollment", "phoneNumber": "0677777777"]))
            let inbox = try await d.control(["sim": "inbox", "phone": "0612345678"])
            #expect(inbox["messages"]?.arrayValue?.last?["purpose"] == "enrollment")
            let other = try await d.control(["sim": "inbox", "phone": "0677777777"])
            #expect(other["messages"]?.arrayValue == [])
        }
    }

    @Test(arguments: BackendKind.available)
    func r6ResetPINCodeGoesToTheTrustedPhone(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectError(await d.requestResetPINSMS(), 2307)
        }
        try await withBackend(kind, "enrolled") { d in
            expectSuccess(await d.requestResetPINSMS())
            let inbox = try await d.control(["sim": "inbox", "phone": "0612345678"])
            #expect(inbox["messages"]?.arrayValue?.last?["purpose"] == "resetPIN")
        }
    }
}

@Suite("R7 Checking a code")
struct R07CodeCheckTests {
    @Test(arguments: BackendKind.available)
    func noCodeEverSentIs2305(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectError(await d.addPhoneNumber(code: "1234"), 2305)
        }
    }

    @Test(arguments: BackendKind.available)
    func aNewerSendReplacesTheOlderCode(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectSuccess(await d.requestCertificationSMS())
            let first = try await d.newestCode(Driver.phone)
            expectSuccess(await d.requestCertificationSMS())
            let second = try await d.newestCode(Driver.phone)
            if first != second { expectError(await d.addPhoneNumber(code: first), 2305) }
            expectSuccess(await d.addPhoneNumber(code: second))
        }
    }

    @Test(arguments: BackendKind.available)
    func theCodeMustBeForThatPhoneNumber(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectSuccess(await d.requestCertificationSMS("0611111111"))
            let code = try await d.newestCode("0611111111")
            expectError(await d.addPhoneNumber(code: code, phone: "0622222222"), 2305)
            expectSuccess(await d.addPhoneNumber(code: code, phone: "0611111111"))
        }
    }

    @Test(arguments: BackendKind.available)
    func pastItsLifetimeIs2306(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectSuccess(await d.requestCertificationSMS())
            let code = try await d.newestCode(Driver.phone)
            try await d.advance(599)
            try await d.advance(1)
            expectError(await d.addPhoneNumber(code: code), 2306)
        }
    }

    @Test(arguments: BackendKind.available)
    func wrongChecksBurnTheCode(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            expectSuccess(await d.requestCertificationSMS())
            let code = try await d.newestCode(Driver.phone)
            let first = await d.addPhoneNumber(code: Driver.wrong(code))
            expectError(first, 2305)
            #expect(first.error?.detail?.contains("4 checks left") == true)
            for _ in 2...5 { expectError(await d.addPhoneNumber(code: Driver.wrong(code)), 2305) }
            let burnt = await d.addPhoneNumber(code: code)  // the right digits, too late
            expectError(burnt, 2305)
            #expect(burnt.error?.detail?.contains("burnt") == true)
        }
    }

    @Test(arguments: BackendKind.available)
    func aCodeIsConsumedBySuccess(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            expectSuccess(await d.requestEnrollmentSMS())
            let code = try await d.newestCode(Driver.phone)
            expectSuccess(await d.checkEnrollmentCode(code))
            expectError(await d.checkEnrollmentCode(code), 2305)
        }
    }

    @Test(arguments: BackendKind.available)
    func failuresBeforeTheCheckDoNotTouchTheCode(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            expectSuccess(await d.requestResetPINSMS())
            let code = try await d.newestCode(Driver.phone)
            expectError(await d.resetPIN("1234", code: code), 2315)  // R13: equal PIN, before the check
            expectError(await d.resetPIN("12", code: code), 2102)  // R13: PIN form, before the check
            expectSuccess(await d.resetPIN("5678", code: code))
            expectError(await d.resetPIN("4321", code: code), 2305)  // consumed
        }
    }

    @Test(arguments: BackendKind.available)
    func aCallFailingAfterItsCodeCheckLeavesTheCodeUsable(kind: BackendKind) async throws {
        // R8 checks the device limit after the code: the failure leaves the code usable (by R9 here,
        // which has no block check).
        try await withBackend(kind, "fresh") { d in
            try await d.loadYAML(Scenarios.fullOfDevicesWithoutPhone)
            expectSuccess(await d.requestCertificationSMS())
            let code = try await d.newestCode(Driver.phone)
            expectError(await d.enrollWithPhoneNumber(pin: "1234", code: code), 2317)
            expectSuccess(await d.addPhoneNumber(code: code))
        }
    }
}
