import SimKernel
import SimKernel

/// The screen the user is on: one per feature. An open set: a feature registered from outside the
/// module (`RegisteredFeature`) names its own (`static let locker = Route("locker")`).
public struct Route: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }

    public static let start = Route("start"), home = Route("home"), guided = Route("guided"), account = Route("account")
    public static let otp = Route("otp"), steps = Route("steps"), carKey = Route("carKey"), simulator = Route("simulator")
    public static let log = Route("log"), futurae = Route("futurae"), futuraeAccounts = Route("futuraeAccounts")
    public static let coverage = Route("coverage"), card = Route("card"), cardShop = Route("cardShop")
    public static let cardAccounts = Route("cardAccounts"), futuraeLogin = Route("futuraeLogin")
    public static let vehicle = Route("vehicle")

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
    /// the arrows, opening, the keys, the form, the awaited SMS and the question on screen.
    var scope: any FeatureScope { Features.scope(of: self)! }
}

/// Each feature as the app holds it: where its state lives and what it starts as, its screen, and
/// who hears what it reports (`Delegates.swift`). `all` is the registry: routing a feature's actions
/// (`Action.feature`), a route's screen and resetting the flows are derived from it.
enum Features {
    static let session = Scope(SessionSetup.self, \.session, route: .start) { $0.sessionReported($1) }
    static let home = Scope(HomeMenu.self, FeatureStates.home, route: .home) { $0.homeReported($1) }
    static let guided = Scope(GuidedEnrollment.self, FeatureStates.guided, route: .guided, resets: true) { $0.guidedReported($1) }
    static let account = Scope(AccountManagement.self, FeatureStates.account, route: .account, resets: true) { $0.accountReported($1) }
    static let otp = Scope(StrongAuthentication.self, FeatureStates.otp, route: .otp, resets: true) { $0.otpReported($1) }
    static let steps = Scope(StepsChecklist.self, FeatureStates.steps, route: .steps, resets: true) { $0.stepsReported($1) }
    static let carKey = Scope(CarKeyFlow.self, FeatureStates.carKey, route: .carKey, resets: true) { $0.carKeyReported($1) }
    static let simulator = Scope(SimulatorPanel.self, \.simulator, route: .simulator) { $0.simulatorReported($1) }
    static let futurae = Scope(FuturaeEnrollment.self, FeatureStates.futurae, route: .futurae, resets: true) { $0.futuraeReported($1) }
    static let futuraeAccounts = Scope(FuturaeAccounts.self, FeatureStates.futuraeAccounts, route: .futuraeAccounts, resets: true) {
        $0.futuraeAccountsReported($1)
    }
    static let futuraeLogin = Scope(FuturaeLogin.self, FeatureStates.futuraeLogin, route: .futuraeLogin, resets: true) { $0.futuraeLoginReported($1) }
    static let cardPhone = Scope(CardPhone.self, FeatureStates.cardPhone, route: .card, resets: true) { $0.cardPhoneReported($1) }
    static let cardShop = Scope(CardShop.self, FeatureStates.cardShop, route: .cardShop, resets: true)
    static let cardAccounts = Scope(CardAccounts.self, FeatureStates.cardAccounts, route: .cardAccounts, resets: true)
    static let vehicle = Scope(VehicleFlow.self, FeatureStates.vehicle, route: .vehicle, resets: true)
    static let log = Scope(APILogBrowser.self, \.log, route: .log)
    static let coverage = Scope(SessionCoverage.self, FeatureStates.coverage, route: .coverage)

    /// The built-in features, once, in the routes' order.
    static let builtin: [any FeatureScope] = [
        session, home, guided, account, otp, steps, carKey, simulator, log, futurae, futuraeAccounts, coverage,
        cardPhone, cardShop, cardAccounts, futuraeLogin, vehicle,
    ]
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
        switch purpose {
        case .login: Features.session.send(.loginAnswered(response), to: &self)
        case .guided(let call): Features.guided.send(.answered(call, response), to: &self)
        case .account(let call): Features.account.send(.answered(call, response), to: &self)
        case .otp: Features.otp.send(.answered(response), to: &self)
        case .steps(let call): Features.steps.send(.answered(call, response), to: &self)
        case .carKey(let call): Features.carKey.send(.answered(call, response), to: &self)
        case .futurae(let call): Features.futurae.send(.answered(call, response), to: &self)
        case .futuraeAccounts(let call): Features.futuraeAccounts.send(.answered(call, response), to: &self)
        case .cardPhone(let call): Features.cardPhone.send(.answered(call, response), to: &self)
        case .cardAccounts(let call): Features.cardAccounts.send(.answered(call, response), to: &self)
        case .feature(let call): Features.scope(of: call.feature)?.answered(call, response, &self) ?? []
        case .futuraeLogin(let call): Features.futuraeLogin.send(.answered(call, response), to: &self)
        case .vehicle(let call): Features.vehicle.send(.answered(call, response), to: &self)
        }
    }

    /// A new SDK instance, or a new world: every flow starts from nothing (the log stays).
    mutating func resetFlows() {
        for scope in Features.all { scope.reset(&self) }
    }
}
