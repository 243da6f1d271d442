import PIMS

/// What a feature asked, done by the app in the order asked.
extension AppState {
    mutating func perform<Delegate>(_ outcomes: [Outcome<Delegate>], report: (inout AppState, Delegate) -> [Effect]) -> [Effect] {
        var effects: [Effect] = []
        for outcome in outcomes {
            switch outcome {
            case .call(let purpose, let request): effects += issue(purpose, request)
            case .control(let purpose, let control): effects += self.control(purpose, control)
            case .refreshAccount: effects += refreshAccount()
            case .refreshInbox(let phone): effects += refreshInbox(phone)
            case .notice(let notice): self.notice = notice
            case .retry: effects += retry()
            case .back: effects += back()
            case .delegate(let delegate): effects += report(&self, delegate)
            }
        }
        return effects
    }

    /// What every feature may read of the app.
    public var shared: Shared {
        // Each kept state read once (a read is a lookup and a cast; screens and keys ask for this often).
        let panel = simulator.pims, carKey = carKey
        return Shared(config: session.config, policy: session.policy, sendAsTyped: sendAsTyped, loggedIn: session.loggedIn,
                      account: panel.account, inbox: panel.inbox, callPending: inFlight != nil || staged != nil,
                      canRetry: retryable != nil, checklistNeeds: steps.resolving?.need,
                      trustedPhone: panel.account?.phone ?? guided.trustedPhone, carKeyVIN: carKey.selectedVIN ?? carKey.vin,
                      remoteVIN: vehicle.vin)
    }
}
