import Enrollment
import Foundation
import PIMS
import SimWorld
import Testing

/// The simulator panel and the busy/failure paths, end to end.
@Suite struct SimulatorAndFailureFlowTests {
    @Test("A 2201 fault from the panel: banner with what to do, input kept, retry succeeds (§7)")
    func transportFaultThenRetry() async throws {
        let app = try await App.start("phone-registered")
        await app.send(.choose(.open(.simulator)))
        // Aim the presets at pims.authentication.smscode (the first target) and add "next call: 2201".
        #expect(await app.state.simulator.faultTargetName == "pims.authentication.smscode")
        await app.send(.simulator(.addFault(.timeout)))
        #expect(await app.state.simulator.faults == [FaultRule(name: "pims.authentication.smscode", code: 2201, times: 1)])

        await app.send(.choose(.open(.guided)))
        var state = await app.state
        #expect(state.notice?.code == "2201")
        #expect(state.notice?.advice.hasPrefix("Timeout: retry the same call") == true)
        #expect(state.retryable?.request == PIMSRequests.enrollmentSMS(phone: "0612345678"))
        #expect(state.guided.statuses[.s5] == .current, "nothing happened: the step is still to do")

        await app.send(.choose(.retry))
        state = await app.state
        #expect(state.guided.stage == .enterCode)
        #expect(state.retryable == nil)
        #expect(await app.logSteps().suffix(2) == ["Enrollment · step 5 2201", "Enrollment · step 5 ok"])
    }

    @Test("Panel: live account, inbox with remaining lifetime, clock advance, faults cleared")
    func panel() async throws {
        let app = try await App.start("phone-registered")
        await app.send(.choose(.open(.guided)), .choose(.open(.simulator)))
        var state = await app.state
        #expect(state.simulator.account?.phone == "0612345678")
        #expect(state.simulator.account?.pinSet == false)
        #expect(state.simulator.account?.pinFailures == 0)
        #expect(state.session.policy.pinFailuresBeforeBlock == 3)
        let inbox = try #require(state.inbox)
        #expect(inbox.phone == "0612345678")
        let message = try #require(inbox.newest(for: .enrollment))
        #expect(inbox.secondsLeft(message) == 600)

        // Advance by the seconds field (60 by default, then 540 typed).
        await app.send(.simulator(.advanceClock))
        state = await app.state
        #expect(state.simulator.now == "2026-01-05T09:01:00Z")
        #expect(state.inbox.flatMap { $0.secondsLeft($0.messages.last!) } == 540)

        await app.send(.simulator(.addFault(.serverError)), .simulator(.clearFaults))
        #expect(await app.state.simulator.faults.isEmpty)
        #expect(await app.state.simulator.message == "Faults cleared.")
    }

