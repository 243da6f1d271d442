import Card
import Enrollment
import PIMS
import Testing

/// The back office's keys on the simulator panel (docs/card.md): while the phone shows a purchase,
/// the cardholder's other phone answers it or the bank withdraws it, and the phone's answer then
/// meets the contract's error (C4–C8), as a QA user walks it.
@Suite("Card back office flows") struct CardBackOfficeFlowTests {
    /// A purchase opened on the phone, then the panel's key, then back to the phone.
    static func purchaseThenPanel(_ key: CardIssuerControl, card: String = "8888") async throws -> (App, CardTransaction) {
        let app = try await CardFlowTests.start()
        let t = try await CardFlowTests.purchase(app, card: card)
        await app.send(.choose(.open(.simulator)), .simulator(.cardIssuer(key)))
        let panel = await app.state.simulator
        #expect(panel.card.issuer.first?.value == t.transactionId, "\(panel.message ?? "")")
        await app.send(.choose(.open(.card)))
        #expect(await app.state.cardPhone.phase == .details, "the phone still shows the purchase")
        return (app, t)
    }

    @Test("Another phone says NO while this one shows the purchase: this phone's PIN meets ERROR_TRANSACTION_CLOSED (C5)")
    func otherPhoneRejects() async throws {
        let (app, t) = try await Self.purchaseThenPanel(.otherPhone(.reject))
        #expect(await CardFlowTests.status(app, t) == .rejected)
        await app.send(.cardPhone(.yes), .cardPhone(.usePIN))
        await CardFlowTests.pin(app, "1234")
        let s = await app.state
        #expect(s.cardPhone.phase == .failed && s.cardPhone.failure?.code.description == "ERROR_TRANSACTION_CLOSED", "\(String(describing: s.notice))")
    }

    @Test("Another phone says NO to the standard purchase: this phone's NO meets ERROR_TRANSACTION_CLOSED (C4)")
    func otherPhoneRejectsStandard() async throws {
        let (app, t) = try await Self.purchaseThenPanel(.otherPhone(.reject), card: "4242")
        await app.send(.cardPhone(.no))
        #expect(await app.state.cardPhone.failure?.code.description == "ERROR_TRANSACTION_CLOSED")
        #expect(await CardFlowTests.status(app, t) == .rejected, "the other phone's answer stands")
    }

    @Test("The panel's back-office keys: k the other phone's NO, y the bank's withdrawal, on this session's phone")
    func panelKeys() async throws {
        let app = try await CardFlowTests.start()
        await app.send(.choose(.open(.simulator)))
        let keys = await app.state.availableCommands
        #expect(keys.contains { $0.key == .char("k") && $0.action == .simulator(.cardIssuer(.otherPhone(.reject))) })
        #expect(keys.contains { $0.key == .char("y") && $0.action == .simulator(.cardIssuer(.withdraw)) })
        // Nothing waits on the phone: a refusal in the banner, nothing changed.
        await app.send(.simulator(.cardIssuer(.withdraw)))
        #expect(await app.state.simulator.message == "casa.withdraw: no purchase waiting on the phone of session \"default\"")
    }

    @Test("The bank withdraws the purchase: this phone's biometric answer meets ERROR_NO_TRANSACTION (C6)")
    func bankWithdraws() async throws {
        let (app, t) = try await Self.purchaseThenPanel(.withdraw)
        #expect(await app.backend.world.casa.transaction(t.transactionId) == nil)
        await app.send(.cardPhone(.yes), .cardPhone(.useBiometric), .cardPhone(.biometric(.success)))
        #expect(await app.state.cardPhone.failure?.code.description == "ERROR_NO_TRANSACTION")
    }
}
