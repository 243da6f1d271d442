import SimKernel

/// A flow of the app, as the Composable Architecture shapes one: its own state, its own actions,
/// a pure `reduce`, its keys as a table, and what it reports to the app as typed delegate values.
///
/// A feature reads nothing of the app but `Shared`, and changes nothing outside its state: what it
/// needs from the app (a call, a control, a notice, leaving the screen) it asks for in its
/// outcomes. The app composes the features (`Route.scope`, `App/Registry.swift`).
public protocol Feature {
    associatedtype State: Hashable & Sendable
    associatedtype Action: FeatureAction
    associatedtype Delegate: Hashable & Sendable
    /// Its calls and its controls: the purpose an effect carries names the feature and one of these
    /// (`purpose(_:)`, `controlPurpose(_:)`), and the answer comes back to `answered`/`controlAnswered`.
    associatedtype Call: Hashable & Sendable = Never
    associatedtype Control: Hashable & Sendable = Never

    /// The screen's name (title bar, home menu), what it is for, and its home-menu line.
    static var title: String { get }
    static var summary: String { get }
    static var menuLine: String { get }

    static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Outcome<Delegate>]

    /// The feature's keys in this state, in the order the help bar shows them.
    static func keys(_ state: State, _ shared: Shared) -> [KeyBinding<Action>]

    /// The form typed keys go to, when the screen has one taking input now.
    static func form(_ state: State) -> Form?
    static func editForm(_ state: inout State, _ edit: (inout Form) -> Void)
    /// A yes/no question on screen (Enter confirms, Esc declines).
    static func confirmation(_ state: State, _ shared: Shared) -> Confirmation?
    /// A flow is under way: quitting asks first.
    static func isUnderway(_ state: State) -> Bool
    /// A form that appears on this screen is edited at once (a flow's prompt asks for its input);
    /// screens whose fields are settings (the session, the simulator) wait for `i`.
    static var editsOnArrival: Bool { get }
    /// Whether a form that appears now is edited at once: `editsOnArrival`, unless the state says
    /// otherwise (a settings screen's dialog is there to be typed into).
    static func editsAtOnce(_ state: State) -> Bool
    /// A paste on a screen with no field taking it, as the feature's action (the Futurae phone
    /// takes a pasted QR payload whole); nil: not taken.
    static func pasteAction(_ text: String, _ state: State) -> Action?

    /// The answer of one of its calls (`purpose(call)`), as its action.
    static func answered(_ call: Call, _ response: CallResponse) -> Action?
    /// The answer of one of its controls (`controlPurpose(control)`), as its action.
    static func controlAnswered(_ control: Control, _ answer: SimAnswer) -> Action?
    /// One of its calls as the API log names its step.
    static func stepLabel(_ call: Call) -> String
}

extension Feature {
    public static var menuLine: String { "" }
    public static func form(_ state: State) -> Form? { nil }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) {}
    public static func confirmation(_ state: State, _ shared: Shared) -> Confirmation? { nil }
    public static func isUnderway(_ state: State) -> Bool { false }
    public static var editsOnArrival: Bool { true }
    public static func editsAtOnce(_ state: State) -> Bool { editsOnArrival }
    public static func pasteAction(_ text: String, _ state: State) -> Action? { nil }
    public static func answered(_ call: Call, _ response: CallResponse) -> Action? { nil }
    public static func controlAnswered(_ control: Control, _ answer: SimAnswer) -> Action? { nil }
    public static func stepLabel(_ call: Call) -> String { "\(title) · \(call)" }
}

/// A feature's call that names its own API-log step (`Guided · step 6`).
public protocol StepLabelled {
    var stepLabel: String { get }
}

/// A feature's actions with a case for its calls' answers (`case answered(Call, CallResponse)`).
public protocol AnswersCalls {
    associatedtype AnsweredCall
    static func answered(_ call: AnsweredCall, _ response: CallResponse) -> Self
}

extension Feature where Call: StepLabelled {
    public static func stepLabel(_ call: Call) -> String { call.stepLabel }
}

extension Feature where Action: AnswersCalls, Action.AnsweredCall == Call {
    public static func answered(_ call: Call, _ response: CallResponse) -> Action? { Action.answered(call, response) }
}

/// The actions every feature takes from the app: the keys every screen shares, after the app had
/// its say (quit confirmation, step pacing, a call in flight), and arriving on the screen.
public protocol FeatureAction: Hashable, Sendable {
    /// Enter.
    static var submit: Self { get }
    /// Esc, when nothing of the app's (a question, a call, a staged call) took it.
    static var cancel: Self { get }
    /// ↑ ↓ (and k j, PgUp PgDn).
    static func moveSelection(_ delta: Int) -> Self
    /// The screen was opened.
    static var opened: Self { get }
    /// Actions that neither start nor change a flow are taken while a call is in flight.
    var isAllowedWhileBusy: Bool { get }
}

extension FeatureAction {
    public var isAllowedWhileBusy: Bool { false }
}

/// A yes/no question of a flow (step A, the account tasks' confirmations).
public struct Confirmation: Hashable, Sendable {
    public var title: String
    public var body: String
    public init(_ title: String, _ body: String) {
        self.title = title
        self.body = body
    }
}
