import CustomDump
import Enrollment
import PIMS
import Testing

/// Exhaustive reducer tests: each action, the whole next state, every effect.
@Suite struct ReducerTests {
    static let alice = "alice@example.com"
    /// A device's session settings as the PIMS front sends them: the device and the default
    /// session options (platform iOS, SDK 2.3, the tutorial variant).
    static func settings(_ device: String) -> SessionSettings {
        SessionSettings(device: device, platform: .ios, sdk: .v2_3, variant: .tutorial)
    }

    /// Logged in on the home screen, nothing else done.
    static func home(_ config: SessionConfig = SessionConfig()) -> AppState {
        var s = AppState(config: config)
        s.session.connection = .connected(config.backend)
        s.session.loggedIn = alice
        s.route = .home
        return s
    }

    static func sendEffects(_ id: Int, _ purpose: CallPurpose, _ request: CallRequest) -> [Effect] {
        [.send(RequestID(id), request, session: "alice-iphone", purpose: purpose), .startTimer(.callTimeout(RequestID(id)), milliseconds: 30_000)]
    }

    /// The live account read again (after every answer once logged in), with id `id`.
    static func accountRefresh(_ id: Int) -> Effect {
        .control(RequestID(id), .account(username: alice), purpose: .simulator(.account))
    }

    static func entry(_ id: Int, _ step: String, _ request: CallRequest) -> APILog.Entry {
        APILog.Entry(id: RequestID(id), step: step, session: "alice-iphone", request: request)
    }

    /// The first log entry got its answer.
    static func answered(_ s: inout AppState, _ response: CallResponse, ms: Int) {
        s.log.entries[0].response = response
        s.log.entries[0].durationMs = ms
        s.log.entries[0].outcome = .answered
    }

    /// The flow's next call went out with id `id` (the log's second entry).
    static func issued(_ s: inout AppState, _ id: Int, _ purpose: CallPurpose, _ request: CallRequest) {
        s.inFlight = InFlightCall(id: RequestID(id), call: PlannedCall(purpose, request))
        s.log.entries.append(entry(id, purpose.stepLabel, request))
        s.log.selection = s.log.entries.count - 1
    }

    /// Home → guided: step 1 is current and its call is in flight.
    static func guidedStarted() -> ReducerHarness {
        var t = ReducerHarness(home())
        t.send(.choose(.open(.guided)), effects: sendEffects(1, .guided(.checkEnrollment), PIMSRequests.isDeviceActivated)) {
            $0.route = .guided
            $0.guided.stage = .checking
            $0.guided.statuses[.s1] = .current
            $0.inFlight = InFlightCall(id: RequestID(1), call: PlannedCall(.guided(.checkEnrollment), PIMSRequests.isDeviceActivated))
            $0.log.entries = [entry(1, "Enrollment · step 1", PIMSRequests.isDeviceActivated)]
            $0.nextID = 2
        }
        return t
    }

    @Test("Session: Enter connects, the answer creates the device's session, then the login (R0a)")
    func sessionStart() {
        var t = ReducerHarness(AppState())
        t.send(.submit, effects: [.connect(.inProcess(scenario: "fresh"))]) {
            $0.session.connection = .connecting
            $0.notice = .info("Connecting to in-process · fresh…")
        }
        t.send(.connected(error: nil), effects: [.control(RequestID(1), .session(name: "alice-iphone", settings: ReducerTests.settings("alice-iphone")),
                                                          purpose: .createSession)]) {
            $0.session.connection = .connected(.inProcess(scenario: "fresh"))
            $0.notice = nil
            $0.session.settings = ReducerTests.settings("alice-iphone")
            $0.nextID = 2
        }
        let login = PIMSRequests.login(Self.alice, "alice-pass")
        t.send(.controlAnswer(RequestID(1), .success(["session": "alice-iphone"]), purpose: .createSession), effects: Self.sendEffects(2, .login, login)) {
            $0.inFlight = InFlightCall(id: RequestID(2), call: PlannedCall(.login, login))
            $0.log.entries = [Self.entry(2, "Session · login", login)]
            $0.nextID = 3
        }
        let ok = CallResponse.success("tx-000001", ["username": .string(Self.alice)])
        // Logged in: the session's events are followed from now on, beside the calls.
        t.send(.response(RequestID(2), ok, durationMs: 4, purpose: .login),
               effects: [.cancelTimer(.callTimeout(RequestID(2))), .subscribe(session: "alice-iphone"), Self.accountRefresh(3)]) {
            $0.inFlight = nil
            Self.answered(&$0, ok, ms: 4)
            $0.session.loggedIn = Self.alice
            $0.route = .home
            $0.home.system = .pims  // the home menu shows the session's system
            $0.notice = .success("Logged in as alice@example.com on alice-iphone (ios, SDK 2.3).")
            $0.subscription = "alice-iphone"
            $0.nextID = 4
        }
    }

