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

    /// One of the session's options chosen by key: an open set. The shell's (the scenario, the
    /// backend, the system) change the form too and are cycled by the session screen; each front
    /// declares its own with their next value (`.platform` in PIMS's folder, `.lockType` in Futurae's).
    public struct Option: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        let next: (@Sendable (inout SessionConfig) -> Void)?

        /// A front's option: `next` sets its next value.
        public init(_ name: String, next: @escaping @Sendable (inout SessionConfig) -> Void) {
            self.name = name
            self.next = next
        }

        init(shell name: String) {
            self.name = name
            next = nil
        }

        public static func == (a: Self, b: Self) -> Bool { a.name == b.name }
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }
        public var description: String { name }

        public static let scenario = Self(shell: "scenario"), backend = Self(shell: "backend"), system = Self(shell: "system")
        /// The device's biometrics (Futurae's and the card app's).
        public static let biometrics = Self("biometrics") { $0.biometrics.toggle() }
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
