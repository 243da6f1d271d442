import SimKernel

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
    /// A few words on the system for the system key's help ("SMS and PIN enrollment").
    static var tagline: String { get }
    /// The session screen's fields after the scenario or URL (PIMS logs in: username and password).
    static var sessionFields: [FieldID] { get }
    /// What Enter on the session screen opens, for its help line.
    static var opens: String { get }
    /// Its session options, declared once each (`SessionSetup.Option`): what its keys cycle, the
    /// executable's flags (`--platform`), the walk header's fields; `settingKeys` offers them.
    static var sessionOptions: [SessionSetup.Option] { get }
    /// The session screen's keys for this system's settings, after the system's own key.
    static func settingKeys(_ config: SessionConfig) -> [KeyBinding<SessionSetup.Action>]
    /// The session screen's rows for those settings: the option its key cycles, a name, the value.
    static func settingRows(_ config: SessionConfig) -> [SettingRow]
    /// Whether the session logs in to an account once created (PIMS, R0a); otherwise it is ready as
    /// soon as its backend session exists.
    static var logsIn: Bool { get }
    /// The banner once the session is ready.
    static func readyNotice(_ config: SessionConfig) -> Notice
    /// The title bar's right side once the session is ready, in `room` columns.
    static func statusLine(_ app: AppState, room: Int) -> String
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

    /// Its features (its flows, each with its route, state, initial state and delegate handler): the
    /// app's registry (`Features.all`) is the shell's features and these, for every front alike.
    static var features: [RegisteredFeature] { get }

    /// The simulator panel's sections this system has (the clock and the scenario controls are shared).
    static var simulatorSections: Set<SimulatorSection> { get }
    /// Its keys on the simulator panel: its controls and back office, among the shared ones.
    static func simulatorKeys(_ panel: SimulatorPanel.State, _ shared: Shared) -> [KeyBinding<SimulatorPanel.Action>]
    /// A command of its own on the panel (one of `simulatorKeys`): what it sends.
    static func simulatorCommand(_ command: SystemPanelCommand, _ panel: inout SimulatorPanel.State, _ shared: Shared) -> [SimulatorPanel.Out]
    /// What that command's control answered, on the panel.
    static func simulatorAnswered(_ command: SystemPanelCommand, _ answer: SimAnswer, _ panel: inout SimulatorPanel.State,
                                  _ shared: Shared) -> [SimulatorPanel.Out]
    /// Its fields on the panel after the shared ones (Card's card), with their first values.
    static var simulatorFields: [SimulatorField] { get }
    /// What the panel reads of its sections when it opens, on `g` and once the clock moves.
    static func simulatorReads(_ panel: inout SimulatorPanel.State, _ shared: Shared) -> [SimulatorPanel.Out]
    /// Its back office read again when it changed elsewhere (an event) or by one of its controls.
    static func backOfficeReads(_ shared: Shared) -> [SimulatorPanel.Out]
    /// What the panel's `g` reads again, in words (its help).
    static var simulatorParts: String { get }
    /// The calls a fault can target: its own call names, from its module's catalogue, in the order
    /// the flows meet them.
    static var faultTargets: [String] { get }
    /// The fault presets on F2–F5: its own errors (and a latency).
    static var faultPresets: [FaultPreset] { get }
    /// What the fault form's code field expects, in a word ("e.g. 2307").
    static var faultCodeExample: String { get }

    /// An event of one of its own kinds (`SimEvent.Kind`), or nil when the kind is not its.
    static func received(_ event: SimEvent, _ app: inout AppState) -> [Effect]?
    /// Its keys offered on every screen (the card phone's push, F6).
    static func globalCommands(_ app: AppState) -> [AvailableCommand]

    /// What a walk's header keeps of this system's part of the session beyond its declared options'
    /// fields (which the shell writes and reads, `SessionSetup.Option.walkField`), and reads it back.
    static func walkFields(_ config: SessionConfig) -> [String: JSONValue]
    static func readWalk(_ fields: [String: JSONValue], into config: inout SessionConfig)
    /// Whether a walk header that names no system is this system's (headers written before they did).
    static func claimsWalk(_ fields: [String: JSONValue]) -> Bool

    /// Its part of `Shared`: what its flows read of the app, built for each action (nil: nothing).
    static func sharedPart(_ app: AppState) -> FrontValue?
    /// The call that logs the session in once it is created, when it `logsIn` (PIMS's login, R0a).
    static func login(_ config: SessionConfig) -> CallRequest?
    /// What to do about a refused login, for the banner (nil: the error says it).
    static func loginRefused(_ error: CallError, _ config: SessionConfig) -> String?
    /// The app leaves `route` (Esc, back): what the front does about it (PIMS: a flow its checklist
    /// started no longer comes back to the list).
    static func leaving(_ route: Route, _ app: inout AppState) -> [Effect]
    /// One of its own outcomes (`Outcome.front`, a delegate `.front` of the simulator panel), done.
    static func perform(_ value: FrontValue, _ app: inout AppState) -> [Effect]
    /// An answer of a call, before its flow hears it: the front may take it over (PIMS asks for an
    /// OTP on 2302, then sends the call again); nil: the flow has it.
    static func intercept(_ response: CallResponse, of call: PlannedCall, _ app: inout AppState) -> [Effect]?
    /// After an answer reached its flow, or a late answer came: what the front reads again.
    static func afterAnswer(_ app: inout AppState, late: Bool) -> [Effect]

    /// A FAILED answer of one of its calls, as the banner shows it.
    static func failure(_ error: CallError) -> Notice
    /// The call did not reach the system (the client's network, a timeout): shown in the system's own
    /// terms; retrying is safe.
    static func transportFailure(_ kind: TransportError, _ error: CallError) -> Notice
}

