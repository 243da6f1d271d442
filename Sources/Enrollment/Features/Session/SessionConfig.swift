import Futurae
import PIMS

/// Which backend to talk to, as data: the executable turns it into a `PIMSBackend`.
public enum BackendChoice: Hashable, Sendable {
    /// The in-process simulator with a built-in scenario name or a scenario file.
    case inProcess(scenario: String)
    /// `enrollsim serve` at this base URL.
    case remote(url: String)

    public var summary: String {
        switch self {
        case .inProcess(let s): "in-process · \(s)"
        case .remote(let url): "remote · \(url)"
        }
    }
}

/// `auto`: checks run on their own until input is needed. `step`: every API call waits for Enter,
/// showing the request about to be sent (for QA and demos).
public enum Pacing: String, Hashable, Sendable, CaseIterable {
    case auto, step
}

/// A scenario's default session (device, platform, SDK, variant, user), as the backend's opener
/// reads it from the scenario.
public struct ScenarioDefaults: Hashable, Sendable {
    public var settings: SessionSettings
    public var username: String?
    /// The system the scenario is about, when its settings do not say (a card scenario's phone has
    /// only `biometrics`).
    public var system: SystemChoice?
    public init(settings: SessionSettings, username: String?, system: SystemChoice? = nil) {
        self.settings = settings
        self.username = username
        self.system = system
    }
}

/// The system the app is built on: which SDK the session's flows speak to.
public enum SystemChoice: String, Hashable, Sendable, CaseIterable {
    case pims = "PIMS"
    case futurae = "Futurae"
    case card = "Card"

    /// The next one, for the session screen's key.
    public var next: SystemChoice { Self.allCases[((Self.allCases.firstIndex(of: self) ?? 0) + 1) % Self.allCases.count] }
}

/// Everything the session screen chooses.
public struct SessionConfig: Hashable, Sendable {
    public var backend: BackendChoice
    public var username: String
    public var password: String
    public var device: String
    public var platform: Platform
    public var sdk: SDKVersion
    public var variant: SpecVariant
    public var pacing: Pacing
    /// The system, and Futurae's device settings (§4 of FUTURAE-BEHAVIOUR): the SDK's lock type,
    /// biometrics on the device, the app's Trusted Session Binding.
    public var system: SystemChoice = .pims
    public var lockType: LockConfigurationType = .none
    public var biometrics = true
    public var sessionBinding = false
    /// The scenario's default session. A Futurae SDK instance is the scenario's own (its PIN and
    /// accounts, `futurae-enrolled`'s) while the device and its settings are the scenario's; any
    /// other choice is another SDK instance, a fresh install.
    public var scenarioSession: SessionSettings?

    public init(backend: BackendChoice = .inProcess(scenario: "fresh"), username: String = "alice@example.com",
                password: String = "alice-pass", device: String = "alice-iphone", platform: Platform = .ios,
                sdk: SDKVersion = .v2_3, variant: SpecVariant = .tutorial, pacing: Pacing = .auto) {
        self.backend = backend
        self.username = username
        self.password = password
        self.device = device
        self.platform = platform
        self.sdk = sdk
        self.variant = variant
        self.pacing = pacing
    }

    public var settings: SessionSettings {
        if system == .card { return SessionSettings(device: device, options: ["biometrics": .bool(biometrics)]) }
        guard system == .futurae else { return SessionSettings(device: device, platform: platform, sdk: sdk, variant: variant) }
        var settings = SessionSettings(device: device, options: [:])
        settings.lockType = lockType
        settings.biometricsAvailable = biometrics
        settings.sessionBinding = sessionBinding
        return settings
    }

    /// Takes a scenario's default session when it is not PIMS's (Futurae's or a card phone's);
    /// false when it is PIMS's.
    public mutating func adopt(_ defaults: ScenarioDefaults) -> Bool {
        guard defaults.system == .card else { return adoptFuturae(defaults.settings) }
        system = .card
        biometrics = defaults.settings.options["biometrics"]?.boolValue ?? true
        return true
    }

    /// Takes a Futurae scenario's default session (lock type, biometrics, binding); false when the
    /// settings are not Futurae's.
    public mutating func adoptFuturae(_ settings: SessionSettings) -> Bool {
        guard settings.options["lockType"] != nil else { return false }
        system = .futurae
        lockType = settings.lockType
        biometrics = settings.biometricsAvailable
        sessionBinding = settings.sessionBinding
        return true
    }

    /// The built-in scenarios (`Assets/scenarios`), for choosing one by key on the session screen.
    public static let builtInScenarios = [
        "fresh", "phone-registered", "enrolled", "enrolled-elsewhere", "one-attempt-left", "pin-blocked",
        "device-limit", "account-blocked", "stale-steps", "legacy-sdk", "team",
        "futurae-fresh", "futurae-pin", "futurae-enrolled", "card-activation", "card-replacement", "card-inactive",
    ]

    /// One backend session per device: switching device mid-run opens (or re-opens) that device's
    /// session, which is how a second device of the same account is shown.
    public var sessionName: String { isScenarioInstance ? "default" : device }

    /// This Futurae session or card phone is the scenario's default one, as the scenario left it. A
    /// card phone on a server whose scenario the app does not know is the server's default phone
    /// (decision: two terminals on one server are then the same phone).
    public var isScenarioInstance: Bool {
        if system == .card {
            return device == (scenarioSession?.device ?? device)
                && biometrics == (scenarioSession.map { $0.options["biometrics"]?.boolValue ?? true } ?? biometrics)
        }
        guard system == .futurae, let s = scenarioSession, s.device == device else { return false }
        return s.lockType == lockType && s.biometricsAvailable == biometrics && s.sessionBinding == sessionBinding
    }

    /// The shortcut (4·1) exists from SDK 2.1 (seed 000, R8).
    public var offersShortcut: Bool { sdk >= .v2_1 }
}
