import PIMS

/// PIMS's front: an account logged in on a device, SMS codes and PINs, vehicles and the car key.
public enum PIMSFront: SystemFront {
    public static let system = SystemChoice.pims
    public static let systemID = PIMSSystem.id
    public static let intro = "Open a session: one SDK instance on one device, logged in to one account (R0a)."
    public static let title = "PIMS (SMS code and PIN enrollment)"
    public static let homeMenu: [Route] = [.guided, .account, .steps, .carKey, .simulator, .log, .coverage, .start]

    public static let onReady: [Action] = []

    public static func settings(_ c: SessionConfig) -> SessionSettings {
        SessionSettings(device: c.device, platform: c.platform, sdk: c.sdk, variant: c.variant)
    }

    public static func adopt(_ settings: SessionSettings, into config: inout SessionConfig) {
        config.platform = settings.platform
        config.sdk = settings.sdk
        config.variant = settings.variant
    }

    /// A PIMS session is always its device's: the scenario's account is logged in to afresh.
    public static func isScenarioInstance(_ config: SessionConfig) -> Bool { false }

    public static let simulatorSections: Set<SimulatorSection> = [.account, .smsInbox, .proximity]

    /// The calls a fault can target, in the order the flows meet them (each name once).
    public static let faultTargets: [String] = {
        let order = ["pims.authentication.smscode", "pims.authentication.enrollment", "pims.authentication.account",
                     "pims.authentication.trustedphonenumber", "pims.authentication.pincode", "pims.authentication.otp",
                     "pims.subscription.steps", "pims.subscription.vehicle", "pims.vehicle.carkey", "pims.vehicle.vin"]
        // Only names the catalogue has: a call renamed there cannot stay here.
        return order.filter { name in APICatalogue.all.contains { $0.name == name } }
    }()

    public static let faultPresets: [FaultPreset] = [.timeout, .noInternet, .serverError, .latency(ms: 3000)]
    public static let faultCodeExample = "e.g. 2307"

    public static func failure(_ error: CallError) -> Notice { .failure(error) }

    /// The SDK's own transport codes (§7: 2201, 2202, 2204) with their advice.
    public static func transportFailure(_ kind: TransportError, _ error: CallError) -> Notice { .failure(error) }
}

extension FaultPreset {
    /// PIMS's transport codes (§7), the presets a QA engineer reaches for first.
    public static let timeout = pims(.timeout, "Timeout")
    public static let noInternet = pims(.noInternet, "No internet")
    public static let serverError = pims(.serverError, "Server Error")

    private static func pims(_ code: ErrorCode, _ words: String) -> FaultPreset {
        FaultPreset(code: code.value, barTitle: "\(code) \(words)", title: "next call answers \(code) \(words)")
    }
}
