import Futurae
import PIMS

extension FuturaeLogin {
    /// A login the service pushed to this device (F8).
    public typealias Request = PushedLogin

    /// The phone's three answers (F9).
    public enum Answer: String, Hashable, Sendable, CaseIterable {
        case approve, reject, fraud

        public var title: String {
            switch self {
            case .approve: "approve"
            case .reject: "reject"
            case .fraud: "report fraud"
            }
        }
    }

    public enum Phase: Hashable, Sendable {
        /// The pending login requests.
        case inbox
        /// One request: approve, reject, report fraud.
        case request
        /// The SDK's lock read before answering (F9: unlock first where the lock type protects calls).
        case checkingLock(Answer)
        /// Locked: unlock by SDK PIN or biometrics, then the answer is sent.
        case unlock(Answer)
        case pin(Answer)
        case biometricPrompt(Answer)
        /// The answer was sent and taken (final, F9).
        case answered(Answer)
        /// Not answered in time (simulated clock): the service reads deny/timeout.
        case expired
        /// Refused (the session already answered, the device archived, …).
        case failed(CallError)

        public var isEnded: Bool {
            switch self {
            case .answered, .expired, .failed: true
            default: false
            }
        }

        /// The answer under way (the lock's prompts remember it).
        var pendingAnswer: Answer? {
            switch self {
            case .checkingLock(let a), .unlock(let a), .pin(let a), .biometricPrompt(let a): a
            default: nil
            }
        }
    }

    /// An authentication session as the back office lists it (`futurae.authentications`).
    public typealias BackOfficeLogin = Futurae.BackOfficeLogin

    public struct State: Hashable, Sendable {
        public var phase: Phase = .inbox
        /// The pending requests, oldest first.
        public var requests: [Request] = []
        public var selection = 0
        /// The request open on the phone.
        public var open: Request?
        /// The newest push not opened yet: the app offers to open it on every screen.
        public var unread: String?
        /// The simulated clock as last told (a push, the lock read, the clock advanced).
        public var now: String?
        public var pinForm = Form([.sdkPin])
        public var pinAttemptsLeft: Int?
        public var message: String?
        /// The back office's authentication sessions (the simulator panel's Futurae section).
        public var backOffice: [BackOfficeLogin] = []
        /// The back office's last push, in words.
        public var backOfficeMessage: String?
        /// `g` asked for the requests again: their answer says whether anything changed.
        public var rereading = false
        /// `w` moved the clock: said once the requests are read again.
        public var waited: String?

        public init() {}

        public var selected: Request? { requests.indices.contains(selection) ? requests[selection] : nil }

        /// The open request is waiting for the user.
        public var isDeciding: Bool { open != nil && !phase.isEnded && phase != .inbox }
    }
}
