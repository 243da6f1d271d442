import PIMS

/// The car key (tutorial 2-6): select the VIN (R23), check the car key (R24), activate it (R25);
/// the proximity the simulator holds, and which of 2341/2342/2354 stands in the way.
public enum CarKeyFlow: Feature {
    public typealias Out = Outcome<Delegate>

    public static let title = "Car key"
    public static let summary = "Prove the key is at hand: Bluetooth on, phone paired, key inside, then activate."
    public static let menuLine = "Select the vehicle, check, activate"

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        switch action {
        case .opened: return shared.account == nil ? [.refreshAccount] : []
        case .submit:
            if state.returnsToChecklist, let message = state.message {
                state.returnsToChecklist = false
                return [.delegate(.keyActive(message))]
            }
            guard state.selectedVIN == nil else { return [.call(.carKey(.activate), PIMSRequests.activateCarKey)] }
            if state.typingVIN {
                guard state.vinForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
                state.vin = state.vinForm[.vin]
                return [.call(.carKey(.select), PIMSRequests.selectVehicle(.string(state.vinForm[.vin])))]
            }
            guard shared.vehicles.indices.contains(state.selection) else { return [.refreshAccount] }
            let vin = shared.vehicles[state.selection].vin
            state.vin = vin
            return [.call(.carKey(.select), PIMSRequests.selectVehicle(.string(vin)))]
        case .cancel: return [.back]
        case .moveSelection(let delta):
            // The account's vehicles, then "another VIN".
            let count = shared.vehicles.count + 1
            state.selection = min(max(state.selection + delta, 0), count - 1)
            state.typingVIN = state.selection == shared.vehicles.count
            return []
        case .select(let vin):
            state = State()
            guard let vin else { return [] }
            state.vin = vin
            return [.call(.carKey(.select), PIMSRequests.selectVehicle(.string(vin)))]
        case .checkStatus: return [.call(.carKey(.status), PIMSRequests.carKeyStatus)]
        case .toggleProximity(let part): return [.delegate(.toggleProximity(part))]
        case .chooseVehicle:
            state = State()
            return []
        case .answered(let call, let response): return state.answered(call, response, shared)
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let choosing = s.selectedVIN == nil
        return KeyBinding.select(when: choosing) + [
            .enter("select", "Select this vehicle (set pims.vehicle.vin; a VIN not of the account answers 2366).", when: choosing),
            .enter("back to checklist", "The key is active: return to the steps checklist.", when: s.returnsToChecklist),
            .enter("activate", "Activate the car key (set pims.vehicle.carkey).", when: !choosing && !s.returnsToChecklist),
            // Before a vehicle is selected the check answers 2010 (R24): offered so QA can see it.
            KeyBinding(.letter("s"), "status", choosing ? "Check the car key before selecting a vehicle (R24 answers 2010)."
                                                        : "Check the car key (get pims.vehicle.carkey).", .checkStatus),
            KeyBinding(.letter("b"), ProximityPart.bluetooth.title, "Simulator: toggle Bluetooth.", .toggleProximity(.bluetooth), when: !choosing),
            KeyBinding(.letter("y"), ProximityPart.paired.title, "Simulator: toggle pairing.", .toggleProximity(.paired), when: !choosing),
            KeyBinding(.letter("k"), ProximityPart.keyInside.title, "Simulator: toggle the key inside.", .toggleProximity(.keyInside), when: !choosing),
            KeyBinding(.letter("c"), "vehicle", "Choose another vehicle.", .chooseVehicle, when: !choosing),
            .back(),
        ]
    }

    public static func form(_ state: State) -> Form? { state.typingVIN && state.selectedVIN == nil ? state.vinForm : nil }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) { edit(&state.vinForm) }

    /// The three requirements of the tutorial, and which one the last error names.
    public static func proximityProblem(_ code: ErrorCode) -> String? {
        switch code {
        case .bluetoothOff: "Bluetooth is off on the phone."
        case .notPaired: "The phone is not paired with the vehicle."
        case .keyNotInside: "The key is not inside the vehicle."
        default: nil
        }
    }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func carKey(_ action: CarKeyFlow.Action) -> Action { CarKeyFlow.message(action) }
}
