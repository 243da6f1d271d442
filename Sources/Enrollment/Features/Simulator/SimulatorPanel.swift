import PIMS

/// The simulated world: the live account, the SMS inbox, the clock, the faults this app added, and
/// the scenario controls. Each command is a control (§8), never a PIMS call, so none is logged in
/// the API log and none waits for Enter in step pacing. The account and the inbox it reads are
/// what every other screen shows of the world.
public enum SimulatorPanel: Feature {
    public typealias Out = Outcome<Delegate>

    public static let title = "Simulator"
    public static let summary = "The simulated world: account, SMS inbox, clock, faults, scenarios."
    /// Its fields are settings: letters stay commands until `i`.
    public static let editsOnArrival = false
    public static let menuLine = "Account, inbox, clock, faults"

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        switch action {
        case .opened, .refresh:
            return [.refreshAccount] + state.readInbox() + [.control(.simulator(.faults), .faults)]
        case .submit:
            return state.dialog.map { dialog in state.answer(dialog) } ?? []
        case .cancel:
            guard let dialog = state.dialog else { return [.back] }
            state.dialog = nil
            state.message = dialog.kind == .fault ? "No fault added." : "Not saved."
            return []
        case .openFaultForm:
            state.dialog = .fault
            return []
        case .askSaveAs:
            state.dialog = .saveAs(state.scenario)
            return []
        case .moveSelection(let delta):
            state.faultTarget = min(max(state.faultTarget + delta, 0), faultTargets.count - 1)
            return []
        case .advanceClock:
            guard let seconds = Int(state.form[.advanceSeconds]), seconds >= 0 else {
                state.message = "Seconds: a whole number ≥ 0."
                return []
            }
            return [.control(.simulator(.advance), .advance(seconds: seconds))]
        case .cycleFaultTarget:
            state.faultTarget = (state.faultTarget + 1) % faultTargets.count
            return []
        case .addFault(let preset):
            let rule = preset.rule(for: state.faultTargetName)
            return [.control(.simulator(.fault(rule)), .fault(rule))]
        case .clearFaults:
            return [.control(.simulator(.clearFaults), .clearFaults)]
        case .toggleProximity(let part):
            return state.toggle(part, shared)
        case .loadScenario:
            let name = state.form[.scenario]
            guard !name.isEmpty else {
                state.message = "Type a scenario name or file first."
                return []
            }
            return [.control(.simulator(.load(name)), .load(.parse(name)))]
        case .resetScenario:
            return [.control(.simulator(.reset), .reset)]
        case .answered(let control, let answer): return state.answered(control, answer, shared)
        case .fileSaved(let path, let error):
            let name = path.hasSuffix(".yaml") ? String(path.dropLast(5)) : path
            state.message = error.map { "Could not save \(path): \($0)" } ?? "Scenario \(name) saved as \(path): n loads it."
            return []
        case .faultsChanged(let rules): return state.faultsChanged(rules)
        case .worldReloaded(let scenario):
            // Loaded or reset from elsewhere: a new world has no fault rules; read it all again.
            state.scenario = scenario ?? state.scenario
            state.faults = []
            return [.refreshAccount] + state.readInbox()
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        if let dialog = s.dialog {
            return [
                .enter(dialog.kind == .fault ? "add fault" : "save", dialog.kind == .fault
                       ? "Add the fault to \(s.faultTargetName) (blank sub-API: every one; blank probability: the next call only)."
                       : "Export the world as this scenario, to NAME.yaml in the current directory."),
                .escape("cancel", "Close the form; nothing is sent."),
            ]
        }
        return [
            KeyBinding(.letter("g"), "refresh", "Read the account and the inbox again.", .refresh),
            KeyBinding(.letter("a"), "advance", "Advance the simulated clock by the seconds field.", .advanceClock),
            KeyBinding(.letter("t"), "target", "Choose the API the fault presets apply to.", .cycleFaultTarget),
        ] + FaultPreset.allCases.enumerated().map { n, preset in
            // F1 is help: the presets take F2 to F5.
            KeyBinding(.function(n + 2), preset.barTitle, "Fault: the \(preset.title) of \(s.faultTargetName).", .addFault(preset))
        } + [
            KeyBinding(.function(6), "any code…", "Fault form: any error code of the contract, a sub-API, a probability.", .openFaultForm),
            KeyBinding(.letter("f"), "clear faults", "Remove every fault rule.", .clearFaults),
            KeyBinding(.letter("n"), "load", "Load the scenario named in the field.", .loadScenario),
            KeyBinding(.letter("e"), "reset", "Reset the world to the loaded scenario.", .resetScenario),
            KeyBinding(.letter("b"), ProximityPart.bluetooth.title, "Toggle Bluetooth near the car-key vehicle.", .toggleProximity(.bluetooth)),
            KeyBinding(.letter("y"), ProximityPart.paired.title, "Toggle the phone's pairing with the vehicle.", .toggleProximity(.paired)),
            KeyBinding(.letter("k"), ProximityPart.keyInside.title, "Toggle the key inside the vehicle.", .toggleProximity(.keyInside)),
            KeyBinding(.letter("w"), "save as…", "Export the world as a scenario: asks its name, writes NAME.yaml.", .askSaveAs),
            .back(),
        ]
    }

    public static func form(_ state: State) -> Form? { state.dialog?.form ?? state.form }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) {
        if state.dialog != nil { edit(&state.dialog!.form) } else { edit(&state.form) }
    }
    /// The panel's fields are settings, but a dialog is there to be typed into.
    public static func editsAtOnce(_ state: State) -> Bool { state.dialog != nil }

    /// The APIs a fault can target, in the order the flows meet them.
    public static let faultTargets = [
        "pims.authentication.smscode", "pims.authentication.enrollment", "pims.authentication.account",
        "pims.authentication.trustedphonenumber", "pims.authentication.pincode", "pims.authentication.otp",
        "pims.subscription.steps", "pims.subscription.vehicle", "pims.vehicle.carkey", "pims.vehicle.vin",
    ]
}
