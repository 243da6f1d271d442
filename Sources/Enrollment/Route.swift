/// The screen the user is on. The screens render one per route.
public enum Route: Hashable, Sendable, CaseIterable {
    /// Session setup: backend, account, device, platform, SDK, variant, pacing.
    case start
    /// The menu of flows.
    case home
    /// Guided enrollment, steps 1 → 8 with the flow map.
    case guided
    /// Account management A–E.
    case account
    /// Strong authentication on demand: the PIN prompt after a 2302.
    case otp
    /// Service activation steps checklist.
    case steps
    /// Car key: select the VIN, check, activate.
    case carKey
    /// The simulated world: account state, SMS inbox, clock, faults, scenarios.
    case simulator
    /// Every call with request, response, duration and flow step.
    case log

    public var title: String {
        switch self {
        case .start: "Session"
        case .home: "Home"
        case .guided: "Guided enrollment"
        case .account: "Account management"
        case .otp: "Strong authentication (OTP)"
        case .steps: "Service activation steps"
        case .carKey: "Car key"
        case .simulator: "Simulator"
        case .log: "API log"
        }
    }

    /// One line on what the screen is for (the home menu and the screen's header).
    public var summary: String {
        switch self {
        case .start: "Backend, account, device, platform, SDK, spec variant and pacing; switch device mid-run."
        case .home: "Choose a flow."
        case .guided: "Enroll this device: steps 1 to 8 of the device enrollment, shortcut 4·1 or full 4·2."
        case .account: "A remove all enrollments, B reset PIN, C update PIN, D modify phone, E remove a vehicle."
        case .otp: "A call answered 2302: the PIN gets an OTP (otp withPin), then the call is retried once."
        case .steps: "Service activation steps of a vehicle: what is todo before remote services work."
        case .carKey: "Prove the key is at hand: Bluetooth on, phone paired, key inside, then activate."
        case .simulator: "The simulated world: account, SMS inbox, clock, faults, scenarios."
        case .log: "Every call with its request, response, duration and flow step."
        }
    }

    /// The home menu, in order.
    public static let homeMenu: [Route] = [.guided, .account, .steps, .carKey, .simulator, .log, .start]
}
