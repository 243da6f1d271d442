extension AccountManagement {
    /// The five tasks, by the letters the documents give them.
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
            case .resetPIN: "Needs an active enrollment on the account (step 1). Sends a resetPIN SMS, then sets the new PIN; the guided enrollment's step 8 takes it."
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
}