    @Test("Step 1 false → step 2 runs on its own (auto pacing); the panel is refreshed")
    func stepOneThenTwo() {
        var t = Self.guidedStarted()
        let answer = CallResponse.success("tx-000002", ["isDeviceActivated": false])
        t.send(.response(RequestID(1), answer, durationMs: 12, purpose: .guided(.checkEnrollment)),
               effects: [.cancelTimer(.callTimeout(RequestID(1)))] + Self.sendEffects(2, .guided(.checkAccount), PIMSRequests.isAccountBlocked)
                   + [Self.accountRefresh(3)]) {
            Self.answered(&$0, answer, ms: 12)
            $0.guided.statuses[.s1] = .done
            $0.guided.statuses[.s2] = .current
            Self.issued(&$0, 2, .guided(.checkAccount), PIMSRequests.isAccountBlocked)
            $0.nextID = 4
        }
    }

    @Test("Step 2 AccountBlocked → blocked stage offering step A; the tutorial's boolean false reads as NotBlocked")
    func stepTwoBlocked() {
        var t = Self.guidedStarted()
        t.state.guided.statuses[.s1] = .done
        t.state.guided.statuses[.s2] = .current
        t.state.inFlight = InFlightCall(id: RequestID(1), call: PlannedCall(.guided(.checkAccount), PIMSRequests.isAccountBlocked))
        var u = t
        let blocked = CallResponse.success("tx", ["isAccountBlocked": "AccountBlocked"])
        t.send(.response(RequestID(1), blocked, durationMs: 0, purpose: .guided(.checkAccount)),
               effects: [.cancelTimer(.callTimeout(RequestID(1))), Self.accountRefresh(2)]) {
            Self.answered(&$0, blocked, ms: 0)
            $0.inFlight = nil
            $0.guided.statuses[.s2] = .failed
            $0.guided.failures[.s2] = "AccountBlocked"
            $0.guided.stage = .blocked
            // The prompt offers step A; the message says why (one explanation per error).
            $0.guided.message = "The account is AccountBlocked (step 2)."
            $0.nextID = 3
        }
        let sample = CallResponse.success("tx", ["isAccountBlocked": false])
        u.send(.response(RequestID(1), sample, durationMs: 0, purpose: .guided(.checkAccount)),
               effects: [.cancelTimer(.callTimeout(RequestID(1)))] + Self.sendEffects(2, .guided(.trustedPhone), PIMSRequests.trustedPhoneNumber)
                   + [Self.accountRefresh(3)]) {
            Self.answered(&$0, sample, ms: 0)
            $0.guided.statuses[.s2] = .done
            $0.guided.statuses[.s3] = .current
            Self.issued(&$0, 2, .guided(.trustedPhone), PIMSRequests.trustedPhoneNumber)
            $0.nextID = 4
        }
    }

    @Test("Step pacing: the call is staged, shown, and sent on Enter")
    func stepPacing() {
        var t = ReducerHarness(Self.home(SessionConfig(pacing: .step)))
        let staged = PlannedCall(.guided(.checkEnrollment), PIMSRequests.isDeviceActivated)
        t.send(.choose(.open(.guided))) {
            $0.route = .guided
            $0.guided.stage = .checking
            $0.guided.statuses[.s1] = .current
            $0.staged = staged
        }
        #expect(t.state.stagedDescription == "Enrollment · step 1: get pims.authentication.account isDeviceActivated")
        #expect(t.state.availableCommands.first == AvailableCommand(.enter, "send", "Send the call shown (step pacing).", .choose(.sendStaged)))
        t.send(.submit, effects: Self.sendEffects(1, .guided(.checkEnrollment), PIMSRequests.isDeviceActivated)) {
            $0.staged = nil
            $0.inFlight = InFlightCall(id: RequestID(1), call: staged)
            $0.log.entries = [Self.entry(1, "Enrollment · step 1", PIMSRequests.isDeviceActivated)]
            $0.nextID = 2
        }
    }

