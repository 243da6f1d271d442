import Enrollment
import TerminalUI

/// What the screens draw for one system outside its flows' own screens: Home's right column and its
/// sections of the simulator panel (the shared panel draws the faults, the clock and the scenario
/// controls around them). One entry per system, as `SystemFronts.registered` lists the fronts.
struct SystemScreen: Sendable {
    typealias Draw = @Sendable (AppState, inout Frame, Rect) -> Void
    let system: SystemChoice
    let homePanel: Draw
    /// The simulator panel's left column.
    let simulator: Draw
    /// A part of the panel's right column above the faults, if the system has one (PIMS's SMS inbox).
    var simulatorAboveFaults: Draw? = nil
}

enum SystemScreens {
    static let registered: [SystemScreen] = [
        SystemScreen(system: .pims, homePanel: { AccountGlance.render($0.simulator.pims.account, config: $0.session.config, policy: $0.session.policy, into: &$1, area: $2) },
                     simulator: { PIMSSimulatorSections.account($0.simulator.pims, ScreenContext($0), into: &$1, area: $2) },
                     simulatorAboveFaults: { PIMSSimulatorSections.inbox($0.simulator.pims.inbox, into: &$1, area: $2) }),
        SystemScreen(system: .futurae, homePanel: { FuturaeAccountsScreen.lockPanel($0.futuraeAccounts, $0.session.config, into: &$1, area: $2) },
                     simulator: { FuturaeSimulatorSections.backOffice($0.simulator.futurae, logins: $0.futuraeLogin, into: &$1, area: $2) }),
        SystemScreen(system: .card, homePanel: { state, frame, area in
            CardNotificationsView.render(state.cardPhone, into: &frame, area: Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, 10)))
        }, simulator: { CardSimulatorSections.phoneAndIssuer($0.simulator.card, into: &$1, area: $2) }),
    ]

    static func of(_ system: SystemChoice) -> SystemScreen? { registered.first { $0.system == system } }
}
