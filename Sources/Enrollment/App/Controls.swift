import PIMS

/// Simulator controls: each effect carries its purpose, and the answer goes to the feature it names.
extension AppState {
    mutating func control(_ purpose: ControlPurpose, _ control: SimControl) -> [Effect] {
        [.control(takeID(), control, purpose: purpose)]
    }

    mutating func controlAnswered(_ answer: SimAnswer, _ purpose: ControlPurpose) -> [Effect] {
        switch purpose {
        case .createSession: Features.session.send(.sessionCreated(answer), to: &self)
        case .simulator(let control): Features.simulator.send(.answered(control, answer), to: &self)
        case .futurae(.activation): Features.futurae.send(.activationCreated(answer), to: &self)
        case .futurae(.activations): Features.futurae.send(.activationsRead(answer), to: &self)
        case .futuraeAccounts: Features.futuraeAccounts.send(.deviceRead(answer), to: &self)
        case .cardPhone(let control): Features.cardPhone.send(.controlAnswered(control, answer), to: &self)
        case .cardShop(let control): Features.cardShop.send(.answered(control, answer), to: &self)
        case .feature(let call): Features.scope(of: call.feature)?.controlAnswered(call, answer, &self) ?? []
        case .futuraeLogin(let control): Features.futuraeLogin.send(.controlAnswered(control, answer), to: &self)
        case .vehicle(let control): Features.vehicle.send(.controlAnswered(control, answer), to: &self)
        }
    }

    /// The live account for the panels (and the vehicle lists).
    mutating func refreshAccount() -> [Effect] {
        // PIMS's account: a Futurae session reads its own accounts by call (F3).
        guard let user = session.loggedIn, session.config.system.front.simulatorSections.contains(.account) else { return [] }
        return control(.simulator(.account), .account(username: user))
    }

    /// The simulated phone's inbox for a number, after an SMS was sent to it.
    mutating func refreshInbox(_ phone: String?) -> [Effect] {
        guard let phone, let number = PhoneNumber(phone) else { return [] }
        return control(.simulator(.inbox(phone: phone)), .inbox(phone: number))
    }
}