    @Test("Esc while waiting stops waiting; the late answer is logged, says it succeeded, is not offered for retry, and refreshes the panels")
    func escapeThenLateAnswer() {
        var t = Self.guidedStarted()
        let call = PlannedCall(.guided(.checkEnrollment), PIMSRequests.isDeviceActivated)
        t.send(.cancel, effects: [.cancelTimer(.callTimeout(RequestID(1)))]) {
            $0.inFlight = nil
            $0.log.entries[0].outcome = .abandoned
            $0.retryable = call
            $0.notice = Notice(kind: .warning, label: "Stopped waiting for Enrollment · step 1.",
                               detail: "The answer will still be logged when it comes.",
                               advice: "Retry the same call (r, or ^R in a form); nothing typed was lost.")
        }
        let late = CallResponse.success("tx", ["isDeviceActivated": false])
        t.send(.response(RequestID(1), late, durationMs: 31_000, purpose: .guided(.checkEnrollment)),
               effects: [Self.accountRefresh(2)]) {
            $0.log.entries[0].response = late
            $0.log.entries[0].durationMs = 31_000
            $0.log.entries[0].outcome = .lateAnswer
            $0.retryable = nil
            $0.notice = Notice(kind: .success, label: "The late answer of Enrollment · step 1 came: it succeeded.",
                               advice: "The flow stayed where it was; the API log has the answer, the panels show its effect.")
            $0.nextID = 3
        }
        #expect(t.state.log.entries[0].summary == "get pims.authentication.account isDeviceActivated → SUCCEEDED")
        #expect(t.state.guided.statuses[.s1] != .done, "the flow did not move on")
        // Nothing to retry: the call succeeded.
        t.send(.choose(.retry))
    }

    @Test("A late answer that failed says so, and the call stays offered for retry")
    func escapeThenLateFailure() {
        var t = Self.guidedStarted()
        let call = PlannedCall(.guided(.checkEnrollment), PIMSRequests.isDeviceActivated)
        _ = reduce(&t.state, .cancel)
        let late = CallResponse.failure("tx", PIMSError(.serverError))
        t.send(.response(RequestID(1), late, durationMs: 31_000, purpose: .guided(.checkEnrollment)),
               effects: [Self.accountRefresh(2)]) {
            $0.log.entries[0].response = late
            $0.log.entries[0].durationMs = 31_000
            $0.log.entries[0].outcome = .lateAnswer
            $0.notice = Notice(kind: .warning, code: "2204", label: "The late answer of Enrollment · step 1 came: it failed.",
                               detail: "Server Error", advice: "Retry the same call (r, or ^R in a form).")
            $0.nextID = 3
        }
        #expect(t.state.retryable == call)
    }

    @Test("The client timeout is shown as 2201 with what to do next")
    func clientTimeout() {
        var t = Self.guidedStarted()
        t.send(.timerFired(.callTimeout(RequestID(1)))) {
            $0.inFlight = nil
            $0.log.entries[0].outcome = .abandoned
            $0.retryable = PlannedCall(.guided(.checkEnrollment), PIMSRequests.isDeviceActivated)
            $0.notice = Notice(kind: .error, code: "2201", label: "Timeout", detail: "no answer after 30 s (client timeout)",
                               advice: "Timeout: retry the same call (r, or ^R in a form); nothing typed was lost.")
        }
        // A stale timer (the call already answered) does nothing.
        t.send(.timerFired(.callTimeout(RequestID(1))))
    }

    /// Step 6's code typed and sent: the call in flight.
    static func codeSent() -> ReducerHarness {
        var s = Self.home()
        s.route = .guided
        s.guided.stage = .enterCode
        s.guided.statuses = [.s1: .done, .s2: .done, .s3: .done, .s4_1: .skipped, .s4_2: .skipped, .s5: .done, .s6: .current, .s7: .pending, .s8: .pending]
        s.guided.form = Form([.smsCode], values: [.smsCode: "1234"])
        var t = ReducerHarness(s)
        let request = PIMSRequests.checkEnrollmentCode("1234")
        t.send(.submit, effects: Self.sendEffects(1, .guided(.checkCode), request)) {
            $0.inFlight = InFlightCall(id: RequestID(1), call: PlannedCall(.guided(.checkCode), request))
            $0.log.entries = [Self.entry(1, "Enrollment · step 6", request)]
            $0.nextID = 2
        }
        return t
    }

