import PIMS

/// Everything the shared shell (session screen, simulator panel, banner, calls) asks of one system's
/// front: its session settings, its home menu, its sections of the simulator panel and the calls its
/// faults target, and how its errors (transport failures included) are shown. Each system's front
/// lives in its own folder (`Fronts/<System>/`) and is registered once, in `SystemFronts.registered`.
public protocol SystemFront: Sendable {
    /// The choice on the session screen.
    static var system: SystemChoice { get }
    /// Its system's id in the world (`SimSystem.id`): a scenario states its systems by these.
    static var systemID: String { get }
    /// The session screen's words: one line introducing the session, and the system's line.
    static var intro: String { get }
    static var title: String { get }
    /// The home menu, in order.
    static var homeMenu: [Route] { get }
    /// What the app does once the session is ready, before any key (reads the front shows on Home).
    static var onReady: [Action] { get }

    /// The kernel's session settings for what the session screen chose.
    static func settings(_ config: SessionConfig) -> SessionSettings
    /// Takes a scenario's default session settings (this system's options) into the session screen's.
    static func adopt(_ settings: SessionSettings, into config: inout SessionConfig)
    /// Whether the session chosen is the scenario's default one, as the scenario left it (its SDK
    /// instance or phone is then taken as it is, under the session name `default`).
    static func isScenarioInstance(_ config: SessionConfig) -> Bool

    /// The simulator panel's sections this system has (the clock and the scenario controls are shared).
    static var simulatorSections: Set<SimulatorSection> { get }
    /// The calls a fault can target: its own call names, from its module's catalogue, in the order
    /// the flows meet them.
    static var faultTargets: [String] { get }
    /// The fault presets on F2–F5: its own errors (and a latency).
    static var faultPresets: [FaultPreset] { get }
    /// What the fault form's code field expects, in a word ("e.g. 2307").
    static var faultCodeExample: String { get }

    /// A FAILED answer of one of its calls, as the banner shows it.
    static func failure(_ error: CallError) -> Notice
    /// The call did not reach the system (the client's network, a timeout): shown in the system's own
    /// terms; retrying is safe.
    static func transportFailure(_ kind: TransportError, _ error: CallError) -> Notice
}

/// The fronts of the app: one line per system, as `World.systems` registers the backends.
public enum SystemFronts {
    public static let registered: [any SystemFront.Type] = [PIMSFront.self, FuturaeFront.self, CardFront.self]

    /// The front of a system in the world (`SimSystem.id`), if the app has one.
    public static func front(systemID: String) -> (any SystemFront.Type)? {
        registered.first { $0.systemID == systemID }
    }
}

extension SystemChoice {
    /// This system's front.
    public var front: any SystemFront.Type {
        SystemFronts.registered.first { $0.system == self }!
    }
}

/// A part of the simulator panel a system may have.
public enum SimulatorSection: Hashable, Sendable {
    /// PIMS's live account (the account glance) and its steps caches.
    case account
    /// PIMS's simulated phone: the SMS inbox.
    case smsInbox
    /// PIMS's car-key proximity toggles.
    case proximity
    /// Futurae's back office: activations created, pending, used, expired.
    case activations
    /// The card app's notifications and the issuer's transactions.
    case cardTransactions
}

/// A fault a QA engineer reaches for on one key: one of the system's own errors, or a latency, for
/// the next call of the target once.
public struct FaultPreset: Hashable, Sendable {
    public var code: ErrorCodeValue?
    public var latencyMs: Int?
    /// For the help bar: what the key does ("2201 Timeout", "SDKError 8").
    public var barTitle: String
    /// For the `?` overlay: "next call answers 2201 Timeout".
    public var title: String

    public init(code: ErrorCodeValue, barTitle: String, title: String) {
        self.code = code
        self.barTitle = barTitle
        self.title = title
    }

    /// The next call takes this much longer (any system).
    public static func latency(ms: Int) -> FaultPreset {
        var preset = FaultPreset(code: .number(0), barTitle: "+\(ms / 1000) s", title: "next call takes \(ms / 1000) s more")
        preset.code = nil
        preset.latencyMs = ms
        return preset
    }

    /// The rule for the next call of `api` (fault rules name their call).
    public func rule(for api: String) -> FaultRule {
        if let latencyMs { return FaultRule(name: api, latencyMs: latencyMs, times: 1) }
        return FaultRule(name: api, code: code, times: 1)
    }
}
