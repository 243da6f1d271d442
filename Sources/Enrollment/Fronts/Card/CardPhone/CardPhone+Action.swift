import Card
import PIMS

extension CardPhone {
    public enum Action: FeatureAction, AnswersCalls {
        case opened, submit, cancel
        case moveSelection(Int)
        /// A push arrived (the event's data).
        case pushed(JSONValue)
        /// A transaction's status changed (the event's data): its notification shows it.
        case transactionChanged(JSONValue)
        /// Open the newest push not yet opened (the app's key, on any screen).
        case openPush
        /// Ask the bank for the purchase waiting for this phone, with no push (C2 without an id).
        case openPending
        /// YES and NO on the transaction screen.
        case yes, no
        /// With both enabled, the user chooses (C3).
        case usePIN, useBiometric
        case biometric(CardCall.BiometricOutcome)
        /// Let a minute of simulated time pass (the countdown).
        case wait
        case reload
        case answered(Call, CallResponse)
        case controlAnswered(Control, SimAnswer)

        public var isAllowedWhileBusy: Bool {
            if case .pushed = self { return true }
            if case .transactionChanged = self { return true }
            return false
        }
    }

    public enum Delegate: Hashable, Sendable {
        /// Show the phone (a push was opened from another screen).
        case show
    }

    public enum Control: Hashable, Sendable {
        /// `reread`: the notifications read again at the user's request (`g`), which says what changed.
        case pushes, reread, advance
    }

    public enum Call: Hashable, Sendable, StepLabelled {
        case open, refresh, types, cancel, verifyPIN, biometric, autoEnroll, authenticate

        public var stepLabel: String {
            switch self {
            case .open: "Card · open the push (C2)"
            case .refresh: "Card · the transaction again (C2)"
            case .types: "Card · PIN or biometric (C3)"
            case .cancel: "Card · NO (C4)"
            case .verifyPIN: "Card · verify the PIN (C5)"
            case .biometric: "Card · biometric prompt (C6)"
            case .autoEnroll: "Card · name the new card (C7)"
            case .authenticate: "Card · authenticate with the PIN (C8)"
            }
        }
    }
}
