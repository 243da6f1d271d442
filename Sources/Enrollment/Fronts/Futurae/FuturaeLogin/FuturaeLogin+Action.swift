import PIMS

extension FuturaeLogin {
    public enum Action: FeatureAction, AnswersCalls {
        case opened, submit, cancel
        case moveSelection(Int)
        /// A login pushed to this device (the `futurae.auth` event's data, at its simulated time).
        case pushed(JSONValue, at: String)
        /// The back office's sessions changed (an `authSession` event): read them again when shown.
        case backOfficeChanged(read: Bool)
        /// Read the back office's authentication sessions (the simulator panel opening).
        case readBackOffice
        /// The back office pushes a login for the session's user to this device (F10 `futurae.auth`).
        case pushLogin
        /// Open the newest push not opened yet (the app's key, on any screen).
        case openPush
        case answer(Answer)
        /// Unlock before answering: the SDK PIN, or the simulated biometric prompt.
        case usePIN, useBiometrics
        case biometric(BiometricOutcome)
        /// Let a minute of simulated time pass (the request expires after 120 s).
        case wait
        case reload
        case answered(Call, CallResponse)
        case controlAnswered(Control, SimAnswer)

        public var isAllowedWhileBusy: Bool {
            switch self {
            case .pushed, .backOfficeChanged: true
            default: false
            }
        }
    }

    public enum Delegate: Hashable, Sendable {
        /// Show the phone's login screen (a push opened from another screen).
        case show
        /// The SDK was unlocked here: the accounts screen and Home's lock panel say so.
        case unlocked(until: String)
    }

    public enum Control: Hashable, Sendable {
        /// The SDK's lock and the clock before the request list (`futurae.device`).
        case clock
        /// The lock read before an answer.
        case lock(Answer)
        case advance
        case backOffice
        case push
    }

    public enum Call: Hashable, Sendable, StepLabelled {
        case list, unlockPIN(Answer), unlockBiometrics(Answer), answer(Answer)

        public var stepLabel: String {
            switch self {
            case .list: "Futurae · login requests (F8)"
            case .unlockPIN: "Futurae · unlock to answer (SDK PIN)"
            case .unlockBiometrics: "Futurae · unlock to answer (biometrics)"
            case .answer(let a): "Futurae · \(a.title) the login (F9)"
            }
        }
    }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func futuraeLogin(_ action: FuturaeLogin.Action) -> Action { FuturaeLogin.message(action) }
}
