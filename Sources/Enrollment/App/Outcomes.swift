import SimKernel

/// What a feature asked, done by the app in the order asked.
extension AppState {
    mutating func perform<Delegate>(_ outcomes: [Outcome<Delegate>], report: (inout AppState, Delegate) -> [Effect]) -> [Effect] {
        var effects: [Effect] = []
        for outcome in outcomes {
            switch outcome {
            case .call(let purpose, let request): effects += issue(purpose, request)
            case .control(let purpose, let control): effects += self.control(purpose, control)
            case .front(let value): effects += session.config.system.front.perform(value, &self)
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
        Shared(config: session.config, policy: session.policy, sendAsTyped: sendAsTyped, loggedIn: session.loggedIn,
               callPending: inFlight != nil || staged != nil, canRetry: retryable != nil,
               front: session.config.system.front.sharedPart(self))
    }
}
