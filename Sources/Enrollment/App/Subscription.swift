import Card
import Futurae
import PIMS

/// The session's events: a long-lived effect, started once logged in and restarted when the
/// session or the backend changes. It is never the call in flight and never blocks a key; each
/// event arrives as an action and refreshes what it concerns.
extension AppState {
    /// Follow this session's events, unless already following them.
    mutating func subscribe() -> [Effect] {
        let name = session.config.sessionName
        guard subscription != name else { return [] }
        subscription = name
        return [.subscribe(session: name)]
    }

    mutating func received(_ event: SimEvent) -> [Effect] {
        switch event.kind {
        case .smsDelivered:
            // The simulated phone lights up, whoever caused the SMS (another terminal, batch, /v1/sim).
            return refreshInbox(phoneShown(event.data["phone"]?.stringValue))
        case .accountChanged:
            guard let user = session.loggedIn, event.data["username"]?.stringValue == user else { return [] }
            // A code consumed or burnt by another session changed the account: the phone's inbox
            // shows its state too (this session's own calls refresh what they change).
            let elsewhere = event.data["session"].map { $0.stringValue != session.config.sessionName } ?? false
            return refreshAccount() + (elsewhere ? refreshInbox(simulator.inbox?.phone) : [])
        case .faultsChanged:
            return Features.simulator.send(.faultsChanged(FaultRule.list(event.data["rules"])), to: &self)
        case .push:
            // The phone shows the notification whatever screen is open (CARD-BEHAVIOUR §4).
            return Features.cardPhone.send(.pushed(event.data), to: &self)
        case .transaction:
            // Approved, declined or cancelled, here or elsewhere: the phone shows it at once.
            return Features.cardPhone.send(.transactionChanged(event.data), to: &self)
                + Features.simulator.send(.backOfficeChanged, to: &self)
        case .activation:
            return Features.futurae.send(.backOfficeChanged, to: &self) + Features.simulator.send(.backOfficeChanged, to: &self)
        case .worldReloaded:
            return Features.simulator.send(.worldReloaded(scenario: event.data["scenario"]?.stringValue), to: &self)
        default:
            // Kinds are an open set (other systems add theirs): one this app does not know is ignored.
            return []
        }
    }

    /// The number as the phone on screen writes it, when the SMS is for that phone (both forms of
    /// a number are one phone).
    private func phoneShown(_ phone: String?) -> String? {
        guard let phone, let shown = simulator.inbox?.phone, PhoneNumber(shown) == PhoneNumber(phone) else { return phone }
        return shown
    }
}
