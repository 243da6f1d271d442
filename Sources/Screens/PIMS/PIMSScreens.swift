import Enrollment
import TerminalUI

/// PIMS's screens: its flows', Home's account at a glance, the panel's account, steps caches and
/// vehicle, and the SMS inbox above the faults.
enum PIMSScreens {
    static let entry = SystemScreen(
        .pims,
        screens: [
            RegisteredScreen(.guided) { GuidedScreen.render($0.guided, ScreenContext($0), into: &$1, area: $2) },
            RegisteredScreen(.account) { AccountScreen.render($0.account, ScreenContext($0), into: &$1, area: $2) },
            RegisteredScreen(StrongAuthentication.self, route: .otp, render: OTPScreen.render),
            RegisteredScreen(.steps) { StepsScreen.render($0.steps, ScreenContext($0), into: &$1, area: $2) },
            RegisteredScreen(.carKey) { CarKeyScreen.render($0.carKey, ScreenContext($0), into: &$1, area: $2) },
            RegisteredScreen(.vehicle) { VehicleScreen.render($0.vehicle, ScreenContext($0), into: &$1, area: $2) },
        ],
        homePanel: { AccountGlance.render($0.simulator.pims.account, config: $0.session.config, policy: $0.session.policy, into: &$1, area: $2) },
        simulator: { PIMSSimulatorSections.account($0.simulator.pims, ScreenContext($0), into: &$1, area: $2) },
        simulatorAboveFaults: { PIMSSimulatorSections.inbox($0.simulator.pims.inbox, into: &$1, area: $2) })
}
