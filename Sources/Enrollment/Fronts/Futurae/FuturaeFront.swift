import Futurae
import PIMS

/// Futurae's front: one SDK instance on one device, enrolled by activation code; the service's back
/// office creates activations.
public enum FuturaeFront: SystemFront {
    public static let system = SystemChoice.futurae
    public static let systemID = FuturaeSystem.id
    public static let intro = "One Futurae SDK instance on one device; the back office enrolls Username."
    public static let title = "Futurae (activation code: QR, shortcode, silent)"
    public static let homeMenu: [Route] = [.futurae, .futuraeAccounts, .simulator, .log, .coverage, .start]

    /// The SDK instance's lock as it is (a scenario's may start locked), for Home's lock panel.
    public static let onReady: [Action] = [.futuraeAccounts(.readDevice)]

    public static func settings(_ c: SessionConfig) -> SessionSettings {
        var settings = SessionSettings(device: c.device, options: [:])
        settings.lockType = c.lockType
        settings.biometricsAvailable = c.biometrics
        settings.sessionBinding = c.sessionBinding
        return settings
    }

    public static func adopt(_ settings: SessionSettings, into config: inout SessionConfig) {
        config.lockType = settings.lockType
        config.biometrics = settings.biometricsAvailable
        config.sessionBinding = settings.sessionBinding
    }

    /// The scenario's SDK instance (its PIN and accounts): the scenario's device with its settings.
    public static func isScenarioInstance(_ c: SessionConfig) -> Bool {
        guard let s = c.scenarioSession, s.device == c.device else { return false }
        return s.lockType == c.lockType && s.biometricsAvailable == c.biometrics && s.sessionBinding == c.sessionBinding
    }

    public static let simulatorSections: Set<SimulatorSection> = [.activations]
    public static let faultTargets = FuturaeAPI.all.map(\.name)
    public static let faultPresets: [FaultPreset] = [
        preset(.multipleEnrollDisallowed), preset(.deviceArchived), preset(.locked), .latency(ms: 3000),
    ]
    public static let faultCodeExample = "a case name, e.g. multipleEnrollDisallowed"

    private static func preset(_ error: FuturaeError) -> FaultPreset {
        FaultPreset(code: .text(error.name), barTitle: "\(error.domain.rawValue) \(error.code)",
                    title: "next call answers \(error.domain.rawValue) \(error.code) \(error.name)")
    }

    public static func failure(_ error: CallError) -> Notice { .futurae(error) }

    /// The SDK hands the app the URL loading system's error (decision: the contract names none; these
    /// are Foundation's `NSURLErrorDomain` codes an iOS app receives).
    public static func transportFailure(_ kind: TransportError, _ error: CallError) -> Notice {
        let (code, name, label): (Int, String, String) = switch kind {
        case .timeout: (-1001, "timedOut", "The request timed out.")
        case .noInternet: (-1009, "notConnectedToInternet", "The Internet connection appears to be offline.")
        case .invalidReturn: (-1017, "cannotParseResponse", "The server's answer could not be read.")
        case .serverError: (-1011, "badServerResponse", "The server returned an error.")
        }
        return Notice(kind: .error, code: "NSURLErrorDomain \(code) \(name)", label: label, detail: error.detail,
                      advice: "The call did not reach Futurae: nothing changed. Retry it (r, or ^R in a form).")
    }
}
