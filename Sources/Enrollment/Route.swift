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

    /// The home menu, in order.
    public static let homeMenu: [Route] = [.guided, .account, .steps, .carKey, .simulator, .log, .start]
}
