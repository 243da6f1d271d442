import PIMS

/// PIMS's flows as the app holds them: their routes, their scopes (state, screen, delegates: who
/// hears what each reports is in `PIMSDelegates.swift`), their calls' purposes. `PIMSFront.features`
/// registers them; nothing in the shell lists them.
extension Route {
    public static let guided = Route("guided"), account = Route("account"), otp = Route("otp"), steps = Route("steps")
    public static let carKey = Route("carKey"), vehicle = Route("vehicle")
}

extension Features {
    static let guided = Scope(GuidedEnrollment.self, "guided", GuidedEnrollment.State(), route: .guided, resets: true) { $0.guidedReported($1) }
    static let account = Scope(AccountManagement.self, "account", AccountManagement.State(), route: .account, resets: true) { $0.accountReported($1) }
    static let otp = Scope(StrongAuthentication.self, "otp", nil, route: .otp, resets: true) { $0.otpReported($1) }
    static let steps = Scope(StepsChecklist.self, "steps", StepsChecklist.State(), route: .steps, resets: true) { $0.stepsReported($1) }
    static let carKey = Scope(CarKeyFlow.self, "carKey", CarKeyFlow.State(), route: .carKey, resets: true) { $0.carKeyReported($1) }
    static let vehicle = Scope(VehicleFlow.self, "vehicle", VehicleFlow.State(), route: .vehicle, resets: true)
}

extension PIMSFront {
    /// The flows whose calls answered 2302 are authenticated on the OTP page and sent again once
    /// (`intercept`, R17): OTP's own call never is (it would loop), nor the login (the SDK asks for
    /// basic authentication instead).
    static let retriedAfterOTP: Set<ObjectIdentifier> = [
        ObjectIdentifier(GuidedEnrollment.self), ObjectIdentifier(AccountManagement.self), ObjectIdentifier(StepsChecklist.self),
        ObjectIdentifier(CarKeyFlow.self), ObjectIdentifier(VehicleFlow.self),
    ]

    public static let features = [
        RegisteredFeature(Features.guided), RegisteredFeature(Features.account), RegisteredFeature(Features.otp),
        RegisteredFeature(Features.steps), RegisteredFeature(Features.carKey), RegisteredFeature(Features.vehicle),
    ]
}

/// The flows' states by name (`app.guided`): each its scope's, through `AppState`'s one subscript.
extension AppState {
    public var guided: GuidedEnrollment.State { get { self[Features.guided] } set { self[Features.guided] = newValue } }
    public var account: AccountManagement.State { get { self[Features.account] } set { self[Features.account] = newValue } }
    public var otp: StrongAuthentication.State { get { self[Features.otp] } set { self[Features.otp] = newValue } }
    public var steps: StepsChecklist.State { get { self[Features.steps] } set { self[Features.steps] = newValue } }
    public var carKey: CarKeyFlow.State { get { self[Features.carKey] } set { self[Features.carKey] = newValue } }
    public var vehicle: VehicleFlow.State { get { self[Features.vehicle] } set { self[Features.vehicle] = newValue } }
}

/// The flows' calls name their steps and come back as `answered` (`StepLabelled`, `AnswersCalls`);
/// these say otherwise.
extension StrongAuthentication {
    public enum Call: Hashable, Sendable { case withPin }
    public static func answered(_ call: Call, _ response: CallResponse) -> Action? { .answered(response) }
    public static func stepLabel(_ call: Call) -> String { "OTP · withPin" }
}

extension VehicleFlow {
    public static func controlAnswered(_ control: Control, _ answer: SimAnswer) -> Action? { .controlAnswered(control, answer) }
}

/// The purposes as the flows write them (`.guided(.checkCode)`).
extension CallPurpose {
    public static func guided(_ call: GuidedEnrollment.Call) -> Self { GuidedEnrollment.purpose(call) }
    public static func account(_ call: AccountManagement.Call) -> Self { AccountManagement.purpose(call) }
    public static let otp = StrongAuthentication.purpose(.withPin)
    public static func steps(_ call: StepsChecklist.Call) -> Self { StepsChecklist.purpose(call) }
    public static func carKey(_ call: CarKeyFlow.Call) -> Self { CarKeyFlow.purpose(call) }
    public static func vehicle(_ call: VehicleFlow.Call) -> Self { VehicleFlow.purpose(call) }
}

extension ControlPurpose {
    public static func vehicle(_ control: VehicleFlow.Control) -> Self { VehicleFlow.controlPurpose(control) }
}
