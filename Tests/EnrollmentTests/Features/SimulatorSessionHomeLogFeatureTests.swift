import Enrollment
import PIMS
import Testing

/// The simulator panel, the session, the home menu and the API log alone.
@Suite struct SimulatorPanelFeatureTests {
    typealias Harness = FeatureHarness<SimulatorPanel>

    @Test("The account answer reports the backend's policy; a load reports a replaced world")
    func answers() {
        var t = Harness(SimulatorPanel.State())
        let answer = SimAnswer.success(["account": ["username": "alice@example.com"], "now": "2026-01-05T09:00:00Z",
                                        "policy": ["pinMinLength": 6, "pinMaxLength": 6]])
        t.send(.answered(.account, answer), [.delegate(.policyRead(PINPolicy(pinMinLength: 6, pinMaxLength: 6)))]) {
            $0.account = AccountSnapshot(json: ["username": "alice@example.com"])
            $0.now = "2026-01-05T09:00:00Z"
        }
        t.send(.answered(.load("pin-blocked"), .success(["scenario": "pin-blocked"])), [.delegate(.worldReplaced)]) {
            $0.scenario = "pin-blocked"
            $0.message = "Scenario pin-blocked loaded: log in again to use it."
        }
        t.send(.answered(.export(path: "out.yaml", name: "out"), .success(["scenario": "name: x\nseed: 1"])),
               [.delegate(.save(path: "out.yaml", contents: "name: out\nseed: 1"))])
    }

    @Test("The fault form sends any code, a sub-API and a probability to the target; a bad value keeps it open and says why")
    func faultForm() {
        var t = Harness(SimulatorPanel.State())
        t.send(.openFaultForm) { $0.dialog = .fault }
        t.state.dialog?.form[.faultCode] = "2307"
        t.state.dialog?.form[.faultProbability] = "2"
        let before = t.state.dialog
        t.send(.submit) { $0.dialog?.form.error = "Probability: a number above 0, at most 1 (blank: the next call only)" }
        #expect(before?.form[.faultCode] == "2307")
        t.state.dialog?.form[.faultSub] = "enrollment"
        t.state.dialog?.form[.faultProbability] = "0.5"
        let rule = FaultRule(name: "pims.authentication.smscode", sub: "enrollment", code: 2307, probability: 0.5)
        t.send(.submit, [.control(.simulator(.fault(rule)), .fault(rule))]) { $0.dialog = nil }
        t.send(.openFaultForm) { $0.dialog = .fault }
        t.send(.cancel) {
            $0.dialog = nil
            $0.message = "No fault added."
        }
        t.send(.openFaultForm) { $0.dialog = .fault }
        t.state.dialog?.form[.faultCode] = "2201"
        let once = FaultRule(name: "pims.authentication.smscode", code: 2201, times: 1)
        t.send(.submit, [.control(.simulator(.fault(once)), .fault(once))]) { $0.dialog = nil }
    }

    @Test("Save as asks the scenario's name first, and exports under it")
    func saveAsAsksTheName() {
        var s = SimulatorPanel.State()
        s.scenario = "enrolled"
        var t = Harness(s)
        t.send(.askSaveAs) { $0.dialog = .saveAs("enrolled") }
        #expect(t.state.dialog?.form[.scenarioName] == "enrolled-saved")
        t.state.dialog?.form[.scenarioName] = "my world"
        t.send(.submit) { $0.dialog?.form.error = "Scenario name: letters, digits, - _ . only (it names the file)" }
        t.state.dialog?.form[.scenarioName] = "qa-42"
        t.state.dialog?.form.error = nil
        t.send(.submit, [.control(.simulator(.export(path: "qa-42.yaml", name: "qa-42")), .export)]) { $0.dialog = nil }
    }

    @Test("Proximity is toggled near the car key's vehicle")
    func proximity() {
        let shared = Shared(loggedIn: "alice@example.com", pims: PIMSShared(account: Harness.enrolledAccount, carKeyVIN: "VR1AB12C3D4567890"))
        var t = Harness(SimulatorPanel.State(), shared: shared)
        t.send(.toggleProximity(.paired), [.control(.simulator(.proximity),
                                                    .proximity(username: "alice@example.com", vin: VIN("VR1AB12C3D4567890")!,
                                                               bluetoothOn: nil, paired: false, keyInside: nil))])
        var nobody = Harness(SimulatorPanel.State())
        nobody.send(.toggleProximity(.paired)) { $0.message = "No vehicle to change." }
    }

