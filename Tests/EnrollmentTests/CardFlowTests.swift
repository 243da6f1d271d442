import Card
import Enrollment
import Foundation
import PIMS
import SimWorld
import Testing

/// The card app walked on the in-process simulator (docs/card-rules.md §6, seed 003 §6): a purchase at
/// the shop reaches the phone as a push, and every branch of the transaction from there; the
/// standard flow; the activation of a first card.
@Suite("Card flows") struct CardFlowTests {
    static var config: SessionConfig {
        var c = SessionConfig()
        c.system = .card
        return c
    }

    /// The app on a card scenario's phone (the scenario's own session, "default").
    static func start(_ scenario: String = "card-replacement") async throws -> App {
        let app = try await App.start(scenario, config)
        #expect(await app.state.session.config.sessionName == "default")
        return app
    }

    /// A purchase made at the shop pane with `card`; the push reaches the phone through the event
    /// stream (the store's own task), waited for with a generous limit; then F6 opens it.
    static func purchase(_ app: App, card: String = "8888") async throws -> CardTransaction {
        await app.send(.choose(.open(.cardShop)))
        await focusCardField(app)
        await app.type(card)
        await app.send(.submit)
        let shop = await app.state
        let bought = try #require(shop.cardShop.purchase, "no purchase: \(String(describing: shop.notice))")
        for _ in 0..<1000 where await app.state.cardPhone.unread != bought.transactionId {
            try await Task.sleep(for: .milliseconds(10))
        }
        let pushed = await app.state
        #expect(pushed.cardPhone.unread == bought.transactionId, "the push never reached the phone")
        #expect(pushed.route == .cardShop, "the push does not take the user away from the shop")
        #expect(pushed.availableCommands.contains { $0.key == .function(6) && $0.action == .cardPhone(.openPush) })
        await app.send(.cardPhone(.openPush))
        let opened = await app.state
        #expect(opened.route == .card)
        #expect(opened.cardPhone.phase == .details, "\(String(describing: opened.notice))")
        return try #require(opened.cardPhone.transaction)
    }

    /// The shop's Card field, focused and empty.
    @Test("The shop's card field holds a card the scenario has (8888 auto-enrolls on card-replacement; card-activation has only 4242)")
    func theShopSuggestsACardOfTheWorld() async throws {
        let replacement = try await Self.start("card-replacement")
        await replacement.send(.choose(.open(.cardShop)))
        #expect(await replacement.state.cardShop.form[.cardNumber] == "8888")
        let activation = try await Self.start("card-activation")
        await activation.send(.choose(.open(.cardShop)))
        let state = await activation.state
        #expect(state.cardShop.form[.cardNumber] == "4242")
        #expect(state.cardShop.issuer.pendingCodes.map(\.code) == ["40718263"])
    }

    @Test("The activation form shows the scenario's pending code (the bank's letter); once used it is pending no more")
    func theActivationShowsThePendingCode() async throws {
        let app = try await Self.start("card-activation")
        await app.send(.choose(.open(.cardAccounts)), .cardAccounts(.activate))
        var state = await app.state
        #expect(state.cardAccounts.phase == .activate)
        let pending = try #require(state.cardShop.issuer.pendingCodes.first)
        #expect(pending.code == "40718263" && pending.maskedCardNumber == "•••• 4242")
        await app.send(.choose(.edit))
        await app.type(pending.code)
        await app.send(.focusNext)
        await app.type("Visa")
        await app.send(.submit)
        state = await app.state
        #expect(state.cardAccounts.phase == .setPin, "\(String(describing: state.notice))")
        await app.send(.cardAccounts(.activate))  // the issuer read again
        #expect(await app.state.cardShop.issuer.pendingCodes.isEmpty)
    }

    static func focusCardField(_ app: App) async {
        for _ in 0..<4 where await app.state.cardShop.form.focus != 3 { await app.send(.focusNext) }
        await app.send(.choose(.clearField))
    }

    static func status(_ app: App, _ t: CardTransaction) async -> TransactionStatus? {
        await app.backend.world.casa.transactions.first { $0.transactionId == t.transactionId }?.status
    }

