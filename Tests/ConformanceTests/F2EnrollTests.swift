import Futurae
import PIMS
import Testing

/// F2 `futurae.enroll`, step by step (F2.1 … F2.9), then the contract's order of checks: a request
/// that breaks two checks answers the earlier one's error.
@Suite("Futurae F2 Enroll")
struct F2EnrollTests {
    typealias F = FuturaeDriver

    @Test(arguments: BackendKind.available)
    func f2_1NeitherOrBothCodesIs31(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            expectFuturaeError(await d.futurae.enroll(sdkPin: "1234", token: F.pinToken), .invalidParameter, mentioning: "\"activationCode\"")
            expectFuturaeError(await d.futurae.enroll(qr: F.pinQR, shortCode: F.pinShortCode, sdkPin: "1234", token: F.pinToken),
                               .invalidParameter, mentioning: "not both")
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_2AnEnrollInFlightIs8UntilTheClockPassesIt(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            let alice = try await d.futurae.activation(F.alice)
            let bob = try await d.futurae.activation(F.bob)
            // A latency fault of 1.5 s: the enroll is answered (here at once: tests do not sleep) and
            // stays in flight for 2 s of simulated time.
            #expect(try await d.control(["sim": "fault", "name": "futurae.enroll", "latencyMs": 1500, "times": 1]).ok)
            expectFuturaeSuccess(await d.futurae.enroll(qr: alice["qrCode"]?.stringValue))
            expectFuturaeError(await d.futurae.enroll(qr: bob["qrCode"]?.stringValue), .multipleEnrollDisallowed)
            // Another session's SDK is not concerned.
            try await d.futurae.session("ipad", device: "alice-ipad")
            expectFuturaeSuccess(await d.futurae.enroll(qr: bob["qrCode"]?.stringValue, session: "ipad"))
            try await d.advance(1)
            expectFuturaeError(await d.futurae.enroll(qr: F.unknownQR), .multipleEnrollDisallowed)
            try await d.advance(1)
            // In flight no more: the next check answers (bob's activation was used on the iPad).
            expectFuturaeError(await d.futurae.enroll(qr: bob["qrCode"]?.stringValue), .activationCodeNotFound, detail: "already used")
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_3AnArchivedDeviceIs13(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            await d.futurae.archive()
            expectFuturaeError(await d.futurae.enroll(qr: F.bobQR), .deviceArchived)
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_4TheQRPayloadsForm(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            expectFuturaeError(await d.futurae.enroll(qr: "https://bank.acme.example/enroll"), .invalidQRCode)
            expectFuturaeError(await d.futurae.enroll(qr: "futurae://pay?x=1"), .invalidQRCode)
            for other in ["futurae://auth?x=1", "futurae://offline?x=1", "futurae://usernameless?x=1"] {
                expectFuturaeError(await d.futurae.enroll(qr: other), .invalidQRCodeEnroll)
            }
            expectFuturaeError(await d.futurae.enroll(qr: "futurae://enroll"), .invalidEncodingActivationCode)
            expectFuturaeError(await d.futurae.enroll(qr: "futurae://enroll?activation_code=abc"), .invalidEncodingActivationCode)
            // Standard base64 is not base64url.
            expectFuturaeError(await d.futurae.enroll(qr: "futurae://enroll?activation_code=3qtYl0cd036QUJAhzL2/xKDWvcnUd3+iGORr2qzJw9w"),
                               .invalidEncodingActivationCode)
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_4AShortcodeIs16DigitsWithOrWithoutSpaces(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            for bad in ["2216 8578 5739", "2216-8578-5739-9044", "22168578573990441", "abcd efgh ijkl mnop", ""] {
                expectFuturaeError(await d.futurae.enroll(shortCode: bad), .invalidActivationCode)
            }
            let alice = try await d.futurae.activation(F.alice, shortCode: true)
            let bob = try await d.futurae.activation(F.bob, shortCode: true)
            let shown = try #require(alice["shortCode"]?.stringValue)
            expectFuturaeSuccess(await d.futurae.enroll(shortCode: shown))  // as shown: four groups
            let digits = try #require(bob["shortCode"]?.stringValue).filter { $0 != " " }
            expectFuturaeSuccess(await d.futurae.enroll(shortCode: digits))  // as typed without spaces
            #expect(await d.futurae.accountIds() == [F.alice, F.bob])
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_5SDKPinLockTypeWithoutAPINNeedsOne(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            expectFuturaeError(await d.futurae.enroll(shortCode: F.pinShortCode, token: F.pinToken), .sdkPinEnrollRequired)
            expectFuturaeError(await d.futurae.enroll(shortCode: F.pinShortCode, sdkPin: "", token: F.pinToken), .sdkPinEmpty)
            for bad in ["123", "123456789", "12a4", " 1234"] {
                expectFuturaeError(await d.futurae.enroll(shortCode: F.pinShortCode, sdkPin: bad, token: F.pinToken), .invalidParameter,
                                   mentioning: "4 to 8 digits")
            }
            expectFuturaeSuccess(await d.futurae.enroll(shortCode: F.pinShortCode, sdkPin: "12345678", token: F.pinToken))
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_5OnceAPINIsSetEnrollIsProtected(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            expectFuturaeError(await d.futurae.enroll(qr: F.bobQR, sdkPin: "5678"), .multiplePinEnrollDisallowed)
            expectFuturaeError(await d.futurae.enroll(qr: F.bobQR), .locked)
            expectFuturaeSuccess(await d.futurae.unlock(pin: "1234"))
            expectFuturaeError(await d.futurae.enroll(qr: F.bobQR, sdkPin: "5678"), .multiplePinEnrollDisallowed)  // unlocked or not
            expectFuturaeSuccess(await d.futurae.enroll(qr: F.bobQR))
            #expect(await d.futurae.accountIds() == [F.alice, F.bob])
        }
    }

    @Test(arguments: BackendKind.available, ["none", "biometricsOnly", "biometricsOrPasscode"])
    func f2_5AnyOtherLockTypeWithAnSDKPinIsPinNotNeeded(kind: BackendKind, lockType: String) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            try await d.futurae.session("other", lockType: lockType)
            let alice = try await d.futurae.activation(F.alice)
            let qr = alice["qrCode"]?.stringValue
            expectFuturaeError(await d.futurae.enroll(qr: qr, sdkPin: "1234", session: "other"), .pinNotNeeded)
            expectFuturaeError(await d.futurae.enroll(qr: qr, sdkPin: "", session: "other"), .pinNotNeeded)
            // Nothing protects enroll under these lock types, locked or not.
            expectFuturaeSuccess(await d.futurae.lock(session: "other"))
            expectFuturaeSuccess(await d.futurae.enroll(qr: qr, session: "other"))
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_6AnUnknownCodeIs2(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            expectFuturaeError(await d.futurae.enroll(qr: F.unknownQR), .activationCodeNotFound)
            expectFuturaeError(await d.futurae.enroll(shortCode: "0000 0000 0000 0000"), .activationCodeNotFound)
            // A code that has no shortcode is not found by digits, nor a shortcode by QR.
            _ = try await d.futurae.activation(F.alice)
            expectFuturaeError(await d.futurae.enroll(shortCode: "1111222233334444"), .activationCodeNotFound)
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_6AnExpiredActivationIs2ExpiredAndBecomesExpired(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            let a = try await d.futurae.activation(F.alice, validSeconds: 60)
            let id = try #require(a["enrollmentId"]?.stringValue)
            try await d.advance(59)
            #expect(try await d.futurae.statuses()[id] == "pending")
            try await d.advance(1)
            expectFuturaeError(await d.futurae.enroll(qr: a["qrCode"]?.stringValue), .activationCodeNotFound, detail: "expired")
            #expect(try await d.futurae.statuses()[id] == "expired")
            #expect(try await d.futurae.exportedWorld().futurae.activations.first?.status == .expired)  // written, not only shown
            expectFuturaeError(await d.futurae.enroll(qr: a["qrCode"]?.stringValue), .activationCodeNotFound, detail: "expired")
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_6AShortcodeActivationLivesTenMinutes(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            try await d.advance(600)
            let r = await d.futurae.enroll(shortCode: F.pinShortCode, sdkPin: "1234", token: F.pinToken)
            expectFuturaeError(r, .activationCodeNotFound, detail: "expired")
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_6AUsedActivationIs2AlreadyUsed(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            let a = try await d.futurae.activation(F.alice)
            expectFuturaeSuccess(await d.futurae.enroll(qr: a["qrCode"]?.stringValue))
            try await d.futurae.session("ipad", device: "alice-ipad")
            expectFuturaeError(await d.futurae.enroll(qr: a["qrCode"]?.stringValue, session: "ipad"), .activationCodeNotFound, detail: "already used")
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_7BindingNeedsTheRightTokenAndStaysPending(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            let pending = try await d.futurae.statuses()
            expectFuturaeError(await d.futurae.enroll(shortCode: F.pinShortCode, sdkPin: "1234"), .bindingTokenCheckFailed)
            expectFuturaeError(await d.futurae.enroll(shortCode: F.pinShortCode, sdkPin: "1234", token: "57S6KDIN"), .bindingTokenCheckFailed)
            expectFuturaeError(await d.futurae.enroll(shortCode: F.pinShortCode, sdkPin: "1234", token: "57s6kdim"), .bindingTokenCheckFailed)
            #expect(try await d.futurae.statuses() == pending)  // still pending: the user may retry
            // The failed tries set no PIN: the retry still gives one.
            expectFuturaeSuccess(await d.futurae.enroll(shortCode: F.pinShortCode, sdkPin: "1234", token: F.pinToken))
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_7ATokenForAnActivationWithoutBindingIsIgnored(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            let a = try await d.futurae.activation(F.alice, binding: false)
            #expect(a["bindingToken"] == .null)
            expectFuturaeSuccess(await d.futurae.enroll(qr: a["qrCode"]?.stringValue, token: "ANYTHING"))
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_8AUserAlreadyOnThisDeviceIs12(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            expectFuturaeSuccess(await d.futurae.unlock(pin: "1234"))
            let again = try await d.futurae.activation(F.alice)
            expectFuturaeError(await d.futurae.enroll(qr: again["qrCode"]?.stringValue), .accountActive)
            let id = try #require(again["enrollmentId"]?.stringValue)
            #expect(try await d.futurae.statuses()[id] == "pending")
        }
    }

    @Test(arguments: BackendKind.available)
    func f2_9SuccessAddsTheAccountAndUsesTheActivation(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            let a = try await d.futurae.activation("alice@example.com")
            let result = expectFuturaeSuccess(await d.futurae.enroll(qr: a["qrCode"]?.stringValue))
            #expect(result == ["account": [
                "userId": .string(F.alice), "username": "alice@example.com",
                "serviceId": "07b7e1f4-2197-481a-b776-1adcb140af06", "serviceName": "Acme Bank",
                "serviceLogo": "https://bank.acme.example/logo.png", "deviceId": "alice-iphone",
                "enrolled": true, "lockedOut": false, "enrolledAt": "2026-01-05T09:00:00Z",
            ]])
            #expect(try await d.futurae.statuses()[try #require(a["enrollmentId"]?.stringValue)] == "success")
            #expect(try await d.futurae.exportedWorld().futurae.user(F.alice)?.devices == ["alice-iphone"])
            #expect(await d.futurae.accountIds() == [F.alice])
        }
    }

    /// futurae-pin: the seed's longest path — shortcode, SDK PIN and binding token in one enroll; the PIN
    /// is set and the SDK unlocked for the session's unlockDuration.
    @Test(arguments: BackendKind.available)
    func f2_9WithAnSDKPinThePINIsSetAndTheSDKUnlocked(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            let result = expectFuturaeSuccess(await d.futurae.enroll(shortCode: F.pinShortCode, sdkPin: "2468", token: F.pinToken))
            #expect(result["account"]?["username"] == "alice@example.com")
            // Unlocked: another account enrolls without a PIN prompt, for 60 s.
            let bob = try await d.futurae.activation(F.bob)
            try await d.advance(59)
            expectFuturaeSuccess(await d.futurae.enroll(qr: bob["qrCode"]?.stringValue))
            try await d.advance(1)
            let carol = try await d.futurae.activation(F.alice)
            expectFuturaeError(await d.futurae.enroll(qr: carol["qrCode"]?.stringValue), .locked)
            // The PIN set is the one given.
            expectFuturaeError(await d.futurae.unlock(pin: "1234"), .incorrectPin)
            #expect(expectFuturaeSuccess(await d.futurae.unlock(pin: "2468")) == ["unlockedUntil": "2026-01-05T09:02:00Z"])
        }
    }

    // MARK: the order of checks

    @Test(arguments: BackendKind.available)
    func order1Before2And2Before3And3Before4(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            #expect(try await d.control(["sim": "fault", "name": "futurae.enroll", "latencyMs": 1000, "times": 1]).ok)
            expectFuturaeError(await d.futurae.enroll(qr: F.bobQR), .locked)  // in flight from now on (1 s)
            await d.futurae.archive()
            // Checks 1, 2, 3 and 4 all broken: 1 answers; then 2, 3, 4 in turn.
            expectFuturaeError(await d.futurae.enroll(qr: "nonsense", shortCode: "1"), .invalidParameter)
            expectFuturaeError(await d.futurae.enroll(qr: "nonsense"), .multipleEnrollDisallowed)
            try await d.advance(1)
            expectFuturaeError(await d.futurae.enroll(qr: "nonsense"), .deviceArchived)
        }
    }

    @Test(arguments: BackendKind.available)
    func order4Before5And5Before6(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            // No SDK PIN given where one is needed (5) and a payload that is not Futurae's (4): 4.
            expectFuturaeError(await d.futurae.enroll(qr: "otpauth://totp/acme"), .invalidQRCode)
            expectFuturaeError(await d.futurae.enroll(qr: "futurae://auth?x=1"), .invalidQRCodeEnroll)
            expectFuturaeError(await d.futurae.enroll(qr: "futurae://enroll?activation_code=x"), .invalidEncodingActivationCode)
            expectFuturaeError(await d.futurae.enroll(shortCode: "123"), .invalidActivationCode)
            // An unknown code (6) and no SDK PIN (5): 5.
            expectFuturaeError(await d.futurae.enroll(qr: F.unknownQR), .sdkPinEnrollRequired)
            expectFuturaeError(await d.futurae.enroll(qr: F.unknownQR, sdkPin: "12"), .invalidParameter)
        }
    }

    @Test(arguments: BackendKind.available)
    func orderInside5(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            // PIN set: empty (9) before already set (10), already set (10) before malformed (31),
            // already set (10) before locked (3).
            expectFuturaeError(await d.futurae.enroll(qr: F.bobQR, sdkPin: ""), .sdkPinEmpty)
            expectFuturaeError(await d.futurae.enroll(qr: F.bobQR, sdkPin: "12"), .multiplePinEnrollDisallowed)
            expectFuturaeError(await d.futurae.enroll(qr: F.bobQR), .locked)
            // Locked (5) before an unknown code (6).
            expectFuturaeError(await d.futurae.enroll(qr: F.unknownQR), .locked)
        }
    }

    @Test(arguments: BackendKind.available)
    func orderInside6ExpiredBeforeAlreadyUsed(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            expectFuturaeSuccess(await d.futurae.unlock(pin: "1234"))
            expectFuturaeError(await d.futurae.enroll(qr: F.aliceUsedQR), .activationCodeNotFound, detail: "already used")
            try await d.advance(7 * 86_400)  // past its expiresAt
            expectFuturaeSuccess(await d.futurae.unlock(pin: "1234"))
            expectFuturaeError(await d.futurae.enroll(qr: F.aliceUsedQR), .activationCodeNotFound, detail: "expired")
            // A used activation stays `success` (only a pending one becomes expired).
            #expect(try await d.futurae.statuses(user: F.alice).values.sorted() == ["success"])
        }
    }

    @Test(arguments: BackendKind.available)
    func order6Before7And7Before8(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            // Expired (6) and no binding token (7): 6.
            try await d.advance(600)
            expectFuturaeError(await d.futurae.enroll(shortCode: F.pinShortCode, sdkPin: "1234"), .activationCodeNotFound, detail: "expired")
        }
        try await withBackend(kind, "futurae-enrolled") { d in
            // Wrong token (7) for a user already on the device (8): 7.
            expectFuturaeSuccess(await d.futurae.unlock(pin: "1234"))
            let bound = try await d.futurae.activation(F.alice, binding: true)
            expectFuturaeError(await d.futurae.enroll(qr: bound["qrCode"]?.stringValue, token: "WRONGTKN"), .bindingTokenCheckFailed)
            expectFuturaeError(await d.futurae.enroll(qr: bound["qrCode"]?.stringValue, token: bound["bindingToken"]?.stringValue), .accountActive)
        }
    }
}
