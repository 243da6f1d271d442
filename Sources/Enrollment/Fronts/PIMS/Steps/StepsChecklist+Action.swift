import PIMS

extension StepsChecklist {
    public enum Action: FeatureAction, AnswersCalls {
        case opened, submit, cancel
        case moveSelection(Int)
        /// List the steps again (by stepsID once known).
        case fetch
        /// List the steps by the vehicle's VIN (R21), the third way the API offers.
        case fetchByVIN
        case cycleFilter
        /// `pims.subscription.step`.
        case askNextStep
        /// `resetSteps: true`: forget the cached alreadyDone statuses (R19).
        case resetCache
        case chooseVehicle
        /// The flow a step started came back done: refresh the list.
        case resolved(String)
        /// The flow a step started was left: finishing it later no longer comes back.
        case flowLeft
        /// Every step is done: on to the vehicle's remote commands.
        case openVehicle
        case answered(Call, CallResponse)
    }

    public enum Delegate: Hashable, Sendable {
        /// Run the flow that does this step (for the vehicle chosen).
        case resolve(Need, vin: String?)
        /// Every step is done: open the Vehicle screen on this vehicle (issue 25).
        case openVehicle(vin: String)
    }

    public enum Call: Hashable, Sendable, StepLabelled {
        case fetch(reset: Bool), fetchByVIN, next

        public var stepLabel: String {
            switch self {
            case .fetch(let reset): reset ? "Steps · refresh (resetSteps)" : "Steps · list"
            case .fetchByVIN: "Steps · list by VIN"
            case .next: "Steps · next step"
            }
        }
    }
}
