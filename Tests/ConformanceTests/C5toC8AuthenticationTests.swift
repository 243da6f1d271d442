import Card
import PIMS
import Testing

@Suite("Card C5 verifyPIN, C6 verifyPINUsingTouchID: auto enrollment")
struct C5C6VerifyTests {
    typealias C = CardDriver

    @Test(arguments: BackendKind.available)
    func c5TheRightPINVerifiesTheTransactionWhichStaysPending(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase()
            let result = expectCardSuccess(await d.casa.verifyPIN("1234", id))
            #expect(result == ["status": "SUCCESS", "attemptAgain": false, "attemptsLeft": 3, "transactionId": .string(id)])
            #expect(await d.casa.status(id) == "pending")
            #expect(try await d.casa.exportedWorld().casa.transaction(id)?.verifiedOn == "default")
        }
    }

    @Test(arguments: BackendKind.available)
    func c5AWrongPINCountsWithAttemptsLeftThenLocksAndDeclines(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase()
            for left in [2, 1] {
                let r = await d.casa.verifyPIN("0000", id)
                expectCardError(r, .invalidPIN, mentioning: "\(left) attempt")
                #expect(r.result?["attemptAgain"] == true && r.result?["attemptsLeft"] == .int(left), "\(JSONText.encode(r.json))")
            }
            let last = await d.casa.verifyPIN("0000", id)
            expectCardError(last, .attemptsExhausted, mentioning: "the PIN is locked")
            #expect(last.result?["attemptAgain"] == false && last.result?["attemptsLeft"] == 0)
            #expect(await d.casa.status(id) == "declined")
            #expect(expectCardSuccess(await d.casa.getTransaction(id))["transStatus"] == "N")
            let holder = try await d.casa.exportedWorld().casa.cardholder("alice@example.com")
            #expect(holder?.pinLocked == true && holder?.pinFailures == 3)
            // The next purchase meets the lock, even with the right PIN.
            let next = try await d.casa.purchase()
            expectCardError(await d.casa.verifyPIN("1234", next), .pinLocked)
            expectCardError(await d.casa.authenticate("1234", try await d.casa.purchase("4242")), .pinLocked)
        }
    }

    @Test(arguments: BackendKind.available)
    func c5TheRightPINClearsTheFailures(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase()
            expectCardError(await d.casa.verifyPIN("0000", id), .invalidPIN)
            expectCardSuccess(await d.casa.verifyPIN("1234", id))
            #expect(await d.casa.verifyPIN("0000", id).result?["attemptsLeft"] == 2)  // counted from zero again
        }
    }

    /// C5's order: a request that breaks two checks answers the earlier one.
    @Test(arguments: BackendKind.available)
    func c5ChecksInTheContractsOrder(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            // unknown before anything else
            expectCardError(await d.casa.verifyPIN("0000", "FFFFFFFFFFFFFFFF", autoEnrollId: "x"), .noTransaction)
            // expired before the autoEnrollId
            let old = try await d.casa.purchase()
            try await d.advance(300)
            expectCardError(await d.casa.verifyPIN("0000", old, autoEnrollId: "x"), .transactionExpired)
            // closed before the autoEnrollId
            let rejected = try await d.casa.purchase()
            expectCardSuccess(await d.casa.cancel(rejected))
            expectCardError(await d.casa.verifyPIN("0000", rejected, autoEnrollId: "x"), .transactionClosed)
            // the autoEnrollId before the PIN: nothing counted
            let id = try await d.casa.purchase()
            expectCardError(await d.casa.verifyPIN("0000", id, autoEnrollId: "00000000000000000000"), .invalidAutoEnrollID)
            expectCardError(await d.casa.verifyPIN("1234", id, autoEnrollId: ""), .invalidAutoEnrollID)
            // a standard transaction has no autoEnrollId to verify
            let standard = try await d.casa.purchase("4242")
            expectCardError(await d.casa.verifyPIN("1234", standard, autoEnrollId: ""), .invalidAutoEnrollID, mentioning: "sets up no card")
            #expect(await d.casa.verifyPIN("0000", id).result?["attemptsLeft"] == 2)
        }
    }

    @Test(arguments: BackendKind.available)
    func c5ThePINLockBeforeTheInactiveAccountsBeforeThePIN(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            try await d.loadYAML(CardScenarios.replacement(pinFailures: 3, pinLocked: true, state4242: "inactive"))
            expectCardError(await d.casa.verifyPIN("1234", try await d.casa.purchase()), .pinLocked)
        }
        try await withBackend(kind, "card-inactive") { d in
            let id = try await d.casa.purchase()
            expectCardError(await d.casa.verifyPIN("0000", id), .inactiveAccount, mentioning: "every account linked to acct-8888 is inactive")
            expectCardError(await d.casa.touchID("success", id), .inactiveAccount)
            // Nothing was counted, and the issuer's operation reopens the path.
            try await d.casa.setCard("4242", "active")
            #expect(await d.casa.verifyPIN("0000", id).result?["attemptsLeft"] == 2)
            expectCardSuccess(await d.casa.verifyPIN("1234", id))
        }
    }

    @Test(arguments: BackendKind.available)
    func c6BiometricOutcomes(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase()
            expectCardError(await d.casa.touchID("failure", id), .biometricFailed)
            let fallback = await d.casa.touchID("fallback", id)
            expectCardError(fallback, .biometricFallback)
            #expect(fallback.result?["fallback"] == true)
            expectCardError(await d.casa.touchID("cancel", id), .biometricCancelled, mentioning: "still pending")
            #expect(await d.casa.status(id) == "pending")
            // Never counted as PIN failures.
            #expect(try await d.casa.exportedWorld().casa.cardholder("alice@example.com")?.pinFailures == 0)
            expectCardError(await d.casa.touchID("success", id, autoEnrollId: "00000000000000000000"), .invalidAutoEnrollID)
            let ok = expectCardSuccess(await d.casa.touchID("success", id))
            #expect(ok["transactionId"] == .string(id))
            expectCardSuccess(await d.casa.autoEnroll())
        }
    }

    @Test(arguments: BackendKind.available)
    func c6WithoutBiometricsIsInvalidParameterFirst(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            try await d.casa.session("nobio", biometrics: false)
            expectCardError(await d.casa.touchID("success", "FFFFFFFFFFFFFFFF", session: "nobio"), .invalidParameter,
                            mentioning: "biometrics are not enabled on this device")
            try await d.loadYAML(CardScenarios.replacement(biometricAllowed: false))
            expectCardError(await d.casa.touchID("success", try await d.casa.purchase()), .invalidParameter, mentioning: "the issuer does not allow")
        }
    }
}

