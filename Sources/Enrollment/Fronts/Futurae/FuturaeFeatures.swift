import PIMS

/// Futurae's flows as the app holds them: their routes, their scopes (state, screen, delegates: who
/// hears what each reports is in `FuturaeDelegates.swift`), their calls' and controls' purposes.
/// `FuturaeFront.features` registers them; nothing in the shell lists them.
extension Route {
    public static let futurae = Route("futurae"), futuraeAccounts = Route("futuraeAccounts"), futuraeLogin = Route("futuraeLogin")
}

extension Features {
    static let futurae = Scope(FuturaeEnrollment.self, "futurae", FuturaeEnrollment.State(), route: .futurae, resets: true) { $0.futuraeReported($1) }
    static let futuraeAccounts = Scope(FuturaeAccounts.self, "futuraeAccounts", FuturaeAccounts.State(), route: .futuraeAccounts, resets: true) {
        $0.futuraeAccountsReported($1)
    }
    static let futuraeLogin = Scope(FuturaeLogin.self, "futuraeLogin", FuturaeLogin.State(), route: .futuraeLogin, resets: true) {
        $0.futuraeLoginReported($1)
    }
}

extension FuturaeFront {
    public static let features = [RegisteredFeature(Features.futurae), RegisteredFeature(Features.futuraeAccounts), RegisteredFeature(Features.futuraeLogin)]
}

/// The flows' states by name (`app.guided`): each its scope's, through `AppState`'s one subscript.
extension AppState {
    public var futurae: FuturaeEnrollment.State { get { self[Features.futurae] } set { self[Features.futurae] = newValue } }
    public var futuraeAccounts: FuturaeAccounts.State { get { self[Features.futuraeAccounts] } set { self[Features.futuraeAccounts] = newValue } }
    public var futuraeLogin: FuturaeLogin.State { get { self[Features.futuraeLogin] } set { self[Features.futuraeLogin] = newValue } }
}

/// The flows' controls as their actions (their calls: `StepLabelled`, `AnswersCalls`).
extension FuturaeEnrollment {
    public static func controlAnswered(_ control: Control, _ answer: SimAnswer) -> Action? {
        switch control {
        case .activation: .activationCreated(answer)
        case .activations: .activationsRead(answer)
        }
    }
}

extension FuturaeAccounts {
    /// The SDK instance's lock, read without a call.
    public enum Control: Hashable, Sendable { case device }
    public static func controlAnswered(_ control: Control, _ answer: SimAnswer) -> Action? { .deviceRead(answer) }
}

extension FuturaeLogin {
    public static func controlAnswered(_ control: Control, _ answer: SimAnswer) -> Action? { .controlAnswered(control, answer) }
}

/// The purposes as the flows write them (`.futurae(.enroll)`).
extension CallPurpose {
    public static func futurae(_ call: FuturaeEnrollment.Call) -> Self { FuturaeEnrollment.purpose(call) }
    public static func futuraeAccounts(_ call: FuturaeAccounts.Call) -> Self { FuturaeAccounts.purpose(call) }
    public static func futuraeLogin(_ call: FuturaeLogin.Call) -> Self { FuturaeLogin.purpose(call) }
}

extension ControlPurpose {
    public static func futurae(_ control: FuturaeEnrollment.Control) -> Self { FuturaeEnrollment.controlPurpose(control) }
    /// The SDK instance's lock, read without a call.
    public static let futuraeAccounts = FuturaeAccounts.controlPurpose(.device)
    public static func futuraeLogin(_ control: FuturaeLogin.Control) -> Self { FuturaeLogin.controlPurpose(control) }
}
