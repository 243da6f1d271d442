import PIMS

/// Account management A–E (seed 000) as state.
public struct AccountManagement: Hashable, Sendable {
    public enum Task: String, Hashable, Sendable, CaseIterable {
        case removeAll = "A", resetPIN = "B", updatePIN = "C", modifyPhone = "D", removeVehicle = "E"

        public var title: String {
            switch self {
            case .removeAll: "Remove all enrollments"
            case .resetPIN: "Reset PIN code"
            case .updatePIN: "Update PIN code"
            case .modifyPhone: "Modify phone number"
            case .removeVehicle: "Remove vehicle association"
            }
        }

        /// What the documents require before the task, said up front rather than learnt from a failure.
        public var precondition: String {
            switch self {
            case .removeAll: "Always allowed, even when blocked. Every device of the account is unenrolled and the PIN removed; the phone stays."
            case .resetPIN: "Needs an active enrollment on the account (step 1). Sends a resetPIN SMS, then sets the new PIN; enrollment continues at step 8."
            case .updatePIN: "Needs this device enrolled (step 1). A wrong current PIN counts as a PIN failure."
            case .modifyPhone: "Needs a trusted phone (step 3) and this device enrolled (step 1). The new number is certified by SMS."
            case .removeVehicle: "Needs strong authentication: a 2302 opens the OTP page, then the call is retried once."
            }
        }

        public var api: String {
            switch self {
            case .removeAll: "set pims.authentication.enrollment remove"
            case .resetPIN: "get pims.authentication.smscode resetPIN, then set pims.authentication.pincode reset"
            case .updatePIN: "set pims.authentication.pincode update"
            case .modifyPhone: "get pims.authentication.smscode phoneNumberCertification, then set pims.authentication.smscode modifyPhoneNumber"
            case .removeVehicle: "set pims.subscription.vehicle removeProperty"
            }
        }
    }

    public enum Stage: Hashable, Sendable {
        /// The menu of tasks.
        case menu
        /// The precondition checks of the task are running.
        case checking
        /// The task's form (or the VIN choice for E).
        case input
        /// B and D: the SMS was sent, the code is awaited.
        case code
        /// A and E: the user must confirm.
        case confirm
        /// The task succeeded.
        case done
    }

    public var task: Task?
    public var stage: Stage = .menu
    /// The menu selection (tasks), or the vehicle selection for E.
    public var selection = 0
    public var form = Form([])
    /// Whether the precondition was met, as the checks found it (nil: not checked).
    public var preconditionMet: Bool?
    /// What the checks found, in words ("this device is not enrolled: B needs an active enrollment").
    public var preconditionNote: String?
    /// The flow's own line: the outcome, or why it stopped.
    public var message: String?

    public init() {}
}
