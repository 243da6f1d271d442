import PIMS

extension GuidedEnrollment {
    public enum Action: FeatureAction, AnswersCalls {
        case opened, submit, cancel
        case moveSelection(Int)
        /// Run the enrollment from step 1.
        case start
        /// The checklist's phone step: straight to 4·2, and back once the phone is registered.
        case registerPhoneOnly
        case chooseShortcut, chooseFull
        /// A new SMS code for the prompt on screen (the older one stops working, R7).
        case resendSMS
        /// Step A from a blocked enrollment (asks first).
        case removeAllEnrollments
        /// Start over at step 3 (after 2390, or when the user wants to).
        case restartFromStep3
        /// The answer of one of the flow's calls.
        case answered(Call, CallResponse)
    }

    /// What the flow tells the app.
    public enum Delegate: Hashable, Sendable {
        /// The device is enrolled; the words say how.
        case enrolled(String)
        /// The phone asked for alone (`registerPhoneOnly`) is registered.
        case phoneRegistered(String)
    }

    /// The flow's calls, by step.
    public enum Call: Hashable, Sendable, StepLabelled {
        case checkEnrollment, checkAccount, trustedPhone
        case shortcutSMS, shortcutEnroll
        case registerPhoneSMS, registerPhone
        case enrollmentSMS, checkCode, registerPIN, validatePIN
        case removeAll

        public var stepLabel: String {
            switch self {
            case .checkEnrollment: "Enrollment · step 1"
            case .checkAccount: "Enrollment · step 2"
            case .trustedPhone: "Enrollment · step 3"
            case .shortcutSMS, .shortcutEnroll: "Enrollment · step 4·1"
            case .registerPhoneSMS, .registerPhone: "Enrollment · step 4·2"
            case .enrollmentSMS: "Enrollment · step 5"
            case .checkCode: "Enrollment · step 6"
            case .registerPIN: "Enrollment · step 7"
            case .validatePIN: "Enrollment · step 8"
            case .removeAll: "Enrollment · step A"
            }
        }
    }
}