extension SystemFront {
    public static var sessionOptions: [SessionSetup.Option] { [] }
    public static func received(_ event: SimEvent, _ app: inout AppState) -> [Effect]? { nil }
    public static func sharedPart(_ app: AppState) -> FrontValue? { nil }
    public static func perform(_ value: FrontValue, _ app: inout AppState) -> [Effect] { [] }
    public static func login(_ config: SessionConfig) -> CallRequest? { nil }
    public static func loginRefused(_ error: CallError, _ config: SessionConfig) -> String? { nil }
    public static func leaving(_ route: Route, _ app: inout AppState) -> [Effect] { [] }
    public static func intercept(_ response: CallResponse, of call: PlannedCall, _ app: inout AppState) -> [Effect]? { nil }
    public static func afterAnswer(_ app: inout AppState, late: Bool) -> [Effect] { [] }
    public static func globalCommands(_ app: AppState) -> [AvailableCommand] { [] }
    public static func walkFields(_ config: SessionConfig) -> [String: JSONValue] { [:] }
    public static func readWalk(_ fields: [String: JSONValue], into config: inout SessionConfig) {}
    public static func claimsWalk(_ fields: [String: JSONValue]) -> Bool { false }
    public static func simulatorKeys(_ panel: SimulatorPanel.State, _ shared: Shared) -> [KeyBinding<SimulatorPanel.Action>] { [] }
    public static func backOfficeReads(_ shared: Shared) -> [SimulatorPanel.Out] { [] }
    public static func simulatorCommand(_ command: SystemPanelCommand, _ panel: inout SimulatorPanel.State, _ shared: Shared) -> [SimulatorPanel.Out] { [] }
    public static func simulatorAnswered(_ command: SystemPanelCommand, _ answer: SimAnswer, _ panel: inout SimulatorPanel.State,
                                         _ shared: Shared) -> [SimulatorPanel.Out] { [] }
    public static var simulatorFields: [SimulatorField] { [] }
    public static func simulatorReads(_ panel: inout SimulatorPanel.State, _ shared: Shared) -> [SimulatorPanel.Out] { backOfficeReads(shared) }
}

/// One of a system's settings on the session screen: the option its key cycles, a name, the value.
public struct SettingRow: Hashable, Sendable {
    public var option: SessionSetup.Option
    public var name: String
    public var value: String

    public init(_ option: SessionSetup.Option, _ name: String, _ value: String) {
        self.option = option
        self.name = name
        self.value = value
    }
}

/// The fronts of the app: one line per system, as `World.systems` registers the backends.
public enum SystemFronts {
    public static let builtin: [any SystemFront.Type] = [defaultFront, FuturaeFront.self, CardFront.self]
    /// The session screen's first choice.
    public static let defaultFront: any SystemFront.Type = PIMSFront.self

    /// Fronts registered from outside the module (a test target's), for the task that registered
    /// them and the tasks it starts: parallel tests never see another test's front.
    @TaskLocal static var added: [any SystemFront.Type] = []

    /// Every front: the built-in ones, then those registered.
    public static var registered: [any SystemFront.Type] {
        let added = added
        return added.isEmpty ? builtin : builtin + added
    }

    /// Runs `body` with `fronts` registered after the others (their systems on the session screen,
    /// their features routed, their events, walks and faults): as `World.registering` for the backend.
    public static func registering<R>(_ fronts: [any SystemFront.Type], _ body: () async throws -> R) async rethrows -> R {
        try await $added.withValue(added + fronts, operation: body)
    }

    /// The front of a system in the world (`SimSystem.id`), if the app has one.
    public static func front(systemID: String) -> (any SystemFront.Type)? {
        registered.first { $0.systemID == systemID }
    }

    /// An event to the front whose kind it is (kinds are an open set: one no front knows is ignored).
    static func received(_ event: SimEvent, _ app: inout AppState) -> [Effect] {
        for front in registered { if let effects = front.received(event, &app) { return effects } }
        return []
    }
}

extension SystemChoice {
    /// This system's front. A choice whose front is not registered here (a test's system outside
    /// its `registering`) is shown by the default front, whose session screen offers those there are.
    public var front: any SystemFront.Type {
        SystemFronts.registered.first { $0.system == self } ?? SystemFronts.defaultFront
    }
}

/// A part of the simulator panel a system may have. An open set: a front registered from outside
/// the module names its own.
public struct SimulatorSection: Hashable, Sendable {
    public let name: String
    public init(_ name: String) { self.name = name }

    /// PIMS's live account (the account glance) and its steps caches.
    public static let account = SimulatorSection("account")
    /// PIMS's simulated phone: the SMS inbox.
    public static let smsInbox = SimulatorSection("smsInbox")
    /// PIMS's car-key proximity toggles.
    public static let proximity = SimulatorSection("proximity")
    /// PIMS's vehicle as the simulator holds it (R46: asleep, online, plug, level, a door, the engine).
    public static let vehicle = SimulatorSection("vehicle")
    /// Futurae's back office: activations created, pending, used, expired.
    public static let activations = SimulatorSection("activations")
    /// The card app's notifications and the issuer's transactions.
    public static let cardTransactions = SimulatorSection("cardTransactions")
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
