import Card
import PIMS
import Testing

@Suite("Card C9 getAllEnrolledAccounts, C10 deleteAccount")
struct C9C10AccountsTests {
    @Test(arguments: BackendKind.available)
    func c9DisplayAccountsListsThisPhonesCardsWithTheirState(kind: BackendKind) async throws {
        try await withBackend(kind, "card-inactive") { d in
            let result = expectCardSuccess(await d.casa.accounts())
            #expect(result == ["status": "SUCCESS", "accounts": [["accountId": "acct-4242", "displayName": "Acme Visa",
                                                                   "maskedCardNumber": "•••• 4242", "expiry": "01/26", "state": "inactive"]]])
            try await d.casa.session("fresh")
            #expect(expectCardSuccess(await d.casa.accounts(session: "fresh"))["accounts"] == [])
        }
    }

    @Test(arguments: BackendKind.available)
    func c10OffThisPhoneTheServersRecordStays(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            try await d.casa.secondPhone("ipad")
            #expect(expectCardSuccess(await d.casa.delete("acct-4242")) == ["status": "SUCCESS", "accountId": "acct-4242"])
            #expect(await d.casa.accountStates() == [:])
            #expect(await d.casa.accountStates(session: "ipad") == ["acct-4242": "active"])
            #expect(try await d.casa.exportedWorld().casa.card("acct-4242")?.state == .active)
            expectCardError(await d.casa.delete("acct-4242"), .invalidParameter, mentioning: "no account \"acct-4242\" on this device")
            // The purchase now reaches the other phone only.
            #expect(try await d.casa.purchaseAnswer("4242")["pushedTo"] == ["ipad"])
        }
    }
}

@Suite("Card C11 verifyActivation, C12 setPin: the standard activation of a first card")
struct C11C12ActivationTests {
    @Test(arguments: BackendKind.available)
    func c11ThenC12TheFirstCardWaitsForThePINThenIsActive(kind: BackendKind) async throws {
        try await withBackend(kind, "card-activation") { d in
            let r = expectCardSuccess(await d.casa.verifyActivation(name: " Everyday card "))
            #expect(r["pinRequired"] == true && r["account"]?["state"] == "uploaded")
            #expect(await d.casa.accountStates() == [:])  // provisioned, not yet set up
            expectCardError(await d.casa.setPin("12"), .invalidParameter, mentioning: "\"pin\" must be 4 to 8 digits")
            let set = expectCardSuccess(await d.casa.setPin("2468"))
            #expect(set["account"] == ["accountId": "acct-4242", "displayName": "Everyday card", "maskedCardNumber": "•••• 4242",
                                       "expiry": "12/29", "state": "active"])
            #expect(await d.casa.accountStates() == ["acct-4242": "active"])
            expectCardError(await d.casa.setPin("1357"), .pinAlreadySet)
            // The card is now authenticable, with the PIN just set.
            let id = try await d.casa.purchase("4242")
            expectCardSuccess(await d.casa.authenticate("2468", id))
        }
    }

    @Test(arguments: BackendKind.available)
    func c11AnUnknownUsedOrExpiredCodeIsRefused(kind: BackendKind) async throws {
        try await withBackend(kind, "card-activation") { d in
            expectCardError(await d.casa.verifyActivation("00000000"), .invalidActivationCode, mentioning: "no such activation code")
            expectCardError(await d.casa.verifyActivation("not a code"), .invalidActivationCode)
            expectCardError(await d.casa.verifyActivation(name: ""), .invalidParameter, mentioning: "displayName")
            expectCardSuccess(await d.casa.verifyActivation())
            expectCardError(await d.casa.verifyActivation(), .invalidActivationCode, mentioning: "already used")
            let fresh = try await d.casa.newActivationCode("4242")
            try await d.advance(CardPolicy.activationCodeLifetimeSeconds)
            expectCardError(await d.casa.verifyActivation(fresh), .invalidActivationCode, mentioning: "expired")
        }
    }

    @Test(arguments: BackendKind.available)
    func c11WithAPINAlreadySetTheCardIsActiveAtOnce(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            try await d.casa.session("ipad")
            let code = try await d.casa.newActivationCode("acct-8888")
            let r = expectCardSuccess(await d.casa.verifyActivation(code, name: "Replacement", session: "ipad"))
            #expect(r["pinRequired"] == false && r["account"]?["state"] == "active" && r["account"]?["displayName"] == "Replacement")
            #expect(await d.casa.accountStates(session: "ipad") == ["acct-8888": "active"])
            // Set up by activation, 8888 no longer auto-enrolls: its purchase is a standard one.
            let id = try await d.casa.purchase("8888")
            #expect(expectCardSuccess(await d.casa.getTransaction(id, session: "ipad"))["autoEnrollId"] == "")
        }
    }

    @Test(arguments: BackendKind.available)
    func c11ACardMadeInactiveAfterItsCodeWasIssued(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            try await d.casa.session("ipad")
            let code = try await d.casa.newActivationCode("4242")
            try await d.casa.setCard("4242", "inactive")
            expectCardError(await d.casa.verifyActivation(code, session: "ipad"), .inactiveAccount)
            let refused = try await d.control(["sim": "casa.activationCode", "card": "4242"])
            #expect(!refused.ok && refused.error?.contains("is inactive") == true)
        }
    }

    @Test(arguments: BackendKind.available)
    func c12InOrderTheFormThenAPINAlreadySetThenNothingProvisioned(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            expectCardError(await d.casa.setPin("1"), .invalidParameter)
            expectCardError(await d.casa.setPin("1357"), .pinAlreadySet)  // alice's cards are on this phone
            try await d.casa.session("ipad")
            expectCardError(await d.casa.setPin("1357", session: "ipad"), .pinNotSet, mentioning: "no card activated on this device")
        }
    }
}
