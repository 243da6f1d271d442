import Card
import PIMS
import SimWorld
import Testing

@Suite("Card C0 Input checks")
struct C0InputTests {
    @Test(arguments: BackendKind.available)
    func anUnknownNameOrAVerbIsInvalidParameterNamingIt(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            expectCardError(await d.casa.call("verifyPin", ["pin": "1234"]), .invalidParameter, mentioning: "unknown call \"casa.verifyPin\"")
            expectCardError(await d.call(.get, "casa.getAllEnrolledAccounts"), .invalidParameter, mentioning: "type \"call\"")
        }
    }

    @Test(arguments: BackendKind.available)
    func aMissingUnknownOrWronglyTypedParameterIsNamed(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            expectCardError(await d.casa.call("cancelTransaction"), .invalidParameter, mentioning: "missing parameter \"transactionId\"")
            expectCardError(await d.casa.call("verifyPIN", ["pin": "1234", "transactionId": "T"]), .invalidParameter,
                            mentioning: "missing parameter \"autoEnrollId\"")
            expectCardError(await d.casa.call("deleteAccount", ["accountId": 4242]), .invalidParameter,
                            mentioning: "\"accountId\" must be a string, not a number")
            expectCardError(await d.casa.call("getAllEnrolledAccounts", ["all": true]), .invalidParameter, mentioning: "takes no parameters")
            expectCardError(await d.casa.call("setPin", ["pin": "1234", "PIN": "1234"]), .invalidParameter, mentioning: "unknown parameter \"PIN\"")
            expectCardError(await d.casa.touchID("maybe", "T"), .invalidParameter, mentioning: "\"outcome\" must be success, failure, fallback or cancel")
        }
    }

    @Test(arguments: BackendKind.available)
    func aMalformedPINOrDisplayNameIsInputAndNeverCounted(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let tx = try await d.casa.purchase()
            expectCardError(await d.casa.verifyPIN("12", tx), .invalidParameter, mentioning: "\"pin\" must be 4 to 8 digits")
            expectCardError(await d.casa.verifyPIN("12ab", tx), .invalidParameter, mentioning: "\"pin\"")
            expectCardError(await d.casa.autoEnroll("   "), .invalidParameter, mentioning: "\"displayName\" must be 1 to 32 characters")
            // Nothing was counted: the first wrong PIN leaves two attempts.
            #expect(await d.casa.verifyPIN("0000", tx).result?["attemptsLeft"] == 2)
        }
    }

    @Test(arguments: BackendKind.available)
    func aNullParameterIsAnAbsentOneAndAnUnknownSessionIsNamed(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            // transactionId null: the newest pending one (none yet).
            expectCardError(await d.casa.call("getTransaction", ["transactionId": nil]), .noTransaction)
            expectCardError(await d.casa.accounts(session: "ghost"), .invalidParameter, mentioning: "no session named \"ghost\"")
        }
    }
}

