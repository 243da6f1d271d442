@testable import Enrollment
import Testing

/// The app's one map from screens to features.
@Suite struct RegistryTests {
    @Test("Every route maps to exactly one feature, and no two routes share one")
    func everyRouteHasItsFeature() {
        let features = Route.allCases.map { ObjectIdentifier($0.scope.feature) }
        #expect(Set(features).count == Route.allCases.count)
        #expect(Route.allCases.map { "\($0.scope.feature)" } == [
            "SessionSetup", "HomeMenu", "GuidedEnrollment", "AccountManagement", "StrongAuthentication", "StepsChecklist",
            "CarKeyFlow", "SimulatorPanel", "APILogBrowser", "FuturaeEnrollment", "FuturaeAccounts", "SessionCoverage",
            "CardPhone", "CardShop", "CardAccounts",
        ])
        #expect(Route.allCases.map(\.title) == [
            "Session", "Home", "Guided enrollment", "Account management", "Strong authentication (OTP)",
            "Service activation steps", "Car key", "Simulator", "API log", "Futurae enrollment", "Futurae accounts", "Coverage",
            "Card phone", "Shop & issuer", "Display Accounts",
        ])
    }

    @Test("The home menus of the systems list every flow, once per menu, each with its line")
    func homeMenu() {
        let menus = SystemChoice.allCases.map(Route.homeMenu)
        #expect(Set(menus.joined()) == Set(Route.allCases).subtracting([.home, .otp]))
        for menu in menus {
            #expect(menu.count == Set(menu).count)
            #expect(menu.allSatisfy { !$0.menuLine.isEmpty })
        }
    }
}
