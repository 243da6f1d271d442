@testable import Enrollment
import Testing

/// The app's one map from screens to features.
@Suite struct RegistryTests {
    @Test("Every route maps to exactly one feature, and no two routes share one")
    func everyRouteHasItsFeature() {
        let features = Route.allCases.map { ObjectIdentifier($0.scope.feature) }
        #expect(Set(features).count == Route.allCases.count)
        // The shell's features, then each front's in the fronts' order (the registration order).
        #expect(Route.allCases.map { "\($0.scope.feature)" } == [
            "SessionSetup", "HomeMenu", "SimulatorPanel", "APILogBrowser", "SessionCoverage",
            "GuidedEnrollment", "AccountManagement", "StrongAuthentication", "StepsChecklist", "CarKeyFlow", "VehicleFlow",
            "FuturaeEnrollment", "FuturaeAccounts", "FuturaeLogin",
            "CardPhone", "CardShop", "CardAccounts",
        ])
        #expect(Route.allCases.map(\.title) == [
            "Session", "Home", "Simulator", "API log", "Coverage",
            "Guided enrollment", "Account management", "Strong authentication (OTP)", "Service activation steps", "Car key", "Vehicle",
            "Futurae enrollment", "Futurae accounts", "Login requests",
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

    @Test("The registry lists each feature once; a feature's action is addressed to its feature alone, by its type")
    func featureMessages() {
        #expect(Features.builtinByFeature.count == Features.all.count)
        #expect(Features.builtinByRoute.count == Route.allCases.count)
        // The same action of two features is two actions: each reaches its own feature only.
        #expect(Action.guided(.submit) == .guided(.submit))
        #expect(Action.guided(.submit) != .account(.submit))
        guard case .feature(let message) = Action.futurae(.scan) else { Issue.record("not a feature's action"); return }
        #expect(message.action(of: FuturaeEnrollment.self) == .scan)
        #expect(message.action(of: FuturaeAccounts.self) == nil)
    }

    @Test("Every feature goes through the one registry: the shell's, then each built-in front's declared features, each once")
    func oneRegistry() {
        let declared = Features.shell + SystemFronts.builtin.flatMap { $0.features.map(\.scope) }
        #expect(Features.all.map { ObjectIdentifier($0.feature) } == declared.map { ObjectIdentifier($0.feature) })
        #expect(Set(declared.map { ObjectIdentifier($0.feature) }).count == declared.count)
        // A front's home menu offers its own flows and the shell's screens, never another front's.
        let shellRoutes = Set(Features.shell.compactMap(\.route))
        for front in SystemFronts.builtin {
            let own = Set(front.features.compactMap(\.scope.route))
            #expect(!own.isEmpty && own.isDisjoint(with: shellRoutes), "\(front.system)")
            #expect(Set(front.homeMenu).isSubset(of: own.union(shellRoutes)), "\(front.system)")
        }
        // A call's purpose names its feature, and its answer is looked up in the same registry.
        #expect(Features.scope(of: CallPurpose.steps(.next).call.feature)?.route == .steps)
        #expect(Features.scope(of: ControlPurpose.cardShop(.issuer).control.feature)?.route == .cardShop)
    }

    @Test("An action routed through the registry changes its own feature's state and no other's")
    func derivedRouting() {
        var state = AppState()
        state.route = .home
        var expected = state
        _ = reduce(&state, .home(.moveSelection(1)))
        expected.home.selection = 1
        #expect(state == expected)
    }

    @Test("A new instance resets the flows the registry says reset, and keeps the session, the log and the simulator")
    func resetFlows() {
        var state = AppState()
        state.home.selection = 2
        state.steps.vin = "VIN"
        state.simulator.message = "kept"
        state.resetFlows()
        #expect(state.steps == StepsChecklist.State())
        #expect(state.home.selection == 2)
        #expect(state.simulator.message == "kept")
    }
}
