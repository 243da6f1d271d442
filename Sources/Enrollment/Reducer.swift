import PIMS

/// The one place state changes: `reduce(&state, action)` updates the state and returns the effects
/// the runtime must run. Pure and synchronous: no I/O, no clock, no randomness.
public func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    state.reduce(action)
}

extension AppState {
    mutating func reduce(_ action: Action) -> [Effect] {
        // The help overlay is modal: keys close it; answers still arrive.
        if showHelp {
            switch action {
            case .submit, .cancel, .choose(.toggleHelp):
                showHelp = false
                return []
            case .choose(.quit): break
            case .moveSelection, .focusNext, .focusPrevious, .typed, .pasted, .backspace, .choose: return []
            case .connected, .response, .controlAnswer, .timerFired, .fileSaved: break
            }
        }
        // While a call is in flight the flows wait for it: only what cannot start or change a flow
        // is taken (typing goes on; Esc stops waiting).
        if inFlight != nil, case .choose(let command) = action, !command.isAllowedWhileBusy { return [] }
        switch action {
        case .connected(let error, let defaults): return connected(error: error, defaults: defaults)
        case .response(let id, let response, let ms): return answer(id, response, durationMs: ms)
        case .controlAnswer(let id, let answer): return controlAnswered(id, answer)
        case .timerFired(.callTimeout(let id)): return timedOut(id)
        case .fileSaved(let path, let error):
            simulator.message = error.map { "Could not save \(path): \($0)" } ?? "Scenario saved as \(path)."
            return []
        case .typed(let c):
            guard focusedField != nil else { return [] }
            let (asTyped, policy) = (sendAsTyped, policy)
            editActiveForm { $0.type(c, sendAsTyped: asTyped, policy: policy) }
            return []
        case .pasted(let text):
            pasted(text)
            return []
        case .backspace:
            guard focusedField != nil else { return [] }
            let policy = policy
            editActiveForm { $0.backspace(policy: policy) }
            return []
        case .focusNext:
            editActiveForm { $0.moveFocus(1) }
            return []
        case .focusPrevious:
            editActiveForm { $0.moveFocus(-1) }
            return []
        case .moveSelection(let delta):
            moveSelection(delta)
            return []
        case .submit: return submit()
        case .cancel: return cancel()
        case .choose(let command): return choose(command)
        }
    }

    /// Applies `edit` to the form typed keys go to on this screen.
    mutating func editActiveForm(_ edit: (inout Form) -> Void) {
        switch route {
        case .start: edit(&startForm)
        case .guided: edit(&guided.form)
        case .account: edit(&account.form)
        case .otp: if otp != nil { edit(&otp!.form) }
        case .simulator: edit(&simulator.form)
        default: break
        }
    }

    private mutating func moveSelection(_ delta: Int) {
        func moved(_ i: Int, _ count: Int) -> Int { count == 0 ? 0 : min(max(i + delta, 0), count - 1) }
        switch route {
        case .home: homeSelection = moved(homeSelection, Route.homeMenu.count)
        case .account:
            if account.task == .removeVehicle && account.stage == .input {
                account.selection = moved(account.selection, vehicles.count)
            } else if account.stage == .menu {
                account.selection = moved(account.selection, AccountManagement.Task.allCases.count)
            }
        case .steps: steps.selection = moved(steps.selection, steps.vin == nil ? vehicles.count : steps.items.count)
        case .carKey: carKey.selection = moved(carKey.selection, vehicles.count)
        case .log: log.selection = moved(log.selection, log.entries.count)
        case .simulator: simulator.faultTarget = moved(simulator.faultTarget, SimulatorPanel.faultTargets.count)
        case .start, .guided, .otp: editActiveForm { $0.moveFocus(delta) }
        }
    }

    /// Enter.
    private mutating func submit() -> [Effect] {
        if confirmingQuit { quitRequested = true; return [] }
        if let call = staged { return send(call) }
        if inFlight != nil { return [] }
        switch route {
        case .start: return connect()
        case .home: return choose(.open(Route.homeMenu[homeSelection]))
        case .guided: return submitGuided()
        case .account: return submitAccount()
        case .otp: return submitOTP()
        case .steps: return submitSteps()
        case .carKey: return submitCarKey()
        case .simulator: return []
        case .log: return []
        }
    }

