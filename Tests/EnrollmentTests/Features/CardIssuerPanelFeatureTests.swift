import Card
@testable import Enrollment
import PIMS
import Testing

/// The simulator panel's sections are its system's front's: the card app's panel has the issuer's
/// keys on a Card field, PIMS's its proximity keys and no Card field.
@Suite struct CardIssuerPanelFeatureTests {
    typealias Harness = FeatureHarness<SimulatorPanel>

    private static func shared(_ system: SystemChoice) -> Shared {
        var config = SessionConfig()
        config.system = system
        return Shared(config: config, loggedIn: "alice@example.com")
    }

    private func titles(_ t: Harness) -> [String] { SimulatorPanel.keys(t.state, t.shared).filter(\.isOffered).map(\.title) }

    @Test("Opened on the card app: its notifications read, a Card field, the issuer's keys and no PIMS key")
    func cardPanel() {
        var t = Harness(SimulatorPanel.State(), shared: Self.shared(.card))
        let session = t.shared.config.sessionName
        t.send(.opened, [.control(.simulator(.pushes), .casaPushes(session: session)), .control(.simulator(.faults), .faults)]) {
            $0.system = .card
            $0.scenario = "fresh"  // the scenario the in-process session started on
            $0.form = Form([.advanceSeconds, .scenario, .cardNumber], values: [.advanceSeconds: "60", .cardNumber: "4242"])
        }
        let keys = titles(t)
        #expect(["new code", "disable", "enable", "buy"].allSatisfy(keys.contains), "\(keys)")
        #expect(!keys.contains(ProximityPart.bluetooth.title) && !keys.contains("activation"), "\(keys)")

        t.state.form[.cardNumber] = "8888"
        t.send(.cardIssuer(.setCard(.inactive)), [.control(.simulator(.cardIssuer(.setCard(.inactive))), .casaCard("8888", state: .inactive))])
        t.state.form[.cardNumber] = " "
        t.send(.cardIssuer(.activationCode)) { $0.message = "Type a card in the Card field first (its last four digits or accountId)." }
    }

    @Test("The issuer's answer becomes its rows and reads the notifications again; a refusal keeps the rows")
    func answers() {
        var t = Harness(SimulatorPanel.State(), shared: Self.shared(.card))
        t.send(.opened, [.control(.simulator(.pushes), .casaPushes(session: t.shared.config.sessionName)), .control(.simulator(.faults), .faults)]) {
            $0.system = .card
            $0.scenario = "fresh"  // the scenario the in-process session started on
            $0.form = Form([.advanceSeconds, .scenario, .cardNumber], values: [.advanceSeconds: "60", .cardNumber: "4242"])
        }
        let code = SimAnswer.success(["activationCode": "12345678", "expiresAt": "2026-01-06T09:00:00Z", "accountId": "acct-4242",
                                      "maskedCardNumber": "•••• 4242"])
        t.send(.answered(.cardIssuer(.activationCode), code), [.control(.simulator(.pushes), .casaPushes(session: t.shared.config.sessionName))]) {
            $0.issuer = [CardShop.Row(name: "card", value: "•••• 4242"), CardShop.Row(name: "code", value: "12345678"),
                         CardShop.Row(name: "expires", value: "2026-01-06T09:00:00Z")]
            $0.message = "Activation code 12345678 issued for •••• 4242: type it on the phone under Display Accounts (a)."
        }
        let refused = SimAnswer.failure("casa.activationCode: card acct-4242 is inactive")
        t.send(.answered(.cardIssuer(.activationCode), refused),
               [.notice(Notice(kind: .error, label: "Simulator control failed.", detail: "casa.activationCode: card acct-4242 is inactive",
                               advice: "Check the value and try again."))]) {
            $0.message = "casa.activationCode: card acct-4242 is inactive"
        }
    }

    @Test("Opened on PIMS: no Card field, its proximity keys, no issuer key")
    func pimsPanel() {
        var t = Harness(SimulatorPanel.State(), shared: Self.shared(.pims))
        _ = SimulatorPanel.reduce(&t.state, .opened, t.shared)
        #expect(!t.state.form.has(.cardNumber))
        let keys = titles(t)
        #expect(keys.contains(ProximityPart.bluetooth.title) && !keys.contains("new code") && !keys.contains("buy"), "\(keys)")
    }

    @Test("A system's panel command goes to its own front: each front's keys carry its commands, another front's command sends nothing")
    func commandsAreTheFronts() {
        for system in [SystemChoice.pims, .futurae, .card] {
            var t = Harness(SimulatorPanel.State(), shared: Self.shared(system))
            _ = SimulatorPanel.reduce(&t.state, .opened, t.shared)
            // Its own fields are its front's, after the shared ones: no check of a section's name.
            #expect(t.state.form.fields.map(\.id) == [.advanceSeconds, .scenario] + system.front.simulatorFields.map(\.id))
            for binding in system.front.simulatorKeys(t.state, t.shared) {
                switch binding.does {
                case .own(.system(let command)): #expect(command.system == system, "\(binding.title)")
                // A key handing over to one of the front's own features (Futurae's push login, F10).
                case .app: continue
                default: Issue.record("\(binding.title) is not its system's command")
                }
            }
        }
        // Card's issuer command on PIMS's front: PIMS reads no CardIssuerControl, so nothing is sent.
        var panel = SimulatorPanel.State()
        #expect(PIMSFront.simulatorCommand(SystemPanelCommand(.pims, CardIssuerControl.purchase), &panel, Self.shared(.pims)).isEmpty)
        #expect(SimulatorPanel.Action.cardIssuer(.purchase) != .toggleProximity(.paired))
        #expect(SimulatorPanel.Action.cardIssuer(.purchase) == .system(SystemPanelCommand(.card, CardIssuerControl.purchase)))
    }
}
