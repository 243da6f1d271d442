import Enrollment
import TerminalUI

/// Futurae's screens: its flows', Home's lock panel, the panel's back office.
enum FuturaeScreens {
    static let entry = SystemScreen(
        .futurae,
        screens: [
            RegisteredScreen(.futurae) { FuturaeScreen.render($0.futurae, ScreenContext($0), into: &$1, area: $2) },
            RegisteredScreen(FuturaeAccounts.self, route: .futuraeAccounts, render: FuturaeAccountsScreen.render),
            RegisteredScreen(.futuraeLogin) {
                FuturaeLoginScreen.render($0.futuraeLogin, lock: $0.futuraeAccounts.lock, ScreenContext($0), into: &$1, area: $2)
            },
        ],
        homePanel: { FuturaeAccountsScreen.lockPanel($0.futuraeAccounts, $0.session.config, into: &$1, area: $2) },
        simulator: { FuturaeSimulatorSections.backOffice($0.simulator.futurae, logins: $0.futuraeLogin, into: &$1, area: $2) })
}
