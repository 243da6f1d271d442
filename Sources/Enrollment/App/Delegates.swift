import SimKernel

/// What the app does with what each feature reports: the hand-offs between flows are here, typed,
/// and nowhere else.
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
            home.show(session.config.system)
            // What the system's front reads once the session is ready (Futurae: the SDK's lock).
            return subscribe() + session.config.system.front.onReady.flatMap { reduce($0) }
        }
    }

    mutating func homeReported(_ delegate: HomeMenu.Delegate) -> [Effect] {
        switch delegate {
        case .open(let route): open(route)
        }
    }

    mutating func guidedReported(_ delegate: GuidedEnrollment.Delegate) -> [Effect] {
        switch delegate {
        case .enrolled(let message):
            steps.resolving?.need == .deviceActivation ? returnToChecklist(message) : []
        case .phoneRegistered(let message):
            returnToChecklist(message)
        }
    }

    mutating func accountReported(_ delegate: AccountManagement.Delegate) -> [Effect] {
        switch delegate {
        case .enrollmentsRemoved:
            guided = GuidedEnrollment.State()
        case .vehicleRemoved(let vin):
            if carKey.selectedVIN == vin { carKey = CarKeyFlow.State() }
            if steps.vin == vin { steps = StepsChecklist.State() }
        }
        return []
    }

    mutating func otpReported(_ delegate: StrongAuthentication.Delegate) -> [Effect] {
        switch delegate {
        case .authenticated(let original, let returnTo):
            route = returnTo
            return issue(original.purpose, original.request, isOTPRetry: true)
        case .notRetried(let original, let returnTo):
            route = returnTo
            guard case .account(let call) = original.purpose else { return [] }
            return Features.account.send(.notRetried(call), to: &self)
        case .resetSteps:
            route = .steps
            return Features.steps.send(.resetCache, to: &self)
        }
    }

    mutating func stepsReported(_ delegate: StepsChecklist.Delegate) -> [Effect] {
        switch delegate {
        case .resolve(let need, let vin):
            route = Self.route(resolving: need)
            switch need {
            case .trustedPhone: return Features.guided.send(.registerPhoneOnly, to: &self)
            case .deviceActivation: return Features.guided.send(.start, to: &self)
            case .mediumCarKey: return Features.carKey.send(.select(vin: vin), to: &self)
            }
        case .openVehicle(let vin):
            return open(.vehicle) + Features.vehicle.send(.start(vin: vin), to: &self)
        }
    }

    mutating func carKeyReported(_ delegate: CarKeyFlow.Delegate) -> [Effect] {
        switch delegate {
        case .keyActive(let message):
            steps.resolving?.need == .mediumCarKey ? returnToChecklist(message) : []
        case .toggleProximity(let part):
            Features.simulator.send(.toggleProximity(part), to: &self)
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
        case .vehicleRead(let truth):
            return Features.vehicle.send(.truthRead(truth), to: &self)
        }
    }

    mutating func futuraeReported(_ delegate: FuturaeEnrollment.Delegate) -> [Effect] {
        switch delegate {
        case .enrolled:
            // The accounts screen reads the list when opened; what it showed is stale now.
            futuraeAccounts.accounts = []
            return []
        case .showAccounts: return open(.futuraeAccounts)
        }
    }

    mutating func futuraeAccountsReported(_ delegate: FuturaeAccounts.Delegate) -> [Effect] {
        switch delegate {
        case .enroll:
            // Another account: a new enrollment, never the last one's result.
            (futurae.phase == .enrolled || futurae.phase == .failed ? Features.futurae.send(.startOver, to: &self) : []) + open(.futurae)
        }
    }

    mutating func futuraeLoginReported(_ delegate: FuturaeLogin.Delegate) -> [Effect] {
        switch delegate {
        case .show:
            // The push opened from another screen: the login request comes to the front.
            route = .futuraeLogin
            return []
        case .unlocked(let until):
            // Unlocked to answer a login: the accounts screen and Home's lock panel know it too.
            futuraeAccounts.lock = .unlocked(until: until)
            return []
        }
    }

    mutating func cardPhoneReported(_ delegate: CardPhone.Delegate) -> [Effect] {
        switch delegate {
        case .show:
            // The push opened from another screen: the phone comes to the front.
            route = .card
            return []
        }
    }

    /// The screen of the flow that does what a checklist step needs.
    static func route(resolving need: StepsChecklist.Need) -> Route {
        switch need {
        case .trustedPhone, .deviceActivation: .guided
        case .mediumCarKey: .carKey
        }
    }

    /// A flow started from the checklist ended well: back to the list, refreshed.
    private mutating func returnToChecklist(_ message: String) -> [Effect] {
        route = .steps
        return Features.steps.send(.resolved(message), to: &self)
    }
}
