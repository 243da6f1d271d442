import PIMS

extension VehicleFlow {
    public enum Action: FeatureAction, AnswersCalls {
        case opened, submit, cancel
        case moveSelection(Int)
        case send(VehicleCommand)
        /// Open a command's parameter form.
        case openForm(FormKind)
        case informations(RemoteInfoAction)
        /// Advance the simulated clock (a control): the steps due play as signals.
        case advance(seconds: Int)
        /// Read the simulator's view of the car again.
        case readTruth
        case chooseVehicle
        /// Unsubscribe from the signals and charge events (commands then answer 2365, R28 (5)), or
        /// subscribe again.
        case toggleSubscription
        /// Select this vehicle for remote use, subscribe, read its status (the checklist's way in).
        case start(vin: String)
        /// A `signal` or `vehicleEvent` event of this session (R43, R44, R37).
        case heard(SimEvent)
        case answered(Call, CallResponse)
        case controlAnswered(Control, SimAnswer)
        /// The simulator panel read or changed the car (F8's vehicle keys): the car row follows at once.
        case truthRead(VehicleTruth)

        public var isAllowedWhileBusy: Bool {
            switch self {
            case .heard, .controlAnswered, .truthRead, .moveSelection: true
            default: false
            }
        }
    }

    public typealias Delegate = Never

    public enum Call: Hashable, Sendable, StepLabelled {
        case select, subscribeSignal, subscribeEvents, unsubscribeSignal, unsubscribeEvents
        case informations(RemoteInfoAction)
        case command(VehicleCommand)

        public var stepLabel: String {
            switch self {
            case .select: "Vehicle · select VIN (remote)"
            case .subscribeSignal: "Vehicle · subscribe signal"
            case .subscribeEvents: "Vehicle · subscribe charge events"
            case .unsubscribeSignal: "Vehicle · unsubscribe signal"
            case .unsubscribeEvents: "Vehicle · unsubscribe charge events"
            case .informations(let a): "Vehicle · status \(a.rawValue)"
            case .command(let c): "Vehicle · \(c.title)"
            }
        }
    }

    public enum Control: Hashable, Sendable {
        /// The `vehicle` control, read only.
        case truth
        case advance
    }
}
