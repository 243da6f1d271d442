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
            "CarKeyFlow", "SimulatorPanel", "APILogBrowser",
        ])
        #expect(Route.allCases.map(\.title) == [
            "Session", "Home", "Guided enrollment", "Account management", "Strong authentication (OTP)",
            "Service activation steps", "Car key", "Simulator", "API log",
        ])
    }

    @Test("The home menu lists every flow once, each with its line")
    func homeMenu() {
        #expect(Set(Route.homeMenu) == Set(Route.allCases).subtracting([.home, .otp]))
        #expect(Route.homeMenu.count == Set(Route.homeMenu).count)
        #expect(Route.homeMenu.allSatisfy { !$0.menuLine.isEmpty })
    }
}
