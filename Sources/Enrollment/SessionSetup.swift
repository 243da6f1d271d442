import PIMS

/// The session screen: backend, account (R0a login), device, platform, SDK, variant, pacing; and
/// switching device mid-run (a second device of the same account shows step 6's AlreadyEnrolled).
extension AppState {
    /// Enter on the session screen: take the fields, then connect (if the backend changed), create
    /// the device's session, and log in.
    mutating func connect() -> [Effect] {
        guard startForm.validate(sendAsTyped: false, policy: policy) else { return [] }
        switch config.backend {
        case .inProcess: config.backend = .inProcess(scenario: startForm[.scenario])
        case .remote: config.backend = .remote(url: startForm[.remoteURL])
        }
        config.username = startForm[.username]
        config.password = startForm[.password]
        config.device = startForm[.device]
        let previous = loggedIn.map { (user: $0, settings: sessionSettings) }
        loggedIn = nil
        if let previous, previous.user != config.username || previous.settings != config.settings {
            // Another device, account, platform, SDK or variant is another SDK instance: its flows
            // start from nothing.
            resetFlows()
        }
        if connection == .connected(config.backend) {
            return createSession()
        }
        connection = .connecting
        banner = .info("Connecting to \(config.backend.summary)…")
        return [.connect(config.backend)]
    }

    mutating func connected(error: String?, defaults: ScenarioDefaults?) -> [Effect] {
        let switched = sessionSettings != nil
        if let error {
            connection = .failed(error)
            banner = Banner(kind: .error, label: "Could not open \(config.backend.summary).", detail: error,
                            advice: "Check the scenario name or the server URL, then press Enter again.")
            return []
        }
        connection = .connected(config.backend)
        banner = nil
        // Another scenario chosen on this screen brings its own default session (legacy-sdk is SDK
        // 2.0). The first one does not: the command line has set the session already.
        if switched, let d = defaults {
            config.device = d.settings.device
            config.platform = d.settings.platform
            config.sdk = d.settings.sdk
            config.variant = d.settings.variant
            if let user = d.username { config.username = user }
            startForm.set(.device, config.device, policy: policy)
            startForm.set(.username, config.username, policy: policy)
            resetFlows()
        }
        return createSession()
    }

    mutating func createSession() -> [Effect] {
        sessionSettings = config.settings
        return control(.createSession, .session(name: config.sessionName, settings: config.settings))
    }

    mutating func loginAnswered(_ response: PIMSResponse) -> [Effect] {
        if let error = response.error {
            banner = .failure(error, advice: error.code == 2102 ? "Wrong username or password: correct them and press Enter." : nil)
            return []
        }
        loggedIn = config.username
        route = .home
        banner = .success("Logged in as \(config.username) on \(config.device) (\(config.platform.rawValue), SDK \(config.sdk)).")
        return []
    }

    /// A new SDK instance, or a new world: every flow starts from nothing (the log stays).
    mutating func resetFlows() {
        guided = GuidedEnrollment()
        account = AccountManagement()
        otp = nil
        steps = StepsChecklist()
        carKey = CarKeyFlow()
    }

    mutating func cycleStartOption(_ command: Command) {
        switch command {
        case .cycleScenario:
            guard startForm.has(.scenario) else { return }
            let all = SessionConfig.builtInScenarios
            let next = all[((all.firstIndex(of: startForm[.scenario]) ?? -1) + 1) % all.count]
            startForm.set(.scenario, next, policy: policy)
        case .cycleBackendKind:
            switch config.backend {
            case .inProcess: config.backend = .remote(url: "http://127.0.0.1:8080")
            case .remote: config.backend = .inProcess(scenario: "fresh")
            }
            var form = AppState.startForm(for: config)
            for id in [FieldID.username, .password, .device] { form[id] = startForm[id] }
            startForm = form
        case .cyclePlatform: config.platform = config.platform == .ios ? .android : .ios
        case .cycleSDK:
            let all = SDKVersion.supported
            config.sdk = all[((all.firstIndex(of: config.sdk) ?? 0) + 1) % all.count]
        case .cycleVariant: config.variant = config.variant == .tutorial ? .reference : .tutorial
        default: break
        }
    }
}
