import Card
import Enrollment
import Foundation
import PIMS
import SimWorld
import Testing

/// The card front's paths to its contract's branches (issue 41): the enabled types asked on YES (C3),
/// the purchase waiting opened with no push (C2), send as typed on its PIN and code fields (C0, C7,
/// C12), the PIN prompt with no activation (C12); and the keys that re-read or wait say what they did.
@Suite("Card front paths") struct CardFrontPathTests {
    typealias Flow = CardFlowTests

    @Test("YES on an auto enrollment asks the SDK which types are enabled (C3); the standard flow goes to the PIN")
    func yesAsksTheEnabledTypes() async throws {
        let app = try await Flow.start()
        _ = try await Flow.purchase(app)
        await app.send(.cardPhone(.yes))
        #expect(await app.state.cardPhone.phase == .choose)
        #expect(await app.logSteps().last == "Card · PIN or biometric (C3) ok")
        #expect(await app.state.log.entries.last?.response?.trace?.rule == "C3")
        // The standard flow (•••• 4242) has no biometric call: straight to the PIN, C3 not asked.
        await app.send(.cardPhone(.cancel), .cardPhone(.cancel), .cardPhone(.cancel))
        _ = try await Flow.purchase(app, card: "4242")
        let asked = await app.logSteps().filter { $0.contains("(C3)") }.count
        await app.send(.cardPhone(.yes))
        #expect(await app.state.cardPhone.phase == .pin)
        #expect(await app.logSteps().filter { $0.contains("(C3)") }.count == asked)
    }

    @Test("o opens the purchase waiting for the phone with no push; with none, ERROR_NO_TRANSACTION (C2)")
    func openTheWaitingPurchase() async throws {
        let app = try await Flow.start()
        await app.send(.choose(.open(.card)))
        #expect(await app.state.availableCommands.contains { $0.key == .char("o") && $0.action == .cardPhone(.openPending) })
        await app.send(.cardPhone(.openPending))
        var s = await app.state
        #expect(s.cardPhone.phase == .failed && s.notice?.code == "ERROR_NO_TRANSACTION", "\(String(describing: s.notice))")
        let t = try await Flow.purchase(app)
        await app.send(.cardPhone(.cancel))  // later: back to the notifications, the purchase still pending
        #expect(await app.state.cardPhone.phase == .inbox)
        await app.send(.cardPhone(.openPending))
        s = await app.state
        #expect(s.cardPhone.phase == .details && s.cardPhone.transaction?.transactionId == t.transactionId)
    }

    @Test("g says what the notifications read found, even nothing; w on the notifications says the minute passed")
    func rereadAndWaitSayWhatTheyDid() async throws {
        let app = try await Flow.start()
        await app.send(.choose(.open(.card)), .cardPhone(.reload))
        #expect(await app.state.notice?.label == "Notifications read again: nothing changed (0 notifications).")
        await app.send(.cardPhone(.wait))
        #expect(await app.state.notice?.label == "1 minute of simulated time passed: now 2026-01-05T09:01:00Z.")
        _ = try await Flow.purchase(app)
        await app.send(.cardPhone(.cancel))
        await app.send(.cardPhone(.reload))
        #expect(await app.state.notice?.label == "Notifications read again: nothing changed (1 notification).")
    }

    @Test("x on the card PIN field: a 2-digit PIN reaches the bank, which refuses it (C0); an empty card name (C7)")
    func sendAsTypedOnTheCardFields() async throws {
        let app = try await Flow.start()
        _ = try await Flow.purchase(app)
        await app.send(.cardPhone(.yes), .cardPhone(.usePIN))
        #expect(await app.state.availableCommands.contains { $0.action == .choose(.toggleSendAsTyped) }, "send as typed is offered on the PIN")
        await app.type("12")
        await app.send(.submit)
        #expect(await app.state.cardPhone.phase == .pin, "without it, the PIN is checked first and nothing is sent")
        await app.send(.choose(.toggleSendAsTyped), .submit)
        var s = await app.state
        #expect(s.notice?.code == "ERROR_INVALID_PARAMETER" && s.log.entries.last?.response?.trace?.rule == "C0")
        await app.send(.choose(.open(.card)), .cardPhone(.submit), .cardPhone(.openPush), .cardPhone(.yes), .cardPhone(.usePIN))
        await Flow.pin(app, "1234")
        #expect(await app.state.cardPhone.phase == .displayName)
        await app.send(.cardPhone(.submit))
        s = await app.state
        #expect(s.notice?.code == "ERROR_INVALID_PARAMETER" && s.log.entries.last?.response?.trace?.rule == "C7")
        #expect(s.cardPhone.phase == .displayName, "the user names the card again")
    }

    @Test("s on Display Accounts: the PIN prompt with no activation waiting, C12's refusals")
    func thePINPromptWithNoActivation() async throws {
        let app = try await Flow.start("card-activation")
        await app.send(.choose(.open(.cardAccounts)), .cardAccounts(.setPinPrompt))
        #expect(await app.state.cardAccounts.phase == .setPin)
        await app.typePINTwice("2468")
        await app.send(.submit)
        #expect(await app.state.notice?.code == "ERROR_PIN_NOT_SET")
        let replaced = try await Flow.start("card-replacement")
        await replaced.send(.choose(.open(.cardAccounts)), .cardAccounts(.setPinPrompt))
        await replaced.typePINTwice("2468")
        await replaced.send(.submit)
        #expect(await replaced.state.notice?.code == "ERROR_PIN_ALREADY_SET")
        #expect(await replaced.backend.world.casa.cardholders[0].pin == UserPIN("1234"), "the PIN stays")
    }
}
