import SimKernel

extension SessionSetup {
    public enum Action: FeatureAction {
        case opened, submit, cancel
        case moveSelection(Int)
        /// The next value of one of the session's options.
        case cycle(Option)
        /// A backend was opened (error nil) or not; `defaults` are the scenario's default session, when known.
        case connected(error: String?, defaults: ScenarioDefaults?)
        /// Open this device's backend session again (a new world), then log in.
        case createSession
        /// The answer of the session control.
        case sessionCreated(SimAnswer)
        /// The answer of the login.
        case loginAnswered(CallResponse)
        /// The world was replaced: its sessions are new, nobody is logged in.
        case loggedOut
        /// The backend's PIN and SMS policy.
        case adopt(PINPolicy)
    }


    public enum Delegate: Hashable, Sendable {
        /// Open this backend (the runtime does; `.connected` answers).
        case connect(BackendChoice)
        /// Another device, account, platform, SDK or variant is another SDK instance: the flows
        /// start from nothing.
        case newInstance
        /// Logged in: the home menu, and the session's events.
        case loggedIn
    }
}