    @Test("Panel: load a scenario logs in again on the new world; reset returns to it")
    func loadAndReset() async throws {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.simulator)), .focusNext)
        #expect(await app.state.focusedField?.id == .scenario)
        await app.send(.choose(.edit))
        await app.type("pin-blocked")
        await app.send(.simulator(.loadScenario))
        var state = await app.state
        #expect(state.simulator.scenario == "pin-blocked")
        #expect(state.session.loggedIn == "alice@example.com", "the device's session was opened again and logged in")
        #expect(state.simulator.account?.blockState == "PINBlocked")

        await app.send(.choose(.open(.account)), .account(.startTask(.removeAll)), .submit)
        #expect(await app.account().blockState == .notBlocked)
        await app.send(.choose(.open(.simulator)), .simulator(.resetScenario))
        state = await app.state
        #expect(state.confirmation?.title == "Reset the world?", "e asks before it resets everyone's world")
        #expect(await app.account().blockState == .notBlocked, "nothing reset yet")
        await app.send(.cancel)
        state = await app.state
        #expect(state.confirmation == nil)
        #expect(state.simulator.message == "Nothing reset: the world is as it was.")
        #expect(await app.account().blockState == .notBlocked)
        await app.send(.simulator(.resetScenario), .submit)
        state = await app.state
        #expect(state.route == .simulator, "the panel stays, and says what happened")
        #expect(state.simulator.account?.blockState == "PINBlocked")
        #expect(state.simulator.message == "World reset to scenario pin-blocked.")
    }

    @Test("Panel: save-as exports the world through the injected file writer")
    func saveAs() async throws {
        let backend = try InProcessBackend(scenario: "enrolled", honoursLatency: false)
        let saved = StateRecorderBox()
        let store = Store(connector: { _ in .success(Store.Opened(backend)) }, clock: FrozenClock(),
                          writeFile: { path, text in saved.set(path, text); return nil })
        await store.send(.submit)
        await store.settle()
        await store.send(.choose(.open(.simulator)))
        await store.send(.simulator(.askSaveAs))
        #expect(await store.state.editing, "the name is typed at once")
        await store.send(.choose(.clearField))
        for c in "out" { await store.send(.typed(c)) }
        await store.send(.submit)
        await store.settle()
        #expect(saved.path == "out.yaml")
        #expect(saved.text?.hasPrefix("name: out\n") == true)
        #expect(await store.state.simulator.message == "Scenario out saved as out.yaml: n loads it.")
    }

    @Test("Wrong password: the login's 2102 is explained on the session screen (R0a)")
    func wrongPassword() async throws {
        let backend = try InProcessBackend(scenario: "fresh", honoursLatency: false)
        let store = Store(state: AppState(config: SessionConfig(password: "nope")), connector: { _ in .success(Store.Opened(backend)) }, clock: FrozenClock())
        await store.send(.submit)
        await store.settle()
        let state = await store.state
        #expect(state.route == .start)
        #expect(state.session.loggedIn == nil)
        #expect(state.notice?.code == "2102")
        #expect(state.notice?.advice == "Wrong username or password: correct them and press Enter.")
    }

    @Test("Five wrong passwords: the 2383 lockout's advice is a way out that works on the session screen, not F8 alone")
    func loginLockoutAdvice() async throws {
        let backend = try InProcessBackend(scenario: "fresh", honoursLatency: false)
        let store = Store(state: AppState(config: SessionConfig(password: "nope")), connector: { _ in .success(Store.Opened(backend)) }, clock: FrozenClock())
        for _ in 0..<6 {
            await store.send(.submit)
            await store.settle()
        }
        let state = await store.state
        #expect(state.route == .start)
        #expect(state.notice?.code == "2383")
        let advice = state.notice?.advice ?? ""
        #expect(advice.contains("quit and start enrollsim again"))
        #expect(!advice.contains("wait 15 minutes"), "the simulated clock does not move on its own")
        // The simulator panel, where the clock advances, is not open before a login.
        await store.send(.choose(.open(.simulator)))
        #expect(await store.state.route == .start)
    }
}

final class StateRecorderBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (String, String)?
    func set(_ p: String, _ t: String) { lock.withLock { stored = (p, t) } }
    var path: String? { lock.withLock { stored?.0 } }
    var text: String? { lock.withLock { stored?.1 } }
}

@Suite struct PolicyAndHelpTests {
    @Test("The backend's policy (R-§2) drives validation: a scenario with 6-digit PINs and 6-digit codes")
    func policyFromBackend() async throws {
        let app = try await App.start("fresh")
        let yaml = """
            name: strict
            description: six digits everywhere
            startTime: "2026-01-05T09:00:00Z"
            seed: 7
            policy:
              pinMinLength: 6
              pinMaxLength: 6
              smsCodeLength: 6
              pinFailuresBeforeBlock: 5
            accounts:
              - username: alice@example.com
                password: alice-pass
                phone: "0612345678"
            session:
              device: alice-iphone
              user: alice@example.com
            """
        _ = await app.backend.control(.load(.yaml(yaml, origin: "test")))
        await app.send(.choose(.open(.simulator)), .simulator(.resetScenario), .submit)
        #expect(await app.state.session.policy == PINPolicy(pinMinLength: 6, pinMaxLength: 6, smsCodeLength: 6, pinFailuresBeforeBlock: 5))
        await app.send(.choose(.open(.guided)))
        let state = await app.state
        #expect(state.guided.stage == .enterCode)
        let sms = try #require(state.smsOnPhone)
        #expect(sms.message.code.count == 6)
        #expect(sms.state == .live(secondsLeft: 600))
        await app.type("1234")
        await app.send(.submit)
        #expect(await app.state.guided.form.error == "SMS code: the code has 6 digits")
    }

    @Test("The help overlay is modal: keys close it, nothing else happens")
    func helpOverlay() {
        var state = AppState()
        state.session.loggedIn = "alice@example.com"
        state.route = .home
        _ = reduce(&state, .choose(.toggleHelp))
        #expect(state.showHelp)
        let commands = state.availableCommands
        #expect(commands.contains { $0.action == .submit && $0.title == "open" }, "the overlay lists the screen's commands")
        #expect(reduce(&state, .choose(.open(.guided))).isEmpty)
        #expect(state.route == .home)
        _ = reduce(&state, .cancel)
        #expect(!state.showHelp)
    }