    static func pin(_ app: App, _ pin: String) async {
        await app.type(pin)
        await app.send(.submit)
    }

    /// The display name typed, then the cards under Display Accounts.
    static func nameAndList(_ app: App, _ name: String) async -> [EnrolledCard] {
        #expect(await app.state.cardPhone.phase == .displayName)
        await app.type(name)
        await app.send(.submit)
        #expect(await app.state.cardPhone.phase == .approved)
        await app.send(.choose(.open(.cardAccounts)))
        return await app.state.cardAccounts.accounts
    }

    @Test("Auto enrollment by PIN: shop, push, YES, PIN, display name, approved, the new card listed")
    func autoEnrollByPIN() async throws {
        let app = try await Self.start()
        let t = try await Self.purchase(app)
        #expect(t.autoEnrolls && t.card == "•••• 8888" && t.amount == "49.99 EUR" && t.merchant == "Book Corner")
        #expect(t.secondsLeft == 300)
        await app.send(.cardPhone(.yes))
        #expect(await app.state.cardPhone.phase == .choose, "PIN and biometric are both enabled: the user chooses")
        await app.send(.cardPhone(.usePIN))
        await Self.pin(app, "1234")
        let cards = await Self.nameAndList(app, "Travel card")
        #expect(cards.map(\.card) == ["•••• 4242", "•••• 8888"])
        #expect(cards.last?.displayName == "Travel card" && cards.last?.state == "active")
        #expect(await Self.status(app, t) == .approved)
        #expect(await app.logSteps().contains("Card · verify the PIN (C5) ok"))
    }

    @Test("Auto enrollment by biometric")
    func autoEnrollByBiometric() async throws {
        let app = try await Self.start()
        let t = try await Self.purchase(app)
        await app.send(.cardPhone(.yes), .cardPhone(.useBiometric))
        #expect(await app.state.cardPhone.phase == .biometricPrompt)
        await app.send(.cardPhone(.biometric(.success)))
        let cards = await Self.nameAndList(app, "Biometric card")
        #expect(cards.last?.displayName == "Biometric card")
        #expect(await Self.status(app, t) == .approved)
    }

    @Test("Biometric failure, then fallback to the PIN")
    func biometricFailureThenFallback() async throws {
        let app = try await Self.start()
        let t = try await Self.purchase(app)
        await app.send(.cardPhone(.yes), .cardPhone(.useBiometric), .cardPhone(.biometric(.failure)))
        var s = await app.state
        #expect(s.cardPhone.phase == .biometricPrompt, "a failure lets the user try again")
        #expect(s.notice?.code == "ERROR_BIOMETRIC_FAILED")
        #expect(await app.backend.world.casa.cardholders[0].pinFailures == 0, "biometric outcomes never count as PIN failures (C6)")
        await app.send(.cardPhone(.biometric(.fallback)))
        s = await app.state
        #expect(s.cardPhone.phase == .pin)
        #expect(s.notice?.code == "ERROR_BIOMETRIC_FALLBACK")
        await Self.pin(app, "1234")
        _ = await Self.nameAndList(app, "Fallback card")
        #expect(await Self.status(app, t) == .approved)
    }

    @Test("The biometric prompt cancelled: the purchase still waits")
    func biometricCancel() async throws {
        let app = try await Self.start()
        let t = try await Self.purchase(app)
        await app.send(.cardPhone(.yes), .cardPhone(.useBiometric), .cardPhone(.biometric(.cancel)))
        #expect(await app.state.cardPhone.phase == .choose)
        #expect(await Self.status(app, t) == .pending)
    }

    @Test("Wrong PIN, then the right one: attempts left shown")
    func wrongThenRightPIN() async throws {
        let app = try await Self.start()
        _ = try await Self.purchase(app)
        await app.send(.cardPhone(.yes), .cardPhone(.usePIN))
        await Self.pin(app, "9999")
        let s = await app.state
        #expect(s.cardPhone.phase == .pin)
        #expect(s.cardPhone.attemptsLeft == 2)
        #expect(s.cardPhone.message == "Wrong PIN: 2 attempts left.")
        #expect(s.cardPhone.pinForm[.cardPin].isEmpty, "the wrong PIN is cleared for the next try")
        await Self.pin(app, "1234")
        #expect(await app.state.cardPhone.phase == .displayName)
        #expect(await app.backend.world.casa.cardholders[0].pinFailures == 0)
    }

