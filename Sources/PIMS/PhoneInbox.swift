import SimKernel

/// The user's simulated phone: the SMS codes the backend sent to one number (the simulator's
/// `inbox` control), and the simulated time they were read at.
public struct PhoneInbox: Hashable, Sendable {
    public struct Message: Hashable, Sendable {
        public var code: String
        public var purpose: String
        public var sentAt: String
        public var expiresAt: String
        /// As the backend's inbox reports them (R7): checked by a call that succeeded; its checks
        /// used up; a newer code of the same account and purpose sent since.
        public var consumed = false
        public var checksUsed = 0
        public var burnt = false
        public var replaced = false
    }

    /// What a code can still do, as the phone and the inbox show it.
    public enum CodeState: Hashable, Sendable {
        case live(secondsLeft: Int?)
        case consumed, burnt, replaced, expired

        /// "4:59 left", "consumed", …
        public var words: String {
            switch self {
            case .live(let left?): "\(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60) left"
            case .live(nil): "live"
            case .consumed: "✓ consumed"
            case .burnt: "✗ burnt"
            case .replaced: "replaced"
            case .expired: "✗ expired"
            }
        }

        public var isLive: Bool { if case .live = self { true } else { false } }
    }

    public var phone: String
    public var messages: [Message]
    /// The simulated clock when the inbox was read.
    public var now: String?

    public init(phone: String, messages: [Message] = [], now: String? = nil) {
        self.phone = phone
        self.messages = messages
        self.now = now
    }

    public init(phone: String, answer: SimAnswer) {
        self.phone = phone
        messages = (answer["messages"]?.arrayValue ?? []).compactMap { m in
            guard let code = m["code"]?.stringValue else { return nil }
            return Message(code: code, purpose: m["purpose"]?.stringValue ?? "", sentAt: m["sentAt"]?.stringValue ?? "",
                           expiresAt: m["expiresAt"]?.stringValue ?? "", consumed: m["consumed"]?.boolValue ?? false,
                           checksUsed: m["checksUsed"]?.intValue ?? 0, burnt: m["burnt"]?.boolValue ?? false,
                           replaced: m["replaced"]?.boolValue ?? false)
        }
        now = answer["now"]?.stringValue
    }

    /// The newest code sent for `purpose` (any purpose when nil): what autofill types.
    public func newest(for purpose: SMSPurpose?) -> Message? {
        messages.last { purpose == nil || $0.purpose == purpose!.rawValue }
    }

    /// The code's state, in R7's order: a consumed code answers 2305 before a burnt one, and an
    /// expired one 2306 only while it is the newest and has checks left.
    public func state(_ m: Message) -> CodeState {
        if m.consumed { return .consumed }
        if m.burnt { return .burnt }
        if m.replaced { return .replaced }
        let left = secondsLeft(m)
        if let left, left <= 0 { return .expired }
        return .live(secondsLeft: left)
    }

    /// Seconds of simulated time the message has left (negative once expired).
    public func secondsLeft(_ m: Message) -> Int? {
        guard let now, let n = SimTime(iso8601: now), let e = SimTime(iso8601: m.expiresAt) else { return nil }
        return e - n
    }
}
