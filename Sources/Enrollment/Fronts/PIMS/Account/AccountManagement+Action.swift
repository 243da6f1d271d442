import PIMS

extension AccountManagement {
    public enum Action: FeatureAction, AnswersCalls {
        case opened, submit, cancel
        case moveSelection(Int)
        case startTask(Task)
        /// A new SMS code (B, D): the older one stops working.
        case resendSMS
        /// The answer of one of the tasks' calls.
        case answered(Call, CallResponse)
        /// A call of the flow asked for strong authentication and was not retried.
        case notRetried(Call)
    }

    /// What the tasks tell the app, for the other flows to follow.
    public enum Delegate: Hashable, Sendable {
        /// A: every device unenrolled and the PIN removed; the enrollment starts over.
        case enrollmentsRemoved
        /// E: this vehicle is no longer the account's.
        case vehicleRemoved(vin: String)
    }

    /// The tasks' calls.
    public enum Call: Hashable, Sendable, StepLabelled {
        case checkEnrolled, checkPhone
        case removeAll
        case resetSMS, resetPIN
        case updatePIN
        case modifySMS, modifyPhone
        case removeVehicle(vin: String)
        /// The simulator panel's logout of the SDK's session (R0b): its answer is only logged.
        case logout

        public var stepLabel: String {
            switch self {
            case .checkEnrolled: "Account · step 1 (precondition)"
            case .checkPhone: "Account · step 3 (precondition)"
            case .removeAll: "Account · A"
            case .resetSMS, .resetPIN: "Account · B"
            case .updatePIN: "Account · C"
            case .modifySMS, .modifyPhone: "Account · D"
            case .removeVehicle: "Account · E"
            case .logout: "Session · logout (simulator)"
            }
        }

        var isRemoveVehicle: Bool { if case .removeVehicle = self { true } else { false } }
    }
}