    @Test("Attempts exhausted: declined, the PIN locked")
    func attemptsExhausted() async throws {
        let app = try await Self.start()
        let t = try await Self.purchase(app)
        await app.send(.cardPhone(.yes), .cardPhone(.usePIN))
        for _ in 0..<3 { await Self.pin(app, "0000") }
        let s = await app.state
        #expect(s.cardPhone.phase == .declined)
        #expect(s.notice?.code == "ERROR_ATTEMPTS_EXHAUSTED")
        #expect(await Self.status(app, t) == .declined)
        #expect(await app.backend.world.casa.cardholders[0].pinLocked)
    }

    @Test("NO: the purchase rejected, no card changed")
    func sayNo() async throws {
        let app = try await Self.start()
        let t = try await Self.purchase(app)
        await app.send(.cardPhone(.no))
        #expect(await app.state.cardPhone.phase == .rejected)
        #expect(await Self.status(app, t) == .rejected)
        #expect(await app.backend.world.casa.cards.first { $0.accountId == "acct-8888" }?.state == .uploaded)
    }

    @Test("Expiry: the countdown on the simulated clock, then what the app shows")
    func expiry() async throws {
        let app = try await Self.start()
        let t = try await Self.purchase(app)
        await app.send(.cardPhone(.wait))
        #expect(await app.state.cardPhone.transaction?.secondsLeft == 240, "one simulated minute off the countdown")
        #expect(await app.state.cardPhone.phase == .details)
        for _ in 0..<4 { await app.send(.cardPhone(.wait)) }
        let s = await app.state
        #expect(s.cardPhone.phase == .expired)
        #expect(s.notice?.code == "ERROR_TRANSACTION_EXPIRED")
        #expect(await Self.status(app, t) == .expired)
        await app.send(.submit)
        #expect(await app.state.cardPhone.notifications.last?.status == "expired")
    }

    @Test("Inactive linked account: ERROR_INACTIVE_ACCOUNT after the PIN")
    func inactiveLinkedAccount() async throws {
        let app = try await Self.start("card-inactive")
        let t = try await Self.purchase(app)
        await app.send(.cardPhone(.yes), .cardPhone(.usePIN))
        await Self.pin(app, "1234")
        let s = await app.state
        #expect(s.cardPhone.phase == .failed)
        #expect(s.cardPhone.failure?.code.description == "ERROR_INACTIVE_ACCOUNT")
        #expect(await Self.status(app, t) == .pending)
    }

    @Test("The issuer makes the linked card inactive from the shop pane: the same error")
    func issuerDisables() async throws {
        let app = try await Self.start()
        await app.send(.choose(.open(.cardShop)))
        await Self.focusCardField(app)
        await app.type("4242")
        await app.send(.cardShop(.setCard(.inactive)))
        #expect(await app.backend.world.casa.cards.first { $0.accountId == "acct-4242" }?.state == .inactive)
        #expect(await app.state.cardShop.issuedRows.contains { $0.name == "state" && $0.value == "inactive" })
        _ = try await Self.purchase(app)
        await app.send(.cardPhone(.yes), .cardPhone(.usePIN))
        await Self.pin(app, "1234")
        #expect(await app.state.cardPhone.failure?.code.description == "ERROR_INACTIVE_ACCOUNT")
    }

    @Test("The standard flow (no autoEnrollId): YES, PIN, approved")
    func standardFlow() async throws {
        let app = try await Self.start()
        let t = try await Self.purchase(app, card: "4242")
        #expect(!t.autoEnrolls)
        await app.send(.cardPhone(.yes))
        #expect(await app.state.cardPhone.phase == .pin, "the standard flow authenticates with the PIN (C8)")
        await Self.pin(app, "1234")
        #expect(await app.state.cardPhone.phase == .approved)
        #expect(await Self.status(app, t) == .approved)
        #expect(await app.logSteps().contains("Card · authenticate with the PIN (C8) ok"))
    }

