import PIMS

/// The screen the user is on: one per feature.
public enum Route: Hashable, Sendable, CaseIterable {
    case start, home, guided, account, otp, steps, carKey, simulator, log
    case futurae, futuraeAccounts, coverage
    case card, cardShop, cardAccounts

    /// The home menu of each system, in order.
    public static func homeMenu(_ system: SystemChoice) -> [Route] { system.front.homeMenu }

    public var title: String { scope.title }
    /// One line on what the screen is for.
    public var summary: String { scope.summary }
    /// The screen's line in the home menu.
    public var menuLine: String { scope.menuLine }

    /// The one place a route meets its feature: the app asks the route's feature for Enter, Esc,
    /// the arrows, opening, the keys, the form, the awaited SMS and the question on screen.
    var scope: any FeatureScope {
        switch self {
        case .start: Features.session
        case .home: Features.home
        case .guided: Features.guided
        case .account: Features.account
        case .otp: Features.otp
        case .steps: Features.steps
        case .carKey: Features.carKey
        case .simulator: Features.simulator
        case .log: Features.log
        case .futurae: Features.futurae
        case .futuraeAccounts: Features.futuraeAccounts
        case .coverage: Features.coverage
        case .card: Features.cardPhone
        case .cardShop: Features.cardShop
        case .cardAccounts: Features.cardAccounts
        }
    }
}

/// Each feature as the app holds it: where its state lives, how its actions are wrapped, and who
/// hears what it reports (`Delegates.swift`).
enum Features {
    static var session: Scope<SessionSetup> { Scope(\.session, Action.session) { $0.sessionReported($1) } }
    static var home: Scope<HomeMenu> { Scope(\.home, Action.home) { $0.homeReported($1) } }
    static var guided: Scope<GuidedEnrollment> { Scope(\.guided, Action.guided) { $0.guidedReported($1) } }
    static var account: Scope<AccountManagement> { Scope(\.account, Action.account) { $0.accountReported($1) } }
    static var otp: Scope<StrongAuthentication> { Scope(\.otp, Action.otp) { $0.otpReported($1) } }
    static var steps: Scope<StepsChecklist> { Scope(\.steps, Action.steps) { $0.stepsReported($1) } }
    static var carKey: Scope<CarKeyFlow> { Scope(\.carKey, Action.carKey) { $0.carKeyReported($1) } }
    static var simulator: Scope<SimulatorPanel> { Scope(\.simulator, Action.simulator) { $0.simulatorReported($1) } }
    static var futurae: Scope<FuturaeEnrollment> { Scope(\.futurae, Action.futurae) { $0.futuraeReported($1) } }
    static var futuraeAccounts: Scope<FuturaeAccounts> { Scope(\.futuraeAccounts, Action.futuraeAccounts) { $0.futuraeAccountsReported($1) } }
    static var cardPhone: Scope<CardPhone> { Scope(\.cardPhone, Action.cardPhone) { $0.cardPhoneReported($1) } }
    static var cardShop: Scope<CardShop> { Scope(\.cardShop, Action.cardShop) { _, never in switch never {} } }
    static var cardAccounts: Scope<CardAccounts> { Scope(\.cardAccounts, Action.cardAccounts) { _, never in switch never {} } }
    static var log: Scope<APILogBrowser> { Scope(\.log, Action.log) { _, never in switch never {} } }
    static var coverage: Scope<SessionCoverage> { Scope(\.coverage, Action.coverage) { _, never in switch never {} } }
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
        }
    }

    /// A new SDK instance, or a new world: every flow starts from nothing (the log stays).
    mutating func resetFlows() {
        guided = GuidedEnrollment.State()
        account = AccountManagement.State()
        otp = nil
        steps = StepsChecklist.State()
        carKey = CarKeyFlow.State()
        futurae = FuturaeEnrollment.State()
        futuraeAccounts = FuturaeAccounts.State()
        cardPhone = CardPhone.State()
        cardShop = CardShop.State()
        cardAccounts = CardAccounts.State()
    }
}
