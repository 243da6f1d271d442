import PIMS

/// The screen the user is on: one per feature.
public enum Route: Hashable, Sendable, CaseIterable {
    case start, home, guided, account, otp, steps, carKey, simulator, log
    case futurae, futuraeAccounts, coverage
    case card, cardShop, cardAccounts
    case vehicle

    /// The home menu of each system, in order.
    public static func homeMenu(_ system: SystemChoice) -> [Route] { system.front.homeMenu }

    public var title: String { scope.title }
    /// One line on what the screen is for.
    public var summary: String { scope.summary }
    /// The screen's line in the home menu.
    public var menuLine: String { scope.menuLine }

    /// The one place a route meets its feature: the app asks the route's feature for Enter, Esc,
    /// the arrows, opening, the keys, the form, the awaited SMS and the question on screen.
    var scope: any FeatureScope { Features.byRoute[self]! }
}

/// Each feature as the app holds it: where its state lives and what it starts as, its screen, and
/// who hears what it reports (`Delegates.swift`). `all` is the registry: routing a feature's actions
/// (`Action.feature`), a route's screen and resetting the flows are derived from it.
enum Features {
    static let session = Scope(SessionSetup.self, \.session, route: .start) { $0.sessionReported($1) }
    static let home = Scope(HomeMenu.self, \.home, route: .home) { $0.homeReported($1) }
    static let guided = Scope(GuidedEnrollment.self, \.guided, route: .guided, resetTo: .init()) { $0.guidedReported($1) }
    static let account = Scope(AccountManagement.self, \.account, route: .account, resetTo: .init()) { $0.accountReported($1) }
    static let otp = Scope(StrongAuthentication.self, \.otp, route: .otp, resetTo: nil as StrongAuthentication.State) { $0.otpReported($1) }
    static let steps = Scope(StepsChecklist.self, \.steps, route: .steps, resetTo: .init()) { $0.stepsReported($1) }
    static let carKey = Scope(CarKeyFlow.self, \.carKey, route: .carKey, resetTo: .init()) { $0.carKeyReported($1) }
    static let simulator = Scope(SimulatorPanel.self, \.simulator, route: .simulator) { $0.simulatorReported($1) }
    static let futurae = Scope(FuturaeEnrollment.self, \.futurae, route: .futurae, resetTo: .init()) { $0.futuraeReported($1) }
    static let futuraeAccounts = Scope(FuturaeAccounts.self, \.futuraeAccounts, route: .futuraeAccounts, resetTo: .init()) {
        $0.futuraeAccountsReported($1)
    }
    static let cardPhone = Scope(CardPhone.self, \.cardPhone, route: .card, resetTo: .init()) { $0.cardPhoneReported($1) }
    static let cardShop = Scope(CardShop.self, \.cardShop, route: .cardShop, resetTo: .init())
    static let cardAccounts = Scope(CardAccounts.self, \.cardAccounts, route: .cardAccounts, resetTo: .init())
    static let vehicle = Scope(VehicleFlow.self, \.vehicle, route: .vehicle, resetTo: .init())
    static let log = Scope(APILogBrowser.self, \.log, route: .log)
    static let coverage = Scope(SessionCoverage.self, \.coverage, route: .coverage)

    /// Every feature, once, in the routes' order.
    static let all: [any FeatureScope] = [
        session, home, guided, account, otp, steps, carKey, simulator, log, futurae, futuraeAccounts, coverage,
        cardPhone, cardShop, cardAccounts, vehicle,
    ]
    static let byFeature = Dictionary(uniqueKeysWithValues: all.map { (ObjectIdentifier($0.feature), $0) })
    static let byRoute = Dictionary(uniqueKeysWithValues: all.compactMap { scope in scope.route.map { ($0, scope) } })

    /// A feature's own action to its feature.
    static func send(_ message: FeatureMessage, to app: inout AppState) -> [Effect] {
        byFeature[message.feature]?.receive(message, &app) ?? []
    }
}

extension AppState {
    /// A call's answer to the feature its purpose names.
    mutating func deliver(_ response: PIMSResponse, for purpose: CallPurpose) -> [Effect] {
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
        case .vehicle(let call): Features.vehicle.send(.answered(call, response), to: &self)
        }
    }

    /// A new SDK instance, or a new world: every flow starts from nothing (the log stays).
    mutating func resetFlows() {
        for scope in Features.all { scope.reset(&self) }
    }
}
