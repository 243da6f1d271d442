import Futurae
import PIMS

extension FuturaeEnrollment {
    public enum Action: FeatureAction, AnswersCalls {
        case opened, submit, cancel
        case moveSelection(Int)
        /// The phone scans the QR code the back office shows (one key).
        case scan
        /// A payload pasted onto the phone instead of scanned.
        case pastedPayload(String)
        /// Type what a QR code holds instead of scanning it (a code from elsewhere, or a malformed one).
        case typePayload
        /// Start another enrollment (the SDK PIN, once set, is kept).
        case startOver
        case answered(Call, CallResponse)
        /// After SDKLockError 3: the SDK PIN prompt, or the simulated biometric prompt and its outcome.
        case unlockWithPIN, unlockWithBiometrics
        /// The same enroll again as it is (the SDK unlocked elsewhere: the accounts screen, another terminal).
        case enrollAgain
        case biometric(BiometricOutcome)
        case activationCreated(SimAnswer)
        /// The back office's list of the service's activations (`futurae.activations`).
        case activationsRead(SimAnswer)
        /// An activation was created, used or found expired (an event): the back office reads them again.
        case backOfficeChanged

        public var isAllowedWhileBusy: Bool { false }
    }

    public enum Delegate: Hashable, Sendable {
        /// An account was added to this device.
        case enrolled(FuturaeAccount)
        /// Show the device's accounts.
        case showAccounts
    }

    /// The back office's control.
    public enum Control: Hashable, Sendable {
        case activation, activations
    }

    public enum Call: Hashable, Sendable, StepLabelled {
        case accounts, enroll, unlockPIN, unlockBiometrics
        /// F1: what kind of QR code a typed payload is, before it is enrolled.
        case qrCodeType

        public var stepLabel: String {
            switch self {
            case .qrCodeType: "Futurae · QR code type (F1)"
            case .accounts: "Futurae · accounts (SDK PIN set?)"
            case .enroll: "Futurae · enroll"
            case .unlockPIN: "Futurae · unlock (SDK PIN) to enroll"
            case .unlockBiometrics: "Futurae · unlock (biometrics) to enroll"
            }
        }
    }
}