@Suite("Card C7 autoEnrollAccount, C8 authenticateUsingUserPin")
struct C7C8EnrollAndStandardFlowTests {
    @Test(arguments: BackendKind.available)
    func c7TheVerifiedCardIsSetUpOnThisPhoneAndTheTransactionApproved(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase()
            expectCardError(await d.casa.autoEnroll(), .notVerified)
            expectCardSuccess(await d.casa.verifyPIN("1234", id))
            let result = expectCardSuccess(await d.casa.autoEnroll("  Travel card "))
            #expect(result["transactionStatus"] == "approved" && result["transStatus"] == "Y")
            #expect(result["account"] == ["accountId": "acct-8888", "displayName": "Travel card", "maskedCardNumber": "•••• 8888",
                                          "expiry": "12/29", "state": "active"])
            #expect(await d.casa.accountStates() == ["acct-4242": "active", "acct-8888": "active"])
            #expect(await d.casa.status(id) == "approved")
            expectCardError(await d.casa.autoEnroll(), .notVerified)  // nothing waits any more
            // Now set up, the card's next purchase runs the standard flow.
            let next = try await d.casa.purchase("8888")
            #expect(expectCardSuccess(await d.casa.getTransaction(next))["autoEnrollId"] == "")
            expectCardSuccess(await d.casa.authenticate("1234", next))
        }
    }

    @Test(arguments: BackendKind.available)
    func c7OnlyThisDevicesVerificationAndTheNameFirst(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            try await d.casa.secondPhone("ipad")
            let id = try await d.casa.purchase()
            expectCardSuccess(await d.casa.verifyPIN("1234", id, session: "ipad"))
            expectCardError(await d.casa.autoEnroll(""), .invalidParameter, mentioning: "displayName")
            expectCardError(await d.casa.autoEnroll(), .notVerified, mentioning: "on this device")
            expectCardSuccess(await d.casa.autoEnroll(session: "ipad"))
            #expect(await d.casa.accountStates(session: "ipad")["acct-8888"] == "active")
            #expect(await d.casa.accountStates()["acct-8888"] == nil)
        }
    }

    @Test(arguments: BackendKind.available)
    func c7AReinstalledAppHasNoVerificationWaiting(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            try await d.casa.secondPhone("ipad")
            let id = try await d.casa.purchase()
            expectCardSuccess(await d.casa.verifyPIN("1234", id, session: "ipad"))
            try await d.casa.session("ipad")  // the app installed afresh under the same session
            expectCardError(await d.casa.autoEnroll(session: "ipad"), .notVerified)
            #expect(await d.casa.status(id) == "pending")
        }
    }

    @Test(arguments: BackendKind.available)
    func c7AVerifiedTransactionLeftPastItsExpiryIsExpired(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase()
            expectCardSuccess(await d.casa.verifyPIN("1234", id))
            try await d.advance(300)
            expectCardError(await d.casa.autoEnroll(), .transactionExpired)
            #expect(await d.casa.accountStates() == ["acct-4242": "active"])
        }
    }

    @Test(arguments: BackendKind.available)
    func c8TheStandardFlowApprovesWithThePIN(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase("4242")
            let wrong = await d.casa.authenticate("9999", id)
            expectCardError(wrong, .invalidPIN)
            #expect(wrong.result?["attemptsLeft"] == 2)
            let result = expectCardSuccess(await d.casa.authenticate("1234", id))
            #expect(result["transactionStatus"] == "approved" && result["transStatus"] == "Y")
            expectCardError(await d.casa.authenticate("1234", id), .transactionClosed)
        }
    }

    @Test(arguments: BackendKind.available)
    func c8OnAnAutoEnrollTransactionIsInvalidParameterAndCountsNothing(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase("8888")
            expectCardError(await d.casa.authenticate("0000", id), .invalidParameter, mentioning: "use casa.verifyPIN")
            #expect(await d.casa.verifyPIN("0000", id).result?["attemptsLeft"] == 2)
        }
    }

    @Test(arguments: BackendKind.available)
    func c8ACardMadeInactiveAfterThePurchase(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase("4242")
            try await d.casa.setCard("4242", "inactive")
            expectCardError(await d.casa.authenticate("1234", id), .inactiveAccount)
            #expect(await d.casa.accountStates() == ["acct-4242": "inactive"])
        }
    }

    @Test(arguments: BackendKind.available)
    func c8WrongPINsExhaustTheAttemptsAndDecline(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase("4242")
            expectCardError(await d.casa.authenticate("0000", id), .invalidPIN)
            expectCardError(await d.casa.authenticate("0000", id), .invalidPIN)
            expectCardError(await d.casa.authenticate("0000", id), .attemptsExhausted)
            #expect(await d.casa.status(id) == "declined")
        }
    }
}
