import Card
import SimKernel
import Testing

/// An app's card requests read back through C0 to the calls they mean, a malformed PIN still reaches
/// C0 (it is the rule's to refuse), and the answers are read by the module's readers.
@Suite struct CallAndAnswerTests {
    static let purchase: JSONValue = [
        "transactionId": "t-1", "merchantName": "Acme Shop", "displayAmount": "49.99 EUR", "maskedCardNumber": "•••• 4242",
        "expiresAt": "2026-01-05T09:05:00Z", "autoEnrollId": "ae-1", "authenticationTypes": ["PIN", "BIOMETRIC"],
        "transactionStatus": "pending", "secondsLeft": 300, "sentAt": "2026-01-05T09:00:00Z",
    ]

    @Test func requestsReadBackToTheirCalls() throws {
        let t = try #require(CardTransaction(Self.purchase))
        #expect(try CardCall.parse(CardRequests.transaction("t-1")) == .getTransaction(transactionId: "t-1"))
        #expect(try CardCall.parse(CardRequests.cancel("t-1")) == .cancelTransaction(transactionId: "t-1"))
        #expect(try CardCall.parse(CardRequests.verifyPIN("1234", t)) == .verifyPIN(UserPIN("1234")!, transactionId: "t-1", autoEnrollId: "ae-1"))
        #expect(try CardCall.parse(CardRequests.verifyBiometric(.fallback, t))
                == .verifyPINUsingTouchID(transactionId: "t-1", autoEnrollId: "ae-1", outcome: .fallback))
        #expect(try CardCall.parse(CardRequests.autoEnroll(displayName: "Travel")) == .autoEnrollAccount(displayName: "Travel"))
        #expect(try CardCall.parse(CardRequests.authenticate("1234", t)) == .authenticateUsingUserPin(transactionId: "t-1", pin: UserPIN("1234")!))
        #expect(try CardCall.parse(CardRequests.accounts) == .getAllEnrolledAccounts)
        #expect(try CardCall.parse(CardRequests.delete("a-1")) == .deleteAccount(accountId: "a-1"))
        #expect(try CardCall.parse(CardRequests.activate(code: "123456", displayName: "Visa")) == .verifyActivation(activationCode: "123456", displayName: DisplayName("Visa")!))
        #expect(try CardCall.parse(CardRequests.setPin("4321")) == .setPin(pin: "4321"))
        // C0 refuses a malformed PIN of verifyPIN; setPin's is C12's own first check (the contract's).
        #expect(throws: CardFailure.self) { try CardCall.parse(CardRequests.verifyPIN("12", t)) }
        #expect(try CardCall.parse(CardRequests.setPin("12")) == .setPin(pin: "12"))
    }

    @Test func aPurchaseIsReadFromAPushOrItsDetails() throws {
        let t = try #require(CardTransaction(Self.purchase))
        #expect(t.merchant == "Acme Shop" && t.amount == "49.99 EUR" && t.card == "•••• 4242")
        #expect(t.autoEnrolls && t.offersBiometric && t.knownStatus == .pending)
        #expect(t.secondsLeft(at: "2026-01-05T09:04:00Z") == 60)
        #expect(CardTransaction.sentAt(Self.purchase) == "2026-01-05T09:00:00Z")
        let bare = try #require(CardTransaction(["transactionId": "t-2", "transactionStatus": "approve?"]))
        #expect(bare.types == ["PIN"] && !bare.autoEnrolls && bare.knownStatus == nil && bare.merchant == "–")
        #expect(CardTransaction(nil) == nil && CardTransaction(["merchantName": "x"]) == nil)
        #expect(CardTransaction.pushes(.success(["pushes": [Self.purchase, "junk"]])).map(\.transactionId) == ["t-1"])
    }

    @Test func cardsAndTheIssuersAnswersAreRead() {
        #expect(EnrolledCard.list(["accounts": [["accountId": "a-1", "displayName": "Visa"], ["displayName": "no id"]]]).map(\.accountId) == ["a-1"])
        #expect(EnrolledCard.named(in: ["account": ["accountId": "a-2"]])?.state == "–")
        #expect(EnrolledCard.named(in: nil) == nil)
        let issuer = CardIssuerView(.success([
            "cards": [["maskedCardNumber": "•••• 4242", "state": "active", "userId": "alice"],
                      ["maskedCardNumber": "•••• 8888", "state": "inactive", "userId": "alice", "autoEnrolls": true]],
            "activationCodes": [["code": "123456", "maskedCardNumber": "•••• 4242", "expiresAt": "2026-01-06T09:00:00Z"]],
        ]))
        #expect(issuer.cards.count == 2 && issuer.pendingCodes.first?.code == "123456")
        #expect(issuer.suggestedCard == "•••• 8888", "the card that auto-enrolls first")
        #expect(CardIssuerView(.failure("no issuer")).cards.isEmpty)
        #expect(IssuedCode(.success(["activationCode": "654321"])).maskedCardNumber == nil)
        #expect(IssuerCardChange(.success(["account": ["maskedCardNumber": "•••• 4242", "state": "inactive"]])).state == "inactive")
        let pushed = PurchasePushed(.success(["transaction": Self.purchase, "pushedTo": ["default"]]))
        #expect(pushed.transaction?.transactionId == "t-1" && pushed.pushedTo == ["default"])
        #expect(CardResult.attemptsLeft(["attemptsLeft": 2]) == 2 && !CardResult.pinRequired(["pinRequired": "yes"]))
        #expect(CardResult.enabledTypes(["types": ["PIN", "BIOMETRIC"], "status": "SUCCESS"]) == ["PIN", "BIOMETRIC"])
        #expect(CardResult.enabledTypes(nil) == ["PIN"], "the PIN is always enabled (C3)")
    }
}