    @Test("A transport error (2202) keeps the prompt and what was typed, and offers the same call again")
    func transportErrorKeepsInput() {
        var t = Self.codeSent()
        let request = PIMSRequests.checkEnrollmentCode("1234")
        let failure = CallResponse.failure("tx", PIMSError(.noInternet, detail: "injected fault"))
        t.send(.response(RequestID(1), failure, durationMs: 3, purpose: .guided(.checkCode)), effects: [.cancelTimer(.callTimeout(RequestID(1)))]) {
            $0.inFlight = nil
            Self.answered(&$0, failure, ms: 3)
            $0.retryable = PlannedCall(.guided(.checkCode), request)
            $0.editing = true  // the prompt, asked again by the answer, is edited at once
            $0.notice = Notice(kind: .error, code: "2202", label: "Network problem : No internet", detail: "injected fault",
                               advice: "No internet: check the connection (or clear the simulator's faults), then retry (r, or ^R in a form).")
        }
        #expect(t.state.guided.form[.smsCode] == "1234")
        #expect(t.state.availableCommands.contains { $0.action == .choose(.retry) && $0.key == .ctrl("r") })
    }

    @Test("A device session the team server ended is said as such (no system's code), with the retry that opens a new one")
    func sessionEndedByTheServer() {
        var t = Self.codeSent()
        let request = PIMSRequests.checkEnrollmentCode("1234")
        let reason = "session ended by the server's admin; open a new session (POST /v1/sessions): what this one held is gone"
        let ended = CallResponse.failure("local-1", .sessionEnded(detail: reason))
        t.send(.response(RequestID(1), ended, durationMs: 3, purpose: .guided(.checkCode)), effects: [.cancelTimer(.callTimeout(RequestID(1)))]) {
            $0.inFlight = nil
            Self.answered(&$0, ended, ms: 3)
            $0.retryable = PlannedCall(.guided(.checkCode), request)
            $0.editing = true  // the prompt, asked again by the answer, is edited at once
            $0.notice = Notice(kind: .warning, label: "The server ended this device session", detail: reason,
                               advice: "The next call opens a new device session, logged out: log in again (Session), or retry (r, or ^R in a form).")
        }
        #expect(t.state.guided.form[.smsCode] == "1234")
        #expect(t.state.availableCommands.contains { $0.action == .choose(.retry) && $0.key == .ctrl("r") })
    }

    @Test("A 2302 opens the OTP page with the original call kept for one retry")
    func needStrongAuthentication() {
        var s = Self.home()
        s.route = .account
        s.account.task = .removeVehicle
        s.account.stage = .confirm
        let request = PIMSRequests.removeProperty("VR1AB12C3D4567890")
        let purpose = CallPurpose.account(.removeVehicle(vin: "VR1AB12C3D4567890"))
        s.inFlight = InFlightCall(id: RequestID(1), call: PlannedCall(purpose, request))
        s.log.entries = [Self.entry(1, "Account · E", request)]
        s.nextID = 2
        var t = ReducerHarness(s)
        let answer = CallResponse.failure("tx", PIMSError(.needStrongAuthentication))
        t.send(.response(RequestID(1), answer, durationMs: 1, purpose: purpose), effects: [.cancelTimer(.callTimeout(RequestID(1)))]) {
            $0.inFlight = nil
            Self.answered(&$0, answer, ms: 1)
            $0.otp = StrongAuthentication.Prompt(original: PlannedCall(purpose, request), returnTo: .account)
            $0.route = .otp
            $0.editing = true  // the OTP page's prompt is edited on arrival
            $0.notice = nil
        }
        #expect(t.state.focusedField?.id == .pin)
    }

