import SimKernel
import SimKernel

/// Enter on the session screen: take the fields, then connect (if the backend changed), create the
/// device's session, and log in; and the options cycled by key.
extension SessionSetup.State {
    typealias Out = SessionSetup.Out

    mutating func connect() -> [Out] {
        guard form.validate(sendAsTyped: false, policy: policy) else { return [] }
        switch config.backend {
        case .inProcess: config.backend = .inProcess(scenario: form[.scenario])
        case .remote: config.backend = .remote(url: form[.remoteURL])
        }
        config.username = form[.username]
        if form.has(.password) { config.password = form[.password] }
        config.device = form[.device]
        let previous = loggedIn.map { (user: $0, settings: settings) }
        loggedIn = nil
        var out: [Out] = []
        if let previous, previous.user != config.username || previous.settings != config.settings {
            out.append(.delegate(.newInstance))
        }
        if connection == .connected(config.backend) {
            return out + createSession()
        }
        connection = .connecting
        return out + [.notice(.info("Connecting to \(config.backend.summary)…")), .delegate(.connect(config.backend))]
    }

    mutating func connected(error: String?, defaults: ScenarioDefaults?) -> [Out] {
        let switched = settings != nil
        if let error {
            connection = .failed(error)
            return [.notice(Notice(kind: .error, label: "Could not open \(config.backend.summary).", detail: error,
                                   advice: "Check the scenario name or the server URL, then press Enter again."))]
        }
        connection = .connected(config.backend)
        var out: [Out] = [.notice(nil)]
        // A system chosen with `y` is the one logged in to, whatever the scenario is about.
        let chosen = systemChosen
        systemChosen = false
        // Another scenario chosen on this screen brings its systems and its default session (legacy-sdk
        // is SDK 2.0; a Futurae scenario its device's lock type, biometrics and binding). The first
        // one does too when the command line did not take it already (its system is not the one set).
        if let d = defaults {
            config.scenarioSession = d.settings
            if switched || (!chosen && !d.systems.isEmpty && !d.systems.contains(config.system)) {
                let system = config.system
                config.adopt(d, keepingSystem: chosen)
                config.device = d.settings.device
                if let user = d.username { config.username = user }
                if system != config.system { rebuildForm() }
                form.set(.device, config.device, policy: policy)
                if form.has(.username) { form.set(.username, config.username, policy: policy) }
                out.append(.delegate(.newInstance))
            }
        }
        return out + createSession()
    }

    /// The session form for the system chosen, keeping what was typed.
    mutating func rebuildForm() {
        var fresh = Self.form(for: config)
        for field in fresh.fields where form.has(field.id) { fresh[field.id] = form[field.id] }
        form = fresh
    }

    /// The session is ready: logged in, or, for a system with no login, its backend session exists.
    mutating func ready() -> [Out] {
        loggedIn = config.username
        return [.notice(config.system.front.readyNotice(config)), .delegate(.loggedIn)]
    }

    mutating func createSession() -> [Out] {
        settings = config.settings
        // Opening a session is a fresh install: the scenario's own SDK instance is taken as it is.
        if config.isScenarioInstance { return ready() }
        return [.control(.createSession, .session(name: config.sessionName, settings: config.settings))]
    }

    mutating func loginAnswered(_ response: CallResponse) -> [Out] {
        if let error = response.error {
            return [.notice(.failure(error, advice: config.system.front.loginRefused(error, config)))]
        }
        return ready()
    }

    mutating func cycle(_ option: SessionSetup.Option) {
        if let next = option.next { return next(&config) }
        switch option {
        case .scenario:
            guard form.has(.scenario) else { return }
            let all = scenarios
            guard !all.isEmpty else { return }
            let next = all[((all.firstIndex(of: form[.scenario]) ?? -1) + 1) % all.count]
            form.set(.scenario, next, policy: policy)
        case .backend:
            switch config.backend {
            case .inProcess: config.backend = .remote(url: "http://127.0.0.1:8080")
            case .remote: config.backend = .inProcess(scenario: "fresh")
            }
            var fresh = Self.form(for: config)
            for id in [FieldID.username, .password, .device] { fresh[id] = form[id] }
            form = fresh
        case .system:
            config.system = config.system.next
            systemChosen = true
            rebuildForm()
        default: break
        }
    }
}
