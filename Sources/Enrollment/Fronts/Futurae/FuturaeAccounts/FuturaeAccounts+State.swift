import Futurae
import PIMS

extension FuturaeAccounts {
    /// What the front knows of the SDK's lock (F4, F5): from its own unlock and lock answers.
    public enum LockState: Hashable, Sendable {
        case unknown, locked
        case unlocked(until: String)
    }

    public enum Phase: Hashable, Sendable {
        case list
        /// The SDK PIN prompt of an unlock.
        case pin
        /// The simulated fingerprint or face prompt.
        case biometricPrompt
        /// Logout or delete of the selected account, asked first.
        case confirm(Task)
    }

    public enum Task: Hashable, Sendable {
        case logout(FuturaeAccount), delete(FuturaeAccount)
    }

    public struct State: Hashable, Sendable {
        public var phase: Phase = .list
        public var accounts: [FuturaeAccount] = []
        public var selection = 0
        public var lock: LockState = .unknown
        /// Too many wrong SDK PINs (F4) or any call answered 13 (F7).
        public var archived = false
        public var pinAttemptsLeft: Int?
        public var pinForm = Form([.sdkPin])
        public var message: String?
        /// `g` asked for the accounts again: their answer says whether anything changed.
        public var rereading = false

        public init() {}

        public var selected: FuturaeAccount? { accounts.indices.contains(selection) ? accounts[selection] : nil }
    }
}