    @Test("Typing: a PIN field refuses letters and a 7th digit, unless send-as-typed is on")
    func typingValidation() {
        var s = Self.home()
        s.route = .guided
        s.guided.stage = .existingPIN
        s.guided.form = Form([.pin])
        s.editing = true
        var t = ReducerHarness(s)
        t.send(.typed("4")) {
            $0.guided.form.fields[0].value = "4"
            $0.guided.form.fields[0].message = "a PIN has 4 to 6 digits"
        }
        t.send(.typed("a")) { $0.guided.form.fields[0].message = "digits only: 'a' refused" }
        for c in "23456" { _ = reduce(&t.state, .typed(c)) }
        t.send(.typed("7")) { $0.guided.form.fields[0].message = "a PIN has at most 6 digits" }
        #expect(t.state.guided.form[.pin] == "423456")
        t.send(.choose(.toggleSendAsTyped)) {
            $0.sendAsTyped = true
            $0.notice = .info("Send as typed: ON — fields are sent as they are, to see the backend's own input errors.")
        }
        t.send(.typed("x")) {
            $0.guided.form.fields[0].value = "423456x"
            $0.guided.form.fields[0].message = "digits only"
        }
    }

    @Test("Submitting an invalid field sends nothing unless send-as-typed; then an empty field is left out (2101)")
    func submitValidation() {
        var s = Self.home()
        s.route = .guided
        s.guided.stage = .enterCode
        s.guided.form = Form([.smsCode])
        var t = ReducerHarness(s)
        t.send(.submit) {
            $0.guided.form.fields[0].message = "enter the 4-digit code"
            $0.guided.form.error = "SMS code: enter the 4-digit code"
        }
        t.state.sendAsTyped = true
        let request = CallRequest(.set, "pims.authentication.smscode", ["action": "enrollment"])
        t.send(.submit, effects: Self.sendEffects(1, .guided(.checkCode), request)) {
            $0.guided.form.error = nil
            $0.guided.statuses[.s6] = .current
            $0.inFlight = InFlightCall(id: RequestID(1), call: PlannedCall(.guided(.checkCode), request))
            $0.log.entries = [Self.entry(1, "Enrollment · step 6", request)]
            $0.nextID = 2
        }
    }

    @Test("q during a flow asks first; Esc stays, Enter quits")
    func quitAsks() {
        var t = Self.guidedStarted()
        t.send(.choose(.quit)) { $0.confirmingQuit = true }
        t.send(.cancel) { $0.confirmingQuit = false }
        t.send(.choose(.quit)) { $0.confirmingQuit = true }
        t.send(.submit) { $0.quitRequested = true }
        var idle = ReducerHarness(Self.home())
        idle.send(.choose(.quit)) { $0.quitRequested = true }
    }

    @Test("The keys for dispatch and the help bar are the commands' keys, titles and actions; only the quit key's help leaves the flow out")
    func keysWithoutHelpTexts() {
        // The guided flow at step 1, its call answered or given up (a call in flight has no quit key).
        var flow = Self.guidedStarted().state
        flow.inFlight = nil
        let idle = Self.home()
        #expect(flow.isFlowUnderway && !idle.isFlowUnderway)
        for state in [flow, idle] {
            let commands = state.availableCommands, keys = state.availableKeys
            #expect(keys.map(\.key) == commands.map(\.key))
            #expect(keys.map(\.title) == commands.map(\.title))
            #expect(keys.map(\.action) == commands.map(\.action))
            #expect(keys.filter { $0.action != .choose(.quit) }.map(\.help) == commands.filter { $0.action != .choose(.quit) }.map(\.help))
        }
        #expect(flow.availableCommands.first { $0.action == .choose(.quit) }?.help == "Quit (asks first: a flow is under way).")
        #expect(flow.availableKeys.first { $0.action == .choose(.quit) }?.help == "Quit.")
    }
}

@Suite struct SessionSwitchTests {
    @Test("Changing the platform on the session screen opens a new SDK instance: the flows start over")
    func platformChangeResetsFlows() {
        var s = ReducerTests.home()
        s.session.settings = ReducerTests.settings("alice-iphone")
        s.guided.stage = .existingPIN
        s.guided.form = Form([.pin], values: [.pin: "12"])
        s.route = .start
        var t = ReducerHarness(s)
        t.send(.session(.cycle(.platform))) { $0.session.config.platform = .android }
        let android = SessionSettings(device: "alice-iphone", platform: .android)
        t.send(.submit, effects: [.control(RequestID(1), .session(name: "alice-iphone", settings: android), purpose: .createSession)]) {
            $0.session.loggedIn = nil
            $0.guided = GuidedEnrollment.State()
            $0.session.settings = android
            $0.nextID = 2
        }
    }

