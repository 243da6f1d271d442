import SimKernel

extension SessionSetup {
    public enum Connection: Hashable, Sendable {
        case disconnected
        case connecting
        case connected(BackendChoice)
        case failed(String)
    }

    public struct State: Hashable, Sendable {
        public var config: SessionConfig
        /// The session screen's fields (scenario or URL, username, password, device).
        public var form: Form
        public var connection: Connection = .disconnected
        /// The username the session is logged in as.
        public var loggedIn: String?
        /// The settings the backend session was created with (a change makes a new SDK instance).
        public var settings: SessionSettings?
        /// The input policy: the contract's defaults, then the backend's.
        public var policy = PINPolicy()
        /// The system was chosen on this screen (`y`) since the last connection: Enter logs in to
        /// the system shown, whatever systems the scenario is about.
        public var systemChosen = false
        /// The built-in scenarios, as the scenario loader lists them (the executable passes them in:
        /// the view-model knows no world).
        public var scenarios: [String]

        public init(config: SessionConfig = SessionConfig(), scenarios: [String] = []) {
            self.config = config
            self.scenarios = scenarios
            form = Self.form(for: config)
        }

        static func form(for config: SessionConfig) -> Form {
            let first: (FieldID, String)
            switch config.backend {
            case .inProcess(let s): first = (.scenario, s)
            case .remote(let url): first = (.remoteURL, url)
            }
            let ids = [first.0] + config.system.front.sessionFields
            return Form(ids, values: [first.0: first.1, .username: config.username, .password: config.password, .device: config.device])
        }
    }
}
