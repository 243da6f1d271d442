import SimKernel

/// What the app does with what the shell's features report (the session, Home, the simulator panel);
/// each front's flows report to handlers in its folder (`PIMSDelegates.swift`, …), which their
/// registrations name.
extension AppState {
    mutating func sessionReported(_ delegate: SessionSetup.Delegate) -> [Effect] {
        switch delegate {
        case .connect(let backend):
            // Another backend: the events of the old one stop with it.
            let stop: [Effect] = subscription == nil ? [] : [.unsubscribe]
            subscription = nil
            return stop + [.connect(backend)]
        case .newInstance:
            resetFlows()
            return []
        case .loggedIn:
            // A world loaded or reset from the simulator panel logs in again there: the panel stays,
            // and says what happened.
            if route != .simulator { route = .home }
            self.home.show(session.config.system)
            // What the system's front reads once the session is ready (Futurae: the SDK's lock).
            return subscribe() + session.config.system.front.onReady.flatMap { reduce($0) }
        }
    }

    mutating func homeReported(_ delegate: HomeMenu.Delegate) -> [Effect] {
        switch delegate {
        case .open(let route): open(route)
        }
    }

    mutating func simulatorReported(_ delegate: SimulatorPanel.Delegate) -> [Effect] {
        switch delegate {
        case .policyRead(let policy):
            return Features.session.send(.adopt(policy), to: &self)
        case .worldReplaced:
            // A loaded or reset world has its own sessions: open this device's again and log in.
            let effects = Features.session.send(.loggedOut, to: &self)
            resetFlows()
            return effects + Features.session.send(.createSession, to: &self)
        case .save(let path, let contents):
            return [.saveFile(path: path, contents: contents)]
        case .front(let value):
            return session.config.system.front.perform(value, &self)
        }
    }
}
