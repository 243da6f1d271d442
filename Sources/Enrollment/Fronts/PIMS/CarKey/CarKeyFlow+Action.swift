import PIMS

extension CarKeyFlow {
    public enum Action: FeatureAction, AnswersCalls {
        case opened, submit, cancel
        case moveSelection(Int)
        /// Start over on this vehicle (the checklist's car key step).
        case select(vin: String?)
        case checkStatus
        /// The simulator's proximity, which the activation checks.
        case toggleProximity(ProximityPart)
        case chooseVehicle
        case answered(Call, CallResponse)
    }

    public enum Delegate: Hashable, Sendable {
        /// The car key is active (found so, or just activated); the words say which.
        case keyActive(String)
        /// Toggle a proximity requirement in the simulator.
        case toggleProximity(ProximityPart)
    }

    public enum Call: Hashable, Sendable, StepLabelled {
        case select, status, activate

        public var stepLabel: String {
            switch self {
            case .select: "Car key · select VIN"
            case .status: "Car key · status"
            case .activate: "Car key · activate"
            }
        }
    }
}