    @Test("Opened before the account is known, the panel reads the inbox of the phone the account's answer names, once")
    func inboxWaitsForTheAccountsPhone() {
        var t = Harness(SimulatorPanel.State())
        t.send(.opened, [.refreshAccount, .control(.simulator(.faults), .faults)]) {
            $0.scenario = "fresh"  // the scenario the in-process session started on
            $0.inboxAwaitsPhone = true
        }
        let noPhone = SimAnswer.success(["account": ["username": "alice@example.com"]])
        t.send(.answered(.account, noPhone)) { $0.account = AccountSnapshot(json: ["username": "alice@example.com"]) }
        let withPhone = SimAnswer.success(["account": ["username": "alice@example.com", "phone": "0612345678"]])
        t.send(.answered(.account, withPhone), [.refreshInbox("0612345678")]) {
            $0.account = AccountSnapshot(json: ["username": "alice@example.com", "phone": "0612345678"])
            $0.inboxAwaitsPhone = false
        }
        t.send(.answered(.account, withPhone))  // read once: the next answer asks nothing
        t.send(.opened, [.refreshAccount, .refreshInbox("0612345678"), .control(.simulator(.faults), .faults)])
    }

    /// Issue 41's oracle: `g` on a world that has not changed changed nothing on screen and said nothing.
    @Test("g reads the world again and says so")
    func refreshSaysItReadAgain() {
        var t = Harness(SimulatorPanel.State())
        let said = Notice.info("Read the world again: \(t.state.parts).")
        t.send(.refresh, [.refreshAccount, .control(.simulator(.faults), .faults), .notice(said)]) { $0.inboxAwaitsPhone = true }
    }

    @Test("Events: the backend's fault list replaces the panel's (added elsewhere, used up, none left); a reloaded world is read again")
    func events() {
        let vin = FaultRule(name: "pims.vehicle.vin", code: ErrorCode.timeout.value, times: 1)
        let otp = FaultRule(name: "pims.authentication.otp", sub: "withPin", code: ErrorCode.serverError.value, times: 2)
        var s = SimulatorPanel.State()
        s.faults = [vin]
        var t = Harness(s)
        t.send(.faultsChanged([vin, otp])) {
            $0.faults = [vin, otp]
            $0.message = "2 fault rules active on the backend."
        }
        t.send(.faultsChanged([otp])) {
            $0.faults = [otp]
            $0.message = "Fault used up: pims.vehicle.vin → 2201 ×1."
        }
        t.send(.faultsChanged([])) {
            $0.faults = []
            $0.message = "No fault rule is active any more."
        }
        t.state.faults = [FaultRule(name: "pims.vehicle.vin", latencyMs: 10)]
        t.send(.worldReloaded(scenario: "team"), [.refreshAccount]) {
            $0.scenario = "team"
            $0.faults = []
            $0.inboxAwaitsPhone = true  // no phone known: the account's answer reads the inbox
        }
    }
}

@Suite struct SessionSetupFeatureTests {
    typealias Harness = FeatureHarness<SessionSetup>

    @Test("Enter with another account: a new SDK instance, then the connection")
    func connect() {
        var s = SessionSetup.State()
        s.loggedIn = "bob@example.com"
        s.settings = SessionSettings(device: "alice-iphone")
        var t = Harness(s)
        t.send(.submit, [.delegate(.newInstance), .notice(.info("Connecting to in-process · fresh…")), .delegate(.connect(.inProcess(scenario: "fresh")))]) {
            $0.loggedIn = nil
            $0.connection = .connecting
        }
    }

    @Test("The login answered: logged in, said, and reported")
    func login() {
        var t = Harness(SessionSetup.State())
        t.send(.loginAnswered(.success("tx", [:])),
               [.notice(.success("Logged in as alice@example.com on alice-iphone (ios, SDK 2.3).")), .delegate(.loggedIn)]) {
            $0.loggedIn = "alice@example.com"
        }
        let wrong = PIMSError(.invalidParameter, "password")
        t.send(.loginAnswered(.failure("tx", wrong)), [.notice(.failure(wrong, advice: "Wrong username or password: correct them and press Enter."))])
    }

    @Test("Options cycle by key; the table names their values")
    func options() {
        var t = Harness(SessionSetup.State())
        #expect(t.keys() == ["Enter log in", "n scenario", "b backend", "y PIMS", "o ios", "k SDK 2.3", "e tutorial", "p auto"])
        t.send(.cycle(.platform)) { $0.config.platform = .android }
        t.send(.cycle(.backend)) {
            $0.config.backend = .remote(url: "http://127.0.0.1:8080")
            $0.form = Form([.remoteURL, .username, .password, .device],
                           values: [.remoteURL: "http://127.0.0.1:8080", .username: "alice@example.com", .password: "alice-pass", .device: "alice-iphone"])
        }
    }
}

@Suite struct HomeAndLogFeatureTests {
    @Test("Home: Enter reports the flow to open")
    func home() {
        var t = FeatureHarness<HomeMenu>(HomeMenu.State())
        t.send(.moveSelection(2)) { $0.selection = 2 }
        t.send(.submit, [.delegate(.open(.steps))])
        t.send(.moveSelection(-9)) { $0.selection = 0 }
    }

    @Test("API log: the selection stays within the entries; Esc leaves")
    func log() {
        var t = FeatureHarness<APILogBrowser>(APILog())
        t.send(.moveSelection(1))
        t.send(.cancel, [.back])
        // Copy and export need a call in the log: not offered on an empty one.
        #expect(t.keys() == ["↑ up", "↓ down", "/ filter", "Esc back"])
    }
}