    /// Esc: the innermost thing first.
    private mutating func cancel() -> [Effect] {
        if confirmingQuit { confirmingQuit = false; return [] }
        if inFlight != nil { return stopWaiting() }
        if let s = staged {
            staged = nil
            retryable = s
            banner = .info("Not sent: \(s.purpose.stepLabel).", advice: "Send it later with r (^R in a form).")
            return []
        }
        if route == .guided && guided.stage == .confirmRemoveAll { guided.stage = .blocked; return [] }
        if route == .account && account.stage == .confirm { account.stage = account.task == .removeVehicle ? .input : .menu; return [] }
        if route == .otp { return cancelOTP() }
        if route == .account && account.stage != .menu { account = AccountManagement(); return [] }
        if route == .steps && steps.vin != nil && steps.items.isEmpty { steps.vin = nil; return [] }
        return back()
    }

    mutating func back() -> [Effect] {
        // Leaving a flow the checklist started: finishing it later no longer jumps back to the list.
        if route == .guided || route == .carKey { steps.resolving = nil }
        switch route {
        case .start: if loggedIn != nil { route = .home }
        case .home: break
        default: route = loggedIn == nil ? .start : .home
        }
        return []
    }

    mutating func choose(_ command: Command) -> [Effect] {
        switch command {
        case .open(let r): return open(r)
        case .back: return back()
        case .toggleHelp: showHelp.toggle(); return []
        case .quit:
            if isFlowUnderway { confirmingQuit = true } else { quitRequested = true }
            return []
        case .dismissBanner: banner = nil; return []
        case .sendStaged: return staged.map { send($0) } ?? []
        case .retry:
            guard let call = retryable, inFlight == nil else { return [] }
            return send(call)
        case .toggleSendAsTyped:
            sendAsTyped.toggle()
            banner = .info(sendAsTyped ? "Send as typed: ON — fields are sent as they are, to see the backend's 2101/2102."
                                       : "Send as typed: OFF — fields are checked before sending.")
            return []
        case .togglePacing: config.pacing = config.pacing == .auto ? .step : .auto; return []
        case .toggleMask: editActiveForm { $0.toggleMask() }; return []
        case .autofillCode: autofillCode(); return []
        case .confirm: return submit()
        case .decline: return cancel()
        case .connect: return connect()
        case .cycleScenario, .cycleBackendKind, .cyclePlatform, .cycleSDK, .cycleVariant:
            cycleStartOption(command)
            return []
        case .startGuided: return startGuided()
        case .chooseShortcut: return chooseMethod(.shortcut)
        case .chooseFull: return chooseMethod(.full)
        case .resendSMS: return route == .account ? resendAccountSMS() : resendGuidedSMS()
        case .removeAllEnrollments:
            guard guided.stage == .blocked else { return [] }
            guided.stage = .confirmRemoveAll
            return []
        case .restartFromStep3: return restartFromStep3()
        case .startTask(let task): return startTask(task)
        case .fetchSteps: return fetchSteps(reset: false)
        case .cycleFilter: return cycleStepsFilter()
        case .nextStep: return askNextStep()
        case .resetStepsCache: return resetStepsFromAnywhere()
        case .chooseVehicle: return chooseVehicleAgain()
        case .checkCarKey: return issue(.carKey(.status), Requests.carKeyStatus)
        case .activateCarKey: return issue(.carKey(.activate), Requests.activateCarKey)
        case .refreshWorld, .advanceClock, .cycleFaultTarget, .addFault, .clearFaults, .toggleProximity, .loadScenario,
             .resetScenario, .saveScenario:
            return simulatorCommand(command)
        }
    }

    /// Opening a screen starts what it needs: the guided flow its first check, the lists their data.
    private mutating func open(_ r: Route) -> [Effect] {
        guard loggedIn != nil || r == .start || r == .log else {
            banner = .info("Log in first.", advice: "Fill the session screen and press Enter.")
            route = .start
            return []
        }
        route = r
        switch r {
        case .guided where !guided.isUnderway && inFlight == nil && staged == nil: return startGuided()
        case .account where account.stage == .done: account = AccountManagement(); return []
        case .simulator: return refreshAccount() + refreshInbox(simulator.inbox?.phone ?? simulator.account?.phone)
        case .steps, .carKey: return simulator.account == nil ? refreshAccount() : []
        case .start: startForm = AppState.startForm(for: config); return []
        default: return []
        }
    }

    /// Types the newest code of the simulated phone into the prompt's code field.
    private mutating func autofillCode() {
        guard let inbox = simulator.inbox else {
            banner = .info("The simulated phone has no SMS yet.")
            return
        }
        let purpose = expectedSMSPurpose
        guard let message = inbox.newest(for: purpose) else {
            banner = .info("No \(purpose?.rawValue ?? "") SMS on \(inbox.phone) yet.")
            return
        }
        let policy = self.policy
        editActiveForm { form in
            form.set(.smsCode, message.code, policy: policy)
            if let i = form.fields.firstIndex(where: { $0.id == .smsCode }) {
                form.focus = form.fields.indices.contains(i + 1) ? i + 1 : i
            }
        }
    }
}
