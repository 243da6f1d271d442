import Card
import PIMS

/// The card app's front (CA Strong Authentication): one phone holding a cardholder's cards, the
/// bank's pushes, the shop and the issuer.
public enum CardFront: SystemFront {
    public static let system = SystemChoice.card
    public static let systemID = CardSystem.id
    public static let intro = "The bank's card app (CA Strong Authentication) on one phone."
    public static let title = "Card (CA Strong Authentication: purchases pushed to the phone)"
    public static let homeMenu: [Route] = [.card, .cardShop, .cardAccounts, .simulator, .log, .coverage, .start]

    public static let onReady: [Action] = []

    public static func settings(_ c: SessionConfig) -> SessionSettings {
        SessionSettings(device: c.device, options: ["biometrics": .bool(c.biometrics)])
    }

    public static func adopt(_ settings: SessionSettings, into config: inout SessionConfig) {
        config.biometrics = settings.options["biometrics"]?.boolValue ?? true
    }

    /// The scenario's phone as the scenario left it (its cards): the scenario's device with its
    /// biometrics. With no scenario known (a server without the admin token), a phone is its device's.
    public static func isScenarioInstance(_ c: SessionConfig) -> Bool {
        guard let s = c.scenarioSession, s.device == c.device else { return false }
        return c.biometrics == (s.options["biometrics"]?.boolValue ?? true)
    }

    public static let simulatorSections: Set<SimulatorSection> = [.cardTransactions]
    public static let faultTargets = CardAPI.all.map(\.name)
    public static let faultPresets: [FaultPreset] = [
        preset(.transactionExpired), preset(.pinLocked), preset(.inactiveAccount), .latency(ms: 3000),
    ]
    public static let faultCodeExample = "an error code, e.g. ERROR_PIN_LOCKED"

    private static func preset(_ error: CardError) -> FaultPreset {
        FaultPreset(code: .text(error.code), barTitle: error.code.replacingOccurrences(of: "ERROR_", with: ""),
                    title: "next call answers \(error.code) (\(error.label))")
    }

    public static func failure(_ error: CallError) -> Notice { .card(error) }

    /// The app's network failures (decision: the contract names none; codes in the SDK's style).
    public static func transportFailure(_ kind: TransportError, _ error: CallError) -> Notice {
        let (code, label): (String, String) = switch kind {
        case .timeout: ("ERROR_TIMEOUT", "The bank did not answer in time")
        case .noInternet: ("ERROR_NO_NETWORK", "No network: the bank cannot be reached")
        case .invalidReturn: ("ERROR_INVALID_RESPONSE", "The bank's answer could not be read")
        case .serverError: ("ERROR_SERVER", "The bank's server failed")
        }
        return Notice(kind: .error, code: code, label: label, detail: error.detail,
                      advice: "The call did not reach the bank: nothing changed. Retry it (r, or ^R in a form).")
    }
}
