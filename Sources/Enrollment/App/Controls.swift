import PIMS

/// Simulator controls: each effect carries its purpose, and the answer goes to the feature it names.
extension AppState {
    mutating func control(_ purpose: ControlPurpose, _ control: SimControl) -> [Effect] {
        [.control(takeID(), control, purpose: purpose)]
    }

    mutating func controlAnswered(_ answer: SimAnswer, _ purpose: ControlPurpose) -> [Effect] {
        Features.scope(of: purpose.control.feature)?.controlAnswered(purpose.control, answer, &self) ?? []
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