    @Test("Logging in again with the same settings keeps the flows (the same SDK instance)")
    func sameSettingsKeepFlows() {
        var s = ReducerTests.home()
        s.session.settings = ReducerTests.settings("alice-iphone")
        s.guided.stage = .existingPIN
        s.route = .start
        var t = ReducerHarness(s)
        t.send(.submit, effects: [.control(RequestID(1), .session(name: "alice-iphone", settings: ReducerTests.settings("alice-iphone")),
                                          purpose: .createSession)]) {
            $0.session.loggedIn = nil
            $0.nextID = 2
        }
    }
}

@Suite struct BusyTests {
    @Test("While a call is in flight, commands that would start or change a flow are ignored")
    func busyIgnoresFlowCommands() {
        var t = ReducerTests.guidedStarted()
        t.send(.account(.startTask(.removeAll)))
        t.send(.choose(.open(.steps)))
        t.send(.choose(.retry))
        t.send(.choose(.togglePacing)) { $0.session.config.pacing = .step }
    }

    @Test("Esc on a staged call leaves it unsent but ready: r sends it")
    func unstagedCallCanBeSent() {
        var s = ReducerTests.home(SessionConfig(pacing: .step))
        let call = PlannedCall(.guided(.checkEnrollment), PIMSRequests.isDeviceActivated)
        s.route = .guided
        s.guided.stage = .checking
        s.staged = call
        var t = ReducerHarness(s)
        t.send(.cancel) {
            $0.staged = nil
            $0.retryable = call
            $0.notice = .info("Not sent: Enrollment · step 1.", advice: "Send it later with r (^R in a form).")
        }
        t.send(.submit, effects: ReducerTests.sendEffects(1, .guided(.checkEnrollment), PIMSRequests.isDeviceActivated)) {
            $0.retryable = nil
            $0.notice = nil
            $0.inFlight = InFlightCall(id: RequestID(1), call: call)
            $0.log.entries = [ReducerTests.entry(1, "Enrollment · step 1", PIMSRequests.isDeviceActivated)]
            $0.nextID = 2
        }
    }
}

/// The decisions of steps 6 and 8, state by state.
@Suite struct GuidedDecisionTests {
    /// On step `step`'s prompt with `form`, its call (id 1) in flight.
    static func waiting(_ stage: GuidedEnrollment.Stage, _ step: FlowStep, _ form: Form, _ purpose: CallPurpose, _ request: CallRequest) -> ReducerHarness {
        var s = ReducerTests.home()
        s.route = .guided
        s.guided.stage = stage
        let order = FlowStep.allCases
        for f in order { s.guided.statuses[f] = order.firstIndex(of: f)! < order.firstIndex(of: step)! ? .done : .pending }
        s.guided.statuses[.s4_1] = .skipped
        s.guided.statuses[.s4_2] = .skipped
        s.guided.statuses[step] = .current
        s.guided.form = form
        s.guided.trustedPhone = "0612345678"
        s.inFlight = InFlightCall(id: RequestID(1), call: PlannedCall(purpose, request))
        s.log.entries = [ReducerTests.entry(1, purpose.stepLabel, request)]
        s.nextID = 2
        return ReducerHarness(s)
    }

    static let refresh: [Effect] = [.cancelTimer(.callTimeout(RequestID(1))), ReducerTests.accountRefresh(2)]

    @Test("Step 6 NotEnrolled → step 7: a new PIN, twice; the checked code is kept for iOS (R10, R11)")
    func notEnrolled() {
        let request = PIMSRequests.checkEnrollmentCode("1234")
        var t = Self.waiting(.enterCode, .s6, Form([.smsCode], values: [.smsCode: "1234"]), .guided(.checkCode), request)
        let answer = CallResponse.success("tx", ["status": "NotEnrolled"])
        t.send(.response(RequestID(1), answer, durationMs: 2, purpose: .guided(.checkCode)), effects: Self.refresh) {
            ReducerTests.answered(&$0, answer, ms: 2)
            $0.inFlight = nil
            $0.guided.statuses[.s6] = .done
            $0.guided.statuses[.s7] = .current
            $0.guided.checkedCode = "1234"
            $0.guided.stage = .newPIN
            $0.guided.form = Form([.pin, .pinConfirm])
            $0.guided.message = "The account has no PIN yet (NotEnrolled): choose one, 4 to 6 digits, typed twice (step 7)."
            $0.editing = true  // a new prompt is edited at once
            $0.nextID = 3
        }
    }

