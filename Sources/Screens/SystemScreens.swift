import Enrollment
import TerminalUI

/// What the screens draw for one system outside its flows' own screens: Home's right column. One
/// entry per system, as `SystemFronts.registered` lists the fronts.
struct SystemScreen: Sendable {
    let system: SystemChoice
    let homePanel: @Sendable (AppState, inout Frame, Rect) -> Void
}

enum SystemScreens {
    static let registered: [SystemScreen] = [
        SystemScreen(system: .pims) { AccountGlance.render($0, into: &$1, area: $2) },
        SystemScreen(system: .futurae) { FuturaeAccountsScreen.lockPanel($0, into: &$1, area: $2) },
        SystemScreen(system: .card) { state, frame, area in
            CardNotificationsView.render(state, into: &frame, area: Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, 10)))
        },
    ]

    static func of(_ system: SystemChoice) -> SystemScreen? { registered.first { $0.system == system } }
}
