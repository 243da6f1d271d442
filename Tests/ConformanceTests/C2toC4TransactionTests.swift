import Card
import PIMS
import Testing

@Suite("Card C2 getTransaction, C3 getEnabledAuthenticationTypes, C4 cancelTransaction")
struct C2toC4TransactionTests {
    @Test(arguments: BackendKind.available)
    func c2TheNewestPendingOneWithoutAnIdAndAnyOfThisDevicesById(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            expectCardError(await d.casa.getTransaction(), .noTransaction, mentioning: "no pending transaction on this device")
            let first = try await d.casa.purchase("8888", merchant: "First")
            try await d.advance(10)
            let second = try await d.casa.purchase("4242", merchant: "Second")
            let newest = expectCardSuccess(await d.casa.getTransaction())
            #expect(newest["transactionId"] == .string(second) && newest["merchantName"] == "Second")
            #expect(newest["secondsLeft"] == 300 && newest["authenticationTypes"] == ["PIN", "BIOMETRIC"] && newest["transStatus"] == .null)
            expectCardSuccess(await d.casa.cancel(second))
            // The rejected one is no longer the newest pending; by id it is still readable, with its status.
            #expect(expectCardSuccess(await d.casa.getTransaction())["transactionId"] == .string(first))
            let rejected = expectCardSuccess(await d.casa.getTransaction(second))
            #expect(rejected["transactionStatus"] == "rejected" && rejected["transStatus"] == "R")
            expectCardError(await d.casa.getTransaction("0000000000000000"), .noTransaction)
        }
    }

    @Test(arguments: BackendKind.available)
    func c2AnotherDevicesTransactionIsUnknownHere(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase()
            try await d.casa.session("bobs", device: "bob-phone")
            expectCardError(await d.casa.getTransaction(id, session: "bobs"), .noTransaction, mentioning: "on this device")
            expectCardError(await d.casa.cancel(id, session: "bobs"), .noTransaction)
            #expect(await d.casa.status(id) == "pending")
        }
    }

    @Test(arguments: BackendKind.available)
    func c2PastExpiresAtItIsExpired(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase()
            try await d.advance(299)
            #expect(expectCardSuccess(await d.casa.getTransaction(id))["secondsLeft"] == 1)
            try await d.advance(1)  // at expiresAt it is over
            expectCardError(await d.casa.getTransaction(), .transactionExpired, mentioning: "expired at 2026-01-05T09:05:00Z")
            // Written: no longer pending, so the newest pending one is none; by id it stays expired.
            expectCardError(await d.casa.getTransaction(), .noTransaction)
            expectCardError(await d.casa.getTransaction(id), .transactionExpired)
            #expect(try await d.casa.pushes().first?["transactionStatus"] == "expired")
            #expect(try await d.casa.exportedWorld().casa.transactions.first?.status == .expired)
        }
    }

    @Test(arguments: BackendKind.available)
    func c3PINAndBiometricWhenTheIssuerAndTheDeviceAllowIt(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            #expect(expectCardSuccess(await d.casa.types()) == ["status": "SUCCESS", "types": ["PIN", "BIOMETRIC"]])
            try await d.casa.session("nobio", biometrics: false)
            #expect(expectCardSuccess(await d.casa.types(session: "nobio"))["types"] == ["PIN"])
            try await d.loadYAML(CardScenarios.replacement(biometricAllowed: false))
            #expect(expectCardSuccess(await d.casa.types())["types"] == ["PIN"])
        }
    }

    @Test(arguments: BackendKind.available)
    func c4NoRejectsAndChangesNoAccount(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase()
            let result = expectCardSuccess(await d.casa.cancel(id))
            #expect(result["transactionStatus"] == "rejected" && result["transStatus"] == "R" && result["transactionId"] == .string(id))
            #expect(await d.casa.accountStates() == ["acct-4242": "active"])
            expectCardError(await d.casa.cancel(id), .transactionClosed, mentioning: "is rejected")
            expectCardError(await d.casa.verifyPIN("1234", id), .transactionClosed)
            #expect(try await d.casa.exportedWorld().casa.card("acct-8888")?.state == .uploaded)
        }
    }

    @Test(arguments: BackendKind.available)
    func c4AnExpiredTransactionAnswersC2sErrorBeforeClosed(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase()
            try await d.advance(CardPolicy.transactionLifetimeSeconds)
            expectCardError(await d.casa.cancel(id), .transactionExpired)
            expectCardError(await d.casa.cancel(id), .transactionExpired)  // expired is not "closed"
        }
    }
}

/// Small card worlds for cases the built-ins do not hold, loaded with the `load` control.
enum CardScenarios {
    static func replacement(biometricAllowed: Bool = true, pinFailures: Int = 0, pinLocked: Bool = false, state4242: String = "active") -> String {
        """
        name: card-test
        description: a test world
        startTime: "2026-01-05T09:00:00Z"
        seed: 7
        session:
          device: alice-iphone
        casa:
          issuer:
            name: Acme Bank
            biometricAllowed: \(biometricAllowed)
          cardholders:
            - userId: alice@example.com
              name: Alice Martin
              pin: "1234"
              pinFailures: \(pinFailures)
              pinLocked: \(pinLocked)
          cards:
            - accountId: acct-4242
              userId: alice@example.com
              maskedCardNumber: "4242"
              expiry: 01/26
              displayName: Acme Visa
              state: \(state4242)
            - accountId: acct-8888
              userId: alice@example.com
              maskedCardNumber: "8888"
              expiry: 12/29
              state: uploaded
              linkedAccounts: [acct-4242]
              autoEnrollId: \(CardDriver.autoEnrollId)
          devices:
            - session: default
              accounts: [acct-4242]
        """
    }
}
