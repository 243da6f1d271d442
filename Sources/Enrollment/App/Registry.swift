import SimKernel

/// The screen the user is on: one per feature. An open set: a feature registered from outside the
/// module (`RegisteredFeature`) names its own (`static let locker = Route("locker")`).
public struct Route: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }

    /// The shell's screens; each front names its own beside its features (`PIMSFeatures.swift`, …).
    public static let start = Route("start"), home = Route("home"), simulator = Route("simulator"), log = Route("log")
    public static let coverage = Route("coverage")

    /// Every route, in the registry's order.
    public static var allCases: [Route] { Features.all.compactMap(\.route) }

    /// The home menu of each system, in order.
    public static func homeMenu(_ system: SystemChoice) -> [Route] { system.front.homeMenu }

    public var title: String { scope.title }
    /// One line on what the screen is for.
    public var summary: String { scope.summary }
    /// The screen's line in the home menu.
    public var menuLine: String { scope.menuLine }

    /// The one place a route meets its feature: the app asks the route's feature for Enter, Esc,
    /// the arrows, opening, the keys, the form and the question on screen. A route no registered
    /// feature has (a test's front outside its `registering`) is Home's.
    var scope: any FeatureScope { Features.scope(of: self) ?? Features.home }
}

/// The registry: every feature as the app holds it (where its state lives and what it starts as,
/// its screen, who hears what it reports). The shell registers the features no system owns here; each
/// front declares its own (`SystemFront.features`, in its folder). Routing a feature's actions
/// (`Action.feature`), its answers (`CallPurpose`), a route's screen and resetting the flows are
/// derived from it: no other list of features exists.
enum Features {
    static let session = Scope(SessionSetup.self, \.session, route: .start) { $0.sessionReported($1) }
    static let home = Scope(HomeMenu.self, "home", HomeMenu.State(), route: .home) { $0.homeReported($1) }
    static let simulator = Scope(SimulatorPanel.self, \.simulator, route: .simulator) { $0.simulatorReported($1) }
    static let log = Scope(APILogBrowser.self, \.log, route: .log)
    static let coverage = Scope(SessionCoverage.self, "coverage", SessionCoverage.State(), route: .coverage)

    /// The features that belong to no system: the session, Home, the simulator panel, the API log
    /// and coverage.
    static let shell: [any FeatureScope] = [session, home, simulator, log, coverage]

    /// The shell's features, then each built-in front's, in the fronts' order.
    static let builtin: [any FeatureScope] = shell + SystemFronts.builtin.flatMap { $0.features.map(\.scope) }
    static let builtinByFeature = Dictionary(uniqueKeysWithValues: builtin.map { (ObjectIdentifier($0.feature), $0) })
    static let builtinByRoute = Dictionary(uniqueKeysWithValues: builtin.compactMap { scope in scope.route.map { ($0, scope) } })

    /// The features of the fronts registered from outside the module (`SystemFronts.registering`).
    static var added: [any FeatureScope] { SystemFronts.added.flatMap { $0.features.map(\.scope) } }

    /// Every feature, once: the built-in ones, then those of registered fronts.
    static var all: [any FeatureScope] {
        let added = added
        return added.isEmpty ? builtin : builtin + added
    }

    static func scope(of feature: ObjectIdentifier) -> (any FeatureScope)? {
        builtinByFeature[feature] ?? added.first { ObjectIdentifier($0.feature) == feature }
    }

    static func scope(of route: Route) -> (any FeatureScope)? {
        builtinByRoute[route] ?? added.first { $0.route == route }
    }

    /// A feature's own action to its feature.
    static func send(_ message: FeatureMessage, to app: inout AppState) -> [Effect] {
        scope(of: message.feature)?.receive(message, &app) ?? []
    }
}

extension AppState {
    /// A call's answer to the feature its purpose names.
    mutating func deliver(_ response: CallResponse, for purpose: CallPurpose) -> [Effect] {
        Features.scope(of: purpose.call.feature)?.answered(purpose.call, response, &self) ?? []
    }

    /// One of a registered feature's own actions, sent to it (a front's event or delegate handler
    /// reaching one of its flows); nothing when the feature is not registered.
    public mutating func send<F: Feature>(_ action: F.Action, to feature: F.Type) -> [Effect] {
        Features.send(FeatureMessage(feature, action), to: &self)
    }

    /// A new SDK instance, or a new world: every flow starts from nothing (the log stays).
    mutating func resetFlows() {
        for scope in Features.all { scope.reset(&self) }
    }

    public var home: HomeMenu.State { get { self[Features.home] } set { self[Features.home] = newValue } }
    public var coverage: SessionCoverage.State { get { self[Features.coverage] } set { self[Features.coverage] = newValue } }
}

/// The session's own calls and controls: the login (R0a), this device's backend session.
extension CallPurpose {
    public static let login = SessionSetup.purpose(.login)
}

extension ControlPurpose {
    public static let createSession = SessionSetup.controlPurpose(.createSession)
    public static func simulator(_ control: SimulatorPanel.Control) -> Self { SimulatorPanel.controlPurpose(control) }
}

extension SessionSetup {
    public enum Call: Hashable, Sendable { case login }
    public enum Control: Hashable, Sendable { case createSession }
    public static func answered(_ call: Call, _ response: CallResponse) -> Action? { .loginAnswered(response) }
    public static func controlAnswered(_ control: Control, _ answer: SimAnswer) -> Action? { .sessionCreated(answer) }
    public static func stepLabel(_ call: Call) -> String { "Session · login" }
}

extension SimulatorPanel {
    public static func controlAnswered(_ control: Control, _ answer: SimAnswer) -> Action? { .answered(control, answer) }
}
