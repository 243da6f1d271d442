import PIMS

/// The commands of the current state, each with its key and a short description: the screens build
/// the help bar and the `?` overlay from this list, and dispatch keys through it.
extension AppState {
    public var availableCommands: [AvailableCommand] {
        // On a screen with a focused field, printable keys are typed: commands move to Ctrl keys
        // (never ^C, ^H, ^I, ^J, ^M, ^Z: the terminal owns those; ^L redraws).
        let typing = focusedField != nil
        func key(_ c: Character) -> KeyHint { typing ? .ctrl(c) : .char(c) }
        func cmd(_ c: Character, _ title: String, _ help: String, _ command: Command) -> AvailableCommand {
            .command(key(c), title, help, command)
        }

        // While the help overlay is shown, this is still the screen's list (what the overlay shows);
        // the overlay closes on Esc, Enter or the help key.
        var list: [AvailableCommand] = []
        if confirmingQuit {
            return [AvailableCommand(.enter, "quit", "A flow is under way: quit anyway.", .submit),
                    AvailableCommand(.escape, "stay", "Go back to the flow.", .cancel)]
        }
        if let f = inFlight {
            return [AvailableCommand(.escape, "stop waiting", "Stop waiting for \(f.call.purpose.stepLabel); its answer will still be logged.", .cancel),
                    .command(typing ? .function(1) : .char("?"), "help", "Show every key.", .toggleHelp)]
        }
        if staged != nil {
            list.append(AvailableCommand(.enter, "send", "Send the call shown (step pacing).", .choose(.sendStaged)))
            list.append(AvailableCommand(.escape, "don't send", "Leave the call unsent.", .cancel))
        } else {
            list += screenCommands(cmd)
        }
        if retryable != nil && staged == nil {
            list.append(cmd("r", "retry", "Send the last call again (after a transport error or Esc).", .retry))
        }
        if let field = focusedField {
            if activeForm.map({ $0.fields.count > 1 }) == true {
                list.append(AvailableCommand(.tab, "next field", "Move to the next field (S-Tab: previous).", .focusNext))
            }
            if field.kind == .pin || field.kind == .password {
                list.append(cmd("v", field.masked ? "show" : "hide", "Show or hide the \(field.label).", .toggleMask))
            }
            if [.pin, .smsCode, .phone, .vin].contains(field.kind) {
                list.append(cmd("x", sendAsTyped ? "check input" : "send as typed",
                                sendAsTyped ? "Check fields before sending again." : "Send fields as typed, to see the backend's 2101/2102.",
                                .toggleSendAsTyped))
            }
        }
        if route != .start && loggedIn != nil {
            list.append(cmd("p", config.pacing == .auto ? "step pacing" : "auto pacing",
                            config.pacing == .auto ? "Make every API call wait for Enter." : "Let checks run until input is needed.",
                            .togglePacing))
        }
        list.append(.command(typing ? .function(1) : .char("?"), "help", "Show every key.", .toggleHelp))
        list.append(cmd("q", "quit", isFlowUnderway ? "Quit (asks first: a flow is under way)." : "Quit.", .quit))
        return list
    }