@Suite("Card C1 A purchase: a pending transaction and a push to every phone of the cardholder")
struct C1PurchaseTests {
    @Test(arguments: BackendKind.available)
    func aPurchaseIsPendingAndPushedToEveryPhoneOfTheCardholder(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            try await d.casa.secondPhone("ipad")
            try await d.casa.session("bobs", device: "bob-phone")  // holds no card of alice's
            let answer = try await d.casa.purchaseAnswer("8888", merchant: "  Acme Shoes ", amount: 12_950, currency: "EUR")
            #expect(answer.ok, "\(answer.error ?? "")")
            #expect(answer["pushedTo"] == ["default", "ipad"])
            let t = try #require(answer["transaction"])
            #expect(t["merchantName"] == "Acme Shoes" && t["amount"] == 12_950 && t["currency"] == "EUR" && t["currencyExponent"] == 2)
            #expect(t["displayAmount"] == "129.50 EUR" && t["maskedCardNumber"] == "•••• 8888")
            #expect(t["transactionStatus"] == "pending" && t["autoEnrollId"] == .string(CardDriver.autoEnrollId))
            #expect(t["createdAt"] == "2026-01-05T09:00:00Z" && t["expiresAt"] == "2026-01-05T09:05:00Z")  // 300 s
            let id = try #require(t["transactionId"]?.stringValue)
            for session in ["default", "ipad"] {
                let pushes = try await d.casa.pushes(session: session)
                #expect(pushes.map { $0["transactionId"] } == [.string(id)], "\(session)")
                #expect(pushes.first?["sentAt"] == "2026-01-05T09:00:00Z" && pushes.first?["merchantName"] == "Acme Shoes")
            }
            #expect(try await d.casa.pushes(session: "bobs").isEmpty)
        }
    }

    @Test(arguments: BackendKind.available)
    func aCardSetUpOnAPhoneRunsTheStandardFlow(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase("acct-4242", currency: "JPY")
            let t = expectCardSuccess(await d.casa.getTransaction(id))
            #expect(t["autoEnrollId"] == "" && t["currencyExponent"] == 0 && t["displayAmount"] == "4999 JPY")
        }
    }

    @Test(arguments: BackendKind.available, [
        ("card-activation", "4242", "cannot be authenticated: it is uploaded and linked to no card"),
        ("card-inactive", "acct-4242", "cannot be authenticated: it is inactive"),
        ("card-replacement", "1234", "no card \"1234\" (acct-4242 (•••• 4242), acct-8888 (•••• 8888))"),
    ])
    func aCardThatCannotBeAuthenticatedIsRefusedAndNothingIsCreated(kind: BackendKind, refusal: (String, String, String)) async throws {
        let (scenario, card, reason) = refusal
        try await withBackend(kind, scenario) { d in
            let answer = try await d.casa.purchaseAnswer(card)
            #expect(!answer.ok && answer.error?.contains(reason) == true, "\(answer.error ?? "ok")")
            #expect(try await d.casa.pushes().isEmpty)
            #expect(try await d.casa.exportedWorld().casa.transactions.isEmpty)
        }
    }

    @Test(arguments: BackendKind.available)
    func aCardActiveButOnNoPhoneOrAUserWithNoPhoneIsRefused(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            expectCardSuccess(await d.casa.delete("acct-4242"))
            let active = try await d.casa.purchaseAnswer("4242")
            #expect(active.error?.contains("it is active but set up on no phone") == true, "\(active.error ?? "ok")")
            // 8888 is still uploaded and linked, but alice has no phone any more.
            let linked = try await d.casa.purchaseAnswer("8888")
            #expect(linked.error?.contains("alice@example.com has no phone") == true, "\(linked.error ?? "ok")")
        }
    }

    @Test(arguments: BackendKind.available)
    func malformedPurchasesAreRefusedBeforeTheyRun(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let bad: [(JSONValue, String)] = [
                (["sim": "casa.purchase", "card": "8888", "amount": 100, "currency": "EUR"], "missing \"merchant\""),
                (["sim": "casa.purchase", "card": "8888", "merchant": "S", "amount": 0, "currency": "EUR"], "\"amount\" is whole minor units"),
                (["sim": "casa.purchase", "card": "8888", "merchant": "S", "amount": 1.5, "currency": "EUR"], "\"amount\" must be a whole number"),
                (["sim": "casa.purchase", "card": "8888", "merchant": "S", "amount": 100, "currency": "eur"], "\"currency\" must be an ISO 4217"),
                (["sim": "casa.purchase", "card": "8888", "merchant": " ", "amount": 100, "currency": "EUR"], "\"merchant\" must be 1 to 64"),
                (["sim": "casa.purchase", "card": "8888", "merchant": "S", "amount": 100, "currency": "EUR", "cvv": "123"], "unknown key \"cvv\""),
                (["sim": "casa.card", "card": "8888", "state": "uploaded"], "\"state\" must be inactive or active"),
            ]
            for (json, reason) in bad {
                let control = try SimControl(json: json)
                #expect(throws: ControlError.self) { try World.check(control) }
                let answer = await d.backend.control(control)
                #expect(!answer.ok && answer.error?.contains(reason) == true, "\(json): \(answer.error ?? "ok")")
            }
            #expect(try await d.casa.pushes().isEmpty)
        }
    }
}
