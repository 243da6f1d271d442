import PIMS

/// What the app does with what Futurae's flows report. Their registrations (`FuturaeFeatures.swift`)
/// name these.
extension AppState {
    mutating func futuraeReported(_ delegate: FuturaeEnrollment.Delegate) -> [Effect] {
        switch delegate {
        case .enrolled:
            // The accounts screen reads the list when opened; what it showed is stale now.
            self.futuraeAccounts.accounts = []
            return []
        case .showAccounts: return open(.futuraeAccounts)
        }
    }

    mutating func futuraeAccountsReported(_ delegate: FuturaeAccounts.Delegate) -> [Effect] {
        switch delegate {
        case .enroll:
            // Another account: a new enrollment, never the last one's result.
            (self.futurae.phase == .enrolled || self.futurae.phase == .failed ? Features.futurae.send(.startOver, to: &self) : []) + open(.futurae)
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
            self.futuraeAccounts.lock = .unlocked(until: until)
            return []
        }
    }
}
