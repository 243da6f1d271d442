import SimKernel
import SimKernel

/// The simulated world: the shared clock, faults on the session's system's own calls, the scenario
/// controls, and the system's own sections (PIMS: the live account, the SMS inbox, proximity;
/// Futurae: the back office's activations; the card app: the phone's notifications). Each command is
/// a control (§8), never a call, so none is logged in the API log and none waits for Enter in step
/// pacing.
public enum SimulatorPanel: Feature {
    public typealias Out = Outcome<Delegate>

    public static let title = "Simulator"
    public static let summary = "The simulated world: account, inbox or back office, clock, faults, scenarios."
    /// Its fields are settings: letters stay commands until `i`.
    public static let editsOnArrival = false
    public static let menuLine = "Account, inbox, clock, faults"

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        switch action {
        case .opened:
            // The scenario the session started on, until a load or reset names another.
            if state.scenario == nil, case .inProcess(let name) = shared.config.backend { state.scenario = name }
            if state.system != shared.config.system {
                state.system = shared.config.system
                state.faultTarget = 0
                state.form = State.form(for: state.system, keeping: state.form)
                // Each system's part is read again on opening; what one showed before does not linger.
                state.systems = StateBag()
            }
            return state.readWorld(shared) + [.control(.simulator(.faults), .faults)]
        case .refresh:
            // Said, so that reading a world that has not changed is not a key that does nothing.
            return state.readWorld(shared) + [.control(.simulator(.faults), .faults), .notice(.info("Read the world again: \(state.parts)."))]
        case .system(let command):
            return command.system.front.simulatorCommand(command, &state, shared)
        case .submit:
            if state.confirmingReset {
                state.confirmingReset = false
                return [.control(.simulator(.reset), .reset)]
            }
            return state.dialog.map { dialog in state.answer(dialog) } ?? []
        case .cancel:
            if state.confirmingReset {
                state.confirmingReset = false
                state.message = "Nothing reset: the world is as it was."
                return []
            }
            guard let dialog = state.dialog else { return [.back] }
            state.dialog = nil
            state.message = switch dialog.kind {
            case .fault: "No fault added."
            case .saveAs, .bookmark: "Not saved."
            case .restore: "Nothing restored."
            }
            return []
        case .openFaultForm:
            state.dialog = .fault
            return []
        case .askSaveAs:
            state.dialog = .saveAs(state.scenario)
            return []
        case .askBookmark:
            state.dialog = .bookmark("mark-\(state.bookmarks.count + 1)")
            return []
        case .askRestore:
            state.dialog = .restore(state.newestBookmark ?? state.bookmarks.last)
            return []
        case .moveSelection(let delta):
            state.faultTarget = min(max(state.faultTarget + delta, 0), state.faultTargets.count - 1)
            return []
        case .advanceClock:
            guard let seconds = Int(state.form[.advanceSeconds]), seconds >= 0 else {
                state.message = "Seconds: a whole number ≥ 0."
                return []
            }
            return [.control(.simulator(.advance), .advance(seconds: seconds))]
        case .cycleFaultTarget:
            state.faultTarget = (state.faultTarget + 1) % state.faultTargets.count
            return []
        case .addFault(let preset):
            let rule = preset.rule(for: state.faultTargetName)
            return [.control(.simulator(.fault(rule)), .fault(rule))]
        case .clearFaults:
            // With none active there is nothing to send; said, so that the key is not one that does nothing.
            guard !state.faults.isEmpty else { return [.notice(.info("No fault rule is active: nothing to clear."))] }
            return [.control(.simulator(.clearFaults), .clearFaults)]
        case .loadScenario:
            let name = state.form[.scenario]
            guard !name.isEmpty else {
                state.message = "Type a scenario name or file first."
                return []
            }
            return [.control(.simulator(.load(name)), .load(.parse(name)))]
        case .resetScenario:
            // Everyone's accounts, inboxes, clock and faults go back: ask first.
            state.confirmingReset = true
            return []
        case .answered(let control, let answer): return state.answered(control, answer, shared)
        case .fileSaved(let path, let error):
            let name = path.hasSuffix(".yaml") ? String(path.dropLast(5)) : path
            state.message = error.map { "Could not save \(path): \($0)" } ?? "Scenario \(name) saved as \(path): n loads it."
            return []
        case .faultsChanged(let rules): return state.faultsChanged(rules)
        case .backOfficeChanged: return state.readBackOffice(shared)
        case .worldReloaded(let scenario):
            // Loaded or reset from elsewhere: a new world has no fault rules; read it all again.
            state.scenario = scenario ?? state.scenario
            state.faults = []
            return state.readWorld(shared)
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        if s.confirmingReset {
            return [.enter("reset", "Reset the world to the loaded scenario."), .escape("keep", "Keep the world as it is.")]
        }
        if let dialog = s.dialog {
            let (title, help) = switch dialog.kind {
            case .fault: ("add fault", "Add the fault to \(s.faultTargetName) (blank sub-API: every one; blank probability: the next call only).")
            case .saveAs: ("save", "Export the world as this scenario, to NAME.yaml in the current directory.")
            case .bookmark: ("bookmark", "Keep the world as it is now under this name (the same name replaces it).")
            case .restore: ("restore", "Bring the world back to this bookmark (its sessions too: log in again).")
            }
            return [.enter(title, help), .escape("cancel", "Close the form; nothing is sent.")]
        }
        return [
            KeyBinding(.letter("g"), "refresh", "Read the world again: \(s.parts).", .refresh),
            KeyBinding(.letter("a"), "advance", "Advance the simulated clock by the seconds field.", .advanceClock),
            KeyBinding(.letter("t"), "target", "Choose the call the fault presets apply to.", .cycleFaultTarget),
        ] + s.faultPresets.enumerated().map { n, preset in
            // F1 is help: the presets take F2 to F5.
            KeyBinding(.function(n + 2), preset.barTitle, "Fault: the \(preset.title) of \(s.faultTargetName).", .addFault(preset))
        } + [
            KeyBinding(.function(6), "any code…", "Fault form: any error code of the contract, a sub-API, a probability.", .openFaultForm),
            KeyBinding(.letter("f"), "clear faults", "Remove every fault rule.", .clearFaults),
            KeyBinding(.letter("n"), "load", "Load the scenario named in the field.", .loadScenario),
            KeyBinding(.letter("e"), "reset…", "Reset the world to the loaded scenario: asks first.", .resetScenario),
        ] + s.system.front.simulatorKeys(s, shared) + [
            KeyBinding(.letter("w"), "save as…", "Export the world as a scenario: asks its name, writes NAME.yaml.", .askSaveAs),
            // d, not m: while a field is edited a letter is its Ctrl key, and ^M is Enter.
            KeyBinding(.letter("d"), "bookmark…", "Bookmark the world as it is now: asks its name.", .askBookmark),
            KeyBinding(.letter("o"), "restore…", "Bring the world back to a bookmark: asks which (the newest by default).", .askRestore),
            .back(),
        ]
    }

    public static func confirmation(_ state: State, _ shared: Shared) -> Confirmation? {
        guard state.confirmingReset else { return nil }
        let loaded: String? = if case .inProcess(let name) = shared.config.backend { name } else { nil }
        let scenario = (state.scenario ?? loaded).map { "scenario \($0)" } ?? "the scenario loaded last"
        return Confirmation("Reset the world?", "Back to \(scenario) as it loads: every account and inbox, the clock, "
                            + "no faults. This device logs in again.")
    }

    public static func form(_ state: State) -> Form? { state.dialog?.form ?? state.form }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) {
        if state.dialog != nil { edit(&state.dialog!.form) } else { edit(&state.form) }
    }
    /// The panel's fields are settings, but a dialog is there to be typed into.
    public static func editsAtOnce(_ state: State) -> Bool { state.dialog != nil }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func simulator(_ action: SimulatorPanel.Action) -> Action { SimulatorPanel.message(action) }
}
