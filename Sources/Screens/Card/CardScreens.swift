import Enrollment
import TerminalUI

/// The card app's screens: the phone, the shop and issuer, Display Accounts; Home's notifications,
/// the panel's phone and issuer.
enum CardScreens {
    static let entry = SystemScreen(
        .card,
        screens: [
            RegisteredScreen(.card) { CardPhoneScreen.render($0.cardPhone, ScreenContext($0), into: &$1, area: $2) },
            RegisteredScreen(CardShop.self, route: .cardShop, render: CardShopScreen.render),
            RegisteredScreen(.cardAccounts) {
                CardAccountsScreen.render($0.cardAccounts, pendingCodes: $0.cardShop.issuer.pendingCodes, ScreenContext($0), into: &$1, area: $2)
            },
        ],
        homePanel: { state, frame, area in
            CardNotificationsView.render(state.cardPhone, into: &frame, area: Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, 10)))
        },
        simulator: { CardSimulatorSections.phoneAndIssuer($0.simulator.card, into: &$1, area: $2) })
}
