import Card
import Enrollment
import PIMS
import Testing

/// Keys that changed nothing on screen and said nothing (issue 41's silent-key oracle): Enter on a
/// card PIN the app will not send, and the simulator panel's `f` with no fault rule to clear.
@Suite("Refused keys say so") struct RefusedSubmitSaysTests {
    @Test("Enter on a card PIN too short to send: the banner says it was not sent and why")
    func cardPINTooShort() async throws {
        let app = try await CardFlowTests.start()
        _ = try await CardFlowTests.purchase(app, card: "8888")
        await app.send(.cardPhone(.yes), .cardPhone(.usePIN))
        await CardFlowTests.pin(app, "12")
        let s = await app.state
        #expect(s.cardPhone.phase == .pin, "nothing sent: the PIN prompt stays")
        #expect(s.notice?.kind == .warning)
        #expect(s.notice?.label.hasPrefix("Not sent: PIN") == true, "\(String(describing: s.notice))")
    }

    @Test("The simulator panel's f with no fault rule active says so and sends nothing; with one, clears")
    func clearFaultsSaysWhenThereIsNone() {
        var t = FeatureHarness<SimulatorPanel>(SimulatorPanel.State())
        t.send(.clearFaults, [.notice(.info("No fault rule is active: nothing to clear."))])
        t.state.faults = [FaultRule(name: "pims.authentication.trustedphonenumber", code: 2307, times: 1)]
        t.send(.clearFaults, [.control(.simulator(.clearFaults), .clearFaults)])
    }
}