    @Test("First activation: a new code from the issuer, the code and a name, then the PIN")
    func firstActivation() async throws {
        let app = try await Self.start("card-activation")
        await app.send(.choose(.open(.cardShop)))
        await Self.focusCardField(app)
        await app.type("4242")
        await app.send(.cardShop(.activationCode))
        let code = try #require(await app.state.cardShop.issuedRows.first { $0.name == "code" }?.value)
        #expect(code.count == 8)
        await app.send(.choose(.open(.cardAccounts)))
        #expect(await app.state.cardAccounts.accounts.isEmpty)
        await app.send(.cardAccounts(.activate))
        await app.type("1234567")
        await app.send(.submit)
        #expect(await app.state.cardAccounts.activationForm.fields.first?.message != nil, "7 digits are refused before any call")
        await app.send(.choose(.clearField))
        await app.type(code)
        await app.send(.focusNext)
        await app.type("Everyday card")
        await app.send(.submit)
        #expect(await app.state.cardAccounts.phase == .setPin)
        await app.type("2468")
        await app.send(.focusNext)
        await app.type("2468")
        await app.send(.submit)
        let s = await app.state
        #expect(s.cardAccounts.phase == .list)
        #expect(s.cardAccounts.accounts.map(\.state) == ["active"])
        #expect(s.cardAccounts.accounts.first?.displayName == "Everyday card")
        #expect(await app.backend.world.casa.cardholders[0].pin?.value == "2468")
    }

    @Test("Delete an account from the phone: the bank's record stays")
    func deleteAccount() async throws {
        let app = try await Self.start()
        await app.send(.choose(.open(.cardAccounts)), .cardAccounts(.delete))
        #expect(await app.state.confirmation != nil)
        await app.send(.submit)
        #expect(await app.state.cardAccounts.accounts.isEmpty)
        #expect(await app.backend.world.casa.cards.first { $0.accountId == "acct-4242" }?.state == .active)
    }
}

extension CardFlowTests {
    @Test("A notification of a purchase already answered opens on how it ended, not on YES and NO")
    func reopenAnswered() async throws {
        let app = try await Self.start()
        _ = try await Self.purchase(app, card: "4242")
        await app.send(.cardPhone(.yes))
        await Self.pin(app, "1234")
        await app.send(.submit)  // back to the notifications
        #expect(await app.state.cardPhone.phase == .inbox)
        await app.send(.submit)  // open the same one again
        #expect(await app.state.cardPhone.phase == .approved)
    }
}

extension CardFlowTests {
    @Test("A purchase made elsewhere (batch, another terminal) lights up the phone while the user is on Home")
    func pushFromElsewhere() async throws {
        let app = try await Self.start()
        let eur = try #require(Currency("EUR"))
        let amount = try #require(Amount(minorUnits: 12950, currency: eur))
        let answer = await app.backend.control(.casaPurchase(card: "8888", merchant: "Acme Shoes", amount: amount))
        #expect(answer.ok)
        for _ in 0..<1000 where await app.state.cardPhone.unread == nil { try await Task.sleep(for: .milliseconds(10)) }
        let s = await app.state
        #expect(s.route == .home)
        #expect(s.notice?.label == "Push: Acme Shoes · 129.50 EUR · card •••• 8888 · 5:00 left")
        #expect(s.cardPhone.notifications.map(\.merchant) == ["Acme Shoes"])
    }

    @Test("An amount with too many decimals is refused at the shop, and nothing is bought")
    func shopRefusesAmount() async throws {
        let app = try await Self.start()
        await app.send(.choose(.open(.cardShop)), .focusNext, .choose(.clearField))
        await app.type("49.999")
        #expect(await app.state.cardShop.form[.amount] == "49.999")
        await app.send(.submit)
        let s = await app.state
        #expect(s.notice?.label == "\"49.999\" is not an amount in EUR.")
        #expect(s.cardShop.purchase == nil)
        #expect(await app.backend.world.casa.transactions.isEmpty)
    }
}
