import SimKernel

/// Which backend to talk to, as data: the executable turns it into a `SimBackend`.
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
/// reads it from the scenario, and the systems the scenario is about (as its loader states them).
public struct ScenarioDefaults: Hashable, Sendable {
    public var settings: SessionSettings
    public var username: String?
    /// The systems the scenario fills, in the systems' order: a session opens on the first unless
    /// the one chosen is among them.
    public var systems: [SystemChoice]
    public init(settings: SessionSettings, username: String?, systems: [SystemChoice] = []) {
        self.settings = settings
        self.username = username
        self.systems = systems
    }

    /// The systems as the scenario loader states them (`World.systemIDs`): those the app has a front for.
    public init(settings: SessionSettings, username: String?, systemIDs: [String]) {
        self.init(settings: settings, username: username, systems: systemIDs.compactMap { SystemFronts.front(systemID: $0)?.system })
    }
}

/// The system the app is built on: which SDK the session's flows speak to.
public struct SystemChoice: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// Its name on the session screen and in a walk's header ("PIMS").
    public let rawValue: String

    public init(_ name: String) { rawValue = name }
    /// A registered front's system by its name; nil when no front is registered by that name.
    public init?(rawValue: String) {
        guard SystemChoice.allCases.contains(SystemChoice(rawValue)) else { return nil }
        self.rawValue = rawValue
    }

    /// Every registered front's system, in the fronts' order.
    public static var allCases: [SystemChoice] { SystemFronts.registered.map { $0.system } }

    public var description: String { rawValue }

    /// The next one, for the session screen's key.
    public var next: SystemChoice { Self.allCases[((Self.allCases.firstIndex(of: self) ?? 0) + 1) % Self.allCases.count] }
}

/// Everything the session screen chooses.
public struct SessionConfig: Hashable, Sendable {
    public var backend: BackendChoice
    public var username: String
    public var password: String
    public var device: String
    public var pacing: Pacing
    public var system: SystemChoice = SystemFronts.defaultFront.system
    /// Biometrics on the device (Futurae's "available", the card app's "enabled").
    public var biometrics = true
    /// Each front's own options (PIMS's platform, SDK and variant; Futurae's lock type and binding),
    /// kept under the front's key and read through the accessors it declares (`config.platform`);
    /// an option at its default is not kept, so configs that chose the same are equal.
    public var options = StateBag()
    /// The scenario's default session. A Futurae SDK instance is the scenario's own (its PIN and
    /// accounts, `futurae-enrolled`'s) while the device and its settings are the scenario's; any
    /// other choice is another SDK instance, a fresh install.
    public var scenarioSession: SessionSettings?

    public init(backend: BackendChoice = .inProcess(scenario: "fresh"), username: String = "alice@example.com",
                password: String = "alice-pass", device: String = "alice-iphone", pacing: Pacing = .auto) {
        self.backend = backend
        self.username = username
        self.password = password
        self.device = device
        self.pacing = pacing
    }

    public var settings: SessionSettings { system.front.settings(self) }

    /// Takes a scenario's systems and its default session's settings: a system the scenario is not
    /// about gives way to the scenario's first, unless the user chose it (`keepingSystem`).
    public mutating func adopt(_ defaults: ScenarioDefaults, keepingSystem: Bool = false) {
        if !keepingSystem, let first = defaults.systems.first, !defaults.systems.contains(system) { system = first }
        system.front.adopt(defaults.settings, into: &self)
    }

    /// One backend session per device: switching device mid-run opens (or re-opens) that device's
    /// session, which is how a second device of the same account is shown.
    public var sessionName: String { isScenarioInstance ? "default" : device }

    /// This Futurae SDK instance or card phone is the scenario's default one, as the scenario left it.
    public var isScenarioInstance: Bool { system.front.isScenarioInstance(self) }
}
