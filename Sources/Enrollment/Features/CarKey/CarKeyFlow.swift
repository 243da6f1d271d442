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
            guard state.selectedVIN == nil else { return [.call(.carKey(.activate), Requests.activateCarKey)] }
            guard shared.vehicles.indices.contains(state.selection) else { return [.refreshAccount] }
            let vin = shared.vehicles[state.selection].vin
            state.vin = vin
            return [.call(.carKey(.select), Requests.selectVehicle(.string(vin)))]
        case .cancel: return [.back]
        case .moveSelection(let delta):
            let count = shared.vehicles.count
            state.selection = count == 0 ? 0 : min(max(state.selection + delta, 0), count - 1)
            return []
        case .select(let vin):
            state = State()
            guard let vin else { return [] }
            state.vin = vin
            return [.call(.carKey(.select), Requests.selectVehicle(.string(vin)))]
        case .checkStatus: return [.call(.carKey(.status), Requests.carKeyStatus)]
        case .toggleProximity(let part): return [.delegate(.toggleProximity(part))]
        case .chooseVehicle:
            state = State()
            return []
        case .answered(let call, let response): return state.answered(call, response)
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let choosing = s.selectedVIN == nil
        return KeyBinding.select(when: choosing) + [
            .enter("select", "Select this vehicle (set pims.vehicle.vin).", when: choosing),
            .enter("activate", "Activate the car key (set pims.vehicle.carkey).", when: !choosing),
            KeyBinding(.letter("s"), "status", "Check the car key (get pims.vehicle.carkey).", .checkStatus, when: !choosing),
            KeyBinding(.letter("b"), ProximityPart.bluetooth.title, "Simulator: toggle Bluetooth.", .toggleProximity(.bluetooth), when: !choosing),
            KeyBinding(.letter("y"), ProximityPart.paired.title, "Simulator: toggle pairing.", .toggleProximity(.paired), when: !choosing),
            KeyBinding(.letter("k"), ProximityPart.keyInside.title, "Simulator: toggle the key inside.", .toggleProximity(.keyInside), when: !choosing),
            KeyBinding(.letter("c"), "vehicle", "Choose another vehicle.", .chooseVehicle, when: !choosing),
            .back(),
        ]
    }

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