    private func screenCommands(_ cmd: (Character, String, String, Command) -> AvailableCommand) -> [AvailableCommand] {
        let back = AvailableCommand(.escape, "back", "Go back.", .cancel)
        let enter = { (title: String, help: String) in AvailableCommand(.enter, title, help, .submit) }
        let select = [AvailableCommand(.up, "up", "Move the selection up (or k).", .moveSelection(-1)),
                      AvailableCommand(.down, "down", "Move the selection down (or j).", .moveSelection(1))]
        switch route {
        case .start:
            var list = [enter(loggedIn == nil ? "log in" : "switch", "Open the backend, create this device's session and log in (R0a).")]
            if startForm.has(.scenario) {
                list.append(cmd("n", "scenario", "Next built-in scenario (or type a name or a file).", .cycleScenario))
            }
            list.append(cmd("b", "backend", "Switch between the in-process simulator and a remote server.", .cycleBackendKind))
            list.append(cmd("o", config.platform.rawValue, "Platform: iOS sends the SMS code at steps 7/8, Android does not.", .cyclePlatform))
            list.append(cmd("k", "SDK \(config.sdk)", "SDK version: the shortcut 4·1 needs 2.1; 2.0 names the phone step trustedPhone.", .cycleSDK))
            list.append(cmd("e", config.variant.rawValue, "Spec variant: tutorial or reference readings of the documents.", .cycleVariant))
            list.append(cmd("p", config.pacing.rawValue, "Pacing: auto runs checks on their own; step waits for Enter before each call.", .togglePacing))
            if loggedIn != nil { list.append(back) }
            return list
        case .home:
            return select + [enter("open", "Open the selected flow.")]
        case .guided:
            return guidedCommands(cmd, back, enter)
        case .account:
            var list: [AvailableCommand] = []
            switch account.stage {
            case .menu:
                list = select + [enter("start", "Start the selected task.")]
                list += AccountManagement.Task.allCases.map { cmd(Character($0.rawValue.lowercased()), $0.rawValue, "\($0.rawValue): \($0.title).", .startTask($0)) }
            case .checking: break
            case .input:
                if account.task == .removeVehicle { list = vehicles.isEmpty ? [] : select + [enter("choose", "Choose this vehicle.")] }
                else if account.task == .resetPIN { list = [enter("send SMS", "Send a resetPIN SMS code to the trusted phone.")] }
                else { list = [enter("send", "Send the task's call.")] }
            case .code:
                list = [enter("send", "Check the code and finish the task."),
                        cmd("n", "new code", "Send a new SMS code (the older one stops working).", .resendSMS),
                        cmd("f", "autofill", "Type the newest code of the simulated phone.", .autofillCode)]
            case .confirm:
                list = [AvailableCommand(.enter, "confirm", "Yes, do it.", .submit), AvailableCommand(.escape, "cancel", "No.", .cancel)]
                return list
            case .done:
                list = [enter("menu", "Back to the task menu.")]
            }
            return list + [back]
        case .otp:
            var list = [enter("get OTP", "Send the PIN (otp withPin); the original call is then retried once.")]
            if otp?.suggestsStepsReset == true {
                list.append(cmd("s", "reset steps", "Refresh the steps with resetSteps: true (the documents' fix for 2317/2312).", .resetStepsCache))
            }
            return list + [AvailableCommand(.escape, "cancel", "Give up: the original call is not retried.", .cancel)]
        case .steps:
            if steps.vin == nil {
                return select + [enter("choose", "List the steps of this vehicle (by carAssociationID)."), back]
            }
            var list = select
            if steps.items.indices.contains(steps.selection), steps.items[steps.selection].isTodo {
                list.append(enter("resolve", "Start the flow that does this step; the list is refreshed after."))
            }
            list += [cmd("l", "refresh", "List the steps again (by stepsID).", .fetchSteps),
                     cmd("f", "filter: \(steps.filter.rawValue)", "Cycle the filter all / todo / alreadyDone.", .cycleFilter),
                     cmd("n", "next step", "Ask for the next todo step (pims.subscription.step).", .nextStep),
                     cmd("s", "reset cache", "Refresh with resetSteps: true: forget cached alreadyDone statuses.", .resetStepsCache),
                     cmd("c", "vehicle", "Choose another vehicle.", .chooseVehicle), back]
            return list
        case .carKey:
            if carKey.selectedVIN == nil {
                return select + [enter("select", "Select this vehicle (set pims.vehicle.vin)."), back]
            }
            return [enter("activate", "Activate the car key (set pims.vehicle.carkey)."),
                    cmd("s", "status", "Check the car key (get pims.vehicle.carkey).", .checkCarKey),
                    cmd("b", ProximityPart.bluetooth.title, "Simulator: toggle Bluetooth.", .toggleProximity(.bluetooth)),
                    cmd("y", ProximityPart.paired.title, "Simulator: toggle pairing.", .toggleProximity(.paired)),
                    cmd("k", ProximityPart.keyInside.title, "Simulator: toggle the key inside.", .toggleProximity(.keyInside)),
                    cmd("c", "vehicle", "Choose another vehicle.", .chooseVehicle), back]
        case .simulator:
            var list = [cmd("g", "refresh", "Read the account and the inbox again.", .refreshWorld),
                        cmd("a", "advance", "Advance the simulated clock by the seconds field.", .advanceClock),
                        cmd("t", "target", "Choose the API the fault presets apply to.", .cycleFaultTarget)]
            // F1 is help: the presets take F2 to F5.
            for (n, p) in SimulatorPanel.FaultPreset.allCases.enumerated() {
                list.append(.command(.function(n + 2), "fault \(n + 1)", "Fault: the \(p.title) of \(simulator.faultTargetName).", .addFault(p)))
            }
            list += [cmd("u", "clear faults", "Remove every fault rule.", .clearFaults),
                     cmd("n", "load", "Load the scenario named in the field.", .loadScenario),
                     cmd("e", "reset", "Reset the world to the loaded scenario.", .resetScenario),
                     cmd("b", ProximityPart.bluetooth.title, "Toggle Bluetooth near the car-key vehicle.", .toggleProximity(.bluetooth)),
                     cmd("y", ProximityPart.paired.title, "Toggle the phone's pairing with the vehicle.", .toggleProximity(.paired)),
                     cmd("k", ProximityPart.keyInside.title, "Toggle the key inside the vehicle.", .toggleProximity(.keyInside)),
                     cmd("w", "save as", "Export the world to the file named in the field.", .saveScenario),
                     back]
            return list
        case .log:
            return select + [back]
        }
    }

