import SimKernel

/// Why a call is made: which feature and which of its steps. The effect carries it and the answer
/// brings it back, so the answer goes to its feature; the API log shows `stepLabel` beside the call.
public enum CallPurpose: Hashable, Sendable {
    case login
    case guided(GuidedEnrollment.Call)
    case account(AccountManagement.Call)
    case otp
    case steps(StepsChecklist.Call)
    case carKey(CarKeyFlow.Call)
    case futurae(FuturaeEnrollment.Call)
    case futuraeAccounts(FuturaeAccounts.Call)
    case cardPhone(CardPhone.Call)
    case cardAccounts(CardAccounts.Call)
    case futuraeLogin(FuturaeLogin.Call)
    /// A call of a feature registered from outside the module.
    case feature(FeatureCall)
    case vehicle(VehicleFlow.Call)

    /// The flow step a call belongs to, as the API log shows it.
    public var stepLabel: String {
        switch self {
        case .login: "Session · login"
        case .guided(let call): call.stepLabel
        case .account(let call): call.stepLabel
        case .otp: "OTP · withPin"
        case .steps(let call): call.stepLabel
        case .carKey(let call): call.stepLabel
        case .futurae(let call): call.stepLabel
        case .futuraeAccounts(let call): call.stepLabel
        case .cardPhone(let call): call.stepLabel
        case .cardAccounts(let call): call.stepLabel
        case .futuraeLogin(let call): call.stepLabel
        case .feature(let call): call.stepLabel
        case .vehicle(let call): call.stepLabel
        }
    }

    /// A 2302 on these is answered by the OTP page, then the call is retried once. OTP itself and
    /// the login never are (it would loop, or the SDK asks for basic authentication instead).
    var strongAuthenticationRetries: Bool {
        switch self {
        case .login, .otp, .futurae, .futuraeAccounts, .cardPhone, .cardAccounts, .futuraeLogin, .feature: false
        case .guided, .account, .steps, .carKey, .vehicle: true
        }
    }
}

/// Why a simulator control is made; the effect carries it and the answer brings it back.
public enum ControlPurpose: Hashable, Sendable {
    /// This device's backend session (then the login).
    case createSession
    case simulator(SimulatorPanel.Control)
    case futurae(FuturaeEnrollment.Control)
    /// The SDK instance's lock, read without a call.
    case futuraeAccounts
    case cardPhone(CardPhone.Control)
    case cardShop(CardShop.Control)
    case futuraeLogin(FuturaeLogin.Control)
    /// A control of a feature registered from outside the module.
    case feature(FeatureCall)
    case vehicle(VehicleFlow.Control)
}