    @Test("Step 6 AlreadyEnrolled → step 8 with the existing PIN; step 7 skipped")
    func alreadyEnrolled() {
        let request = PIMSRequests.checkEnrollmentCode("1234")
        var t = Self.waiting(.enterCode, .s6, Form([.smsCode], values: [.smsCode: "1234"]), .guided(.checkCode), request)
        let answer = CallResponse.success("tx", ["status": "AlreadyEnrolled"])
        t.send(.response(RequestID(1), answer, durationMs: 2, purpose: .guided(.checkCode)), effects: Self.refresh) {
            ReducerTests.answered(&$0, answer, ms: 2)
            $0.inFlight = nil
            $0.guided.statuses[.s6] = .done
            $0.guided.statuses[.s7] = .skipped
            $0.guided.statuses[.s8] = .current
            $0.guided.checkedCode = "1234"
            $0.guided.stage = .existingPIN
            $0.guided.form = Form([.pin])
            $0.guided.message = "The account already has a PIN (AlreadyEnrolled): enter it to enroll this device (step 8)."
            $0.editing = true  // a new prompt is edited at once
            $0.nextID = 3
        }
    }

    @Test("Step 8 FAILED 2308: the PIN is asked again, no new SMS (R11 keeps the window)")
    func wrongPIN() {
        let request = PIMSRequests.enroll(pin: "9999", code: "1234", platform: .ios)
        var t = Self.waiting(.existingPIN, .s8, Form([.pin], values: [.pin: "9999"]), .guided(.validatePIN), request)
        t.state.guided.checkedCode = "1234"
        t.state.guided.statuses[.s7] = .skipped
        let error = PIMSError(code: 2308, label: "inwebo: access refused", detail: "wrong PIN: 2 attempts left")
        let answer = CallResponse.failure("tx", error)
        t.send(.response(RequestID(1), answer, durationMs: 2, purpose: .guided(.validatePIN)), effects: Self.refresh) {
            ReducerTests.answered(&$0, answer, ms: 2)
            $0.inFlight = nil
            $0.guided.statuses[.s8] = .failed
            $0.guided.failures[.s8] = "2308"
            $0.guided.form.fields[0].value = ""
            $0.guided.form.fields[0].message = nil
            // The banner alone explains the error; the prompt asked again is edited at once.
            $0.notice = .failure(error, advice: "Type the PIN again: no new SMS is needed. Forgot it? Reset it (account management B).")
            $0.editing = true
            $0.nextID = 3
        }
        // Typing the right PIN and Enter: step 8 again, with the same SMS code.
        for c in "1234" { _ = reduce(&t.state, .typed(c)) }
        let retry = PIMSRequests.enroll(pin: "1234", code: "1234", platform: .ios)
        t.send(.submit, effects: ReducerTests.sendEffects(3, .guided(.validatePIN), retry)) {
            $0.guided.statuses[.s8] = .current
            $0.guided.failures[.s8] = nil
            $0.notice = nil
            ReducerTests.issued(&$0, 3, .guided(.validatePIN), retry)
            $0.nextID = 4
        }
    }

    @Test("Step 8 FAILED 2317: blocked, step A offered")
    func blocked() {
        let request = PIMSRequests.enroll(pin: "9999", code: "1234", platform: .ios)
        var t = Self.waiting(.existingPIN, .s8, Form([.pin], values: [.pin: "9999"]), .guided(.validatePIN), request)
        let error = PIMSError(code: 2317, label: "Forbidden operation", detail: "wrong PIN 3 times: the account is now PINBlocked")
        let answer = CallResponse.failure("tx", error)
        t.send(.response(RequestID(1), answer, durationMs: 2, purpose: .guided(.validatePIN)), effects: Self.refresh) {
            ReducerTests.answered(&$0, answer, ms: 2)
            $0.inFlight = nil
            $0.guided.statuses[.s8] = .failed
            $0.guided.failures[.s8] = "2317"
            // The banner alone explains the error, and names the key of step A.
            $0.notice = .failure(error, advice: "Press a to remove all enrollments (step A); enrollment then restarts at step 3.")
            $0.guided.stage = .blocked
            $0.guided.form = Form([])
            $0.nextID = 3
        }
        t.send(.guided(.removeAllEnrollments)) { $0.guided.stage = .confirmRemoveAll }
        t.send(.cancel) { $0.guided.stage = .blocked }
    }
}
