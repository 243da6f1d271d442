import SimKernel

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

    /// The kernel's kinds here; a system's kinds to its front.
    mutating func received(_ event: SimEvent) -> [Effect] {
        switch event.kind {
        case .faultsChanged:
            return Features.simulator.send(.faultsChanged(event.faultRules), to: &self)
        case .worldReloaded:
            return Features.simulator.send(.worldReloaded(scenario: event.scenario), to: &self)
        default:
            return SystemFronts.received(event, &self)
        }
    }
}
