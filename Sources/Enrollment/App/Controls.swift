import SimKernel

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
}