    private func guidedCommands(_ cmd: (Character, String, String, Command) -> AvailableCommand, _ back: AvailableCommand,
                                _ enter: (String, String) -> AvailableCommand) -> [AvailableCommand] {
        var list: [AvailableCommand] = []
        switch guided.stage {
        case .notStarted, .enrolled:
            list.append(enter("start", "Run the enrollment from step 1."))
        case .checking:
            break
        case .chooseMethod:
            if config.offersShortcut {
                list.append(cmd("s", "shortcut 4·1", "Enroll with the phone number: one SMS, one call (SDK 2.1+).", .chooseShortcut))
            }
            list.append(cmd("l", "full 4·2", "Register the phone first, then steps 5 to 8.", .chooseFull))
        case .shortcutPhone, .registerPhone:
            list.append(enter("send SMS", "Send a certification SMS code to this number."))
        case .shortcutCode, .registerCode, .enterCode:
            list.append(enter("check", "Send the code (and PIN) typed."))
            list.append(cmd("n", "new code", "Send a new SMS code (the older one stops working).", .resendSMS))
            list.append(cmd("f", "autofill", "Type the newest code of the simulated phone.", .autofillCode))
            if guided.statuses[.s4_1] == .failed || guided.statuses[.s4_2] == .failed {
                list.append(cmd("t", "restart at 3", "Check the phone again (step 3) and go on from there.", .restartFromStep3))
            }
        case .newPIN:
            list.append(enter("register PIN", "Register this PIN (step 7), then validate it (step 8)."))
        case .existingPIN:
            list.append(enter("enroll", "Validate the PIN and enroll this device (step 8)."))
        case .blocked:
            list.append(cmd("a", "remove all (A)", "Remove all enrollments (asks first), then restart from step 3.", .removeAllEnrollments))
            list.append(enter("check again", "Run the checks again from step 1."))
        case .confirmRemoveAll:
            return [AvailableCommand(.enter, "confirm", "Yes: remove every enrollment of the account.", .submit),
                    AvailableCommand(.escape, "cancel", "No.", .cancel)]
        }
        return list + [back]
    }
}
