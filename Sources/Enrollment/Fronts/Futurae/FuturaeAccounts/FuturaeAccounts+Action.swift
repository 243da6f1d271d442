import PIMS

extension FuturaeAccounts {
    public enum Action: FeatureAction, AnswersCalls {
        case opened, submit, cancel
        case moveSelection(Int)
        case refresh, lock, askPIN, askBiometrics
        case biometric(BiometricOutcome)
        case logout, delete
        case enrollAnother
        case answered(Call, CallResponse)
        /// Read the SDK instance's lock as the app knows it without a call (`futurae.device`).
        case readDevice
        case deviceRead(SimAnswer)
    }

    public enum Delegate: Hashable, Sendable {
        /// Enroll another account.
        case enroll
    }

    public enum Call: Hashable, Sendable, StepLabelled {
        case accounts, lock, unlockPIN, unlockBiometrics, logout, delete

        public var stepLabel: String {
            switch self {
            case .accounts: "Futurae · accounts"
            case .lock: "Futurae · lock"
            case .unlockPIN: "Futurae · unlock (SDK PIN)"
            case .unlockBiometrics: "Futurae · unlock (biometrics)"
            case .logout: "Futurae · logout account"
            case .delete: "Futurae · delete account"
            }
        }
    }
}