    @Test("The help overlay scrolls: the moving keys move its first row, never above the top; closing it starts at the top again")
    func helpOverlayScrolls() {
        var state = AppState()
        state.session.loggedIn = "alice@example.com"
        state.route = .home
        _ = reduce(&state, .choose(.toggleHelp))
        _ = reduce(&state, .moveSelection(3))
        #expect(state.helpOffset == 3)
        #expect(state.route == .home && state.home == HomeMenu.State(), "the screen under it did not move")
        _ = reduce(&state, .moveSelection(-10))
        #expect(state.helpOffset == 0)
        _ = reduce(&state, .moveSelection(5))
        _ = reduce(&state, .cancel)
        _ = reduce(&state, .choose(.toggleHelp))
        #expect(state.showHelp && state.helpOffset == 0)
    }

    @Test("Esc from the simulator panel (F8) or the API log (F9) goes back to the flow they were opened over, as it was")
    func escReturnsWhereF8WasPressed() async throws {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.guided)))
        let before = await app.state.guided
        #expect(before.stage == .chooseMethod)
        await app.send(.choose(.open(.simulator)), .cancel)
        var state = await app.state
        #expect(state.route == .guided)
        #expect(state.guided == before, "the flow is where it was")
        await app.send(.choose(.open(.log)), .choose(.open(.simulator)), .cancel)
        #expect(await app.state.route == .guided, "F9 then F8: Esc still returns to the flow")
        await app.send(.choose(.open(.account)), .choose(.open(.log)), .cancel)
        #expect(await app.state.route == .account)
        // From the flow itself Esc goes home as before.
        await app.send(.cancel)
        state = await app.state
        #expect(state.route == .home)
        await app.send(.choose(.open(.simulator)), .cancel)
        #expect(await app.state.route == .home)
    }
}

@Suite struct ScenarioSwitchTests {
    @Test("Choosing another scenario on the session screen brings its default session (legacy-sdk: SDK 2.0)")
    func scenarioDefaults() async throws {
        // The session screen's scenarios are the loader's.
        let store = Store(state: AppState(scenarios: ScenarioLoader.builtinNames), connector: { choice in
            guard case .inProcess(let name) = choice, let backend = try? InProcessBackend(scenario: name, honoursLatency: false) else {
                return .failure(.init("no scenario"))
            }
            let w = await backend.world
            return .success(Store.Opened(backend, defaults: ScenarioDefaults(settings: w.session.settings, username: w.session.user,
                                                                             systemIDs: w.systemIDs)))
        }, clock: FrozenClock())
        func go(_ a: Action) async {
            await store.send(a)
            await store.settle()
        }
        await go(.submit)
        #expect(await store.state.session.config.sdk == .v2_3)
        await go(.choose(.open(.start)))
        while await store.state.session.form[.scenario] != "legacy-sdk" { await go(.session(.cycle(.scenario))) }
        await go(.submit)
        let state = await store.state
        #expect(state.session.loggedIn == "alice@example.com")
        #expect(state.session.config.sdk == .v2_0)
        #expect(state.session.settings?.sdk == .v2_0)
        await go(.choose(.open(.guided)))
        #expect(await store.state.guided.shortcutUnavailable != nil)
    }
}

@Suite struct PacingFlowTests {
    @Test("Step pacing: every API call waits for Enter, showing the call about to be made")
    func stepPacingWalksTheFlow() async throws {
        let backend = try InProcessBackend(scenario: "phone-registered", honoursLatency: false)
        let store = Store(state: AppState(config: SessionConfig(pacing: .step)), connector: { _ in .success(Store.Opened(backend)) }, clock: FrozenClock())
        func go(_ a: Action) async {
            await store.send(a)
            await store.settle()
        }
        await go(.submit)
        #expect(await store.state.stagedDescription == "Session · login: set pims.authentication.user login")
        #expect(await store.state.session.loggedIn == nil, "nothing is sent before Enter")
        await go(.submit)
        #expect(await store.state.route == .home)

        await go(.choose(.open(.guided)))
        var shown: [String] = []
        var answersShown: [String] = []
        while let staged = await store.state.stagedDescription {
            shown.append(staged)
            // Beside each staged call, the answer of the one just sent (the login's first).
            if let last = await store.state.lastAnswered { answersShown.append("\(last.step) \(last.response?.status.rawValue ?? "-")") }
            await go(.submit)
        }
        #expect(answersShown == ["Session · login SUCCEEDED", "Enrollment · step 1 SUCCEEDED", "Enrollment · step 2 SUCCEEDED",
                                 "Enrollment · step 3 SUCCEEDED"])
        #expect(shown == [
            "Enrollment · step 1: get pims.authentication.account isDeviceActivated",
            "Enrollment · step 2: get pims.authentication.account isAccountBlocked",
            "Enrollment · step 3: get pims.authentication.trustedphonenumber",
            "Enrollment · step 5: get pims.authentication.smscode enrollment",
        ])
        let state = await store.state
        #expect(state.guided.stage == .enterCode, "input is needed: nothing more is staged")
        #expect(state.log.entries.count == 5)
    }
}
