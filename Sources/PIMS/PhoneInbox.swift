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

        /// Its fields' keys in the `inbox` answer.
        enum CodingKeys: String, CodingKey { case code, purpose, sentAt, expiresAt, consumed, checksUsed, burnt, replaced }
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

    /// The `inbox` control's answer (`PIMSSystem.control` writes it with `fields`).
    public init(phone: String, answer: SimAnswer) {
        typealias K = Message.CodingKeys
        self.phone = phone
        messages = (answer[Self.messagesKey]?.arrayValue ?? []).compactMap { m in
            guard let code = m[K.code]?.stringValue else { return nil }
            return Message(code: code, purpose: m[K.purpose]?.stringValue ?? "", sentAt: m[K.sentAt]?.stringValue ?? "",
                           expiresAt: m[K.expiresAt]?.stringValue ?? "", consumed: m[K.consumed]?.boolValue ?? false,
                           checksUsed: m[K.checksUsed]?.intValue ?? 0, burnt: m[K.burnt]?.boolValue ?? false,
                           replaced: m[K.replaced]?.boolValue ?? false)
        }
        now = answer.now
    }

    static let messagesKey = "messages"

    static func fields(_ messages: [Message], now: SimTime) -> [String: JSONValue] {
        typealias K = Message.CodingKeys
        let written: [JSONValue] = messages.map { m in
            [K.code.stringValue: .string(m.code), K.purpose.stringValue: .string(m.purpose), K.sentAt.stringValue: .string(m.sentAt),
             K.expiresAt.stringValue: .string(m.expiresAt), K.consumed.stringValue: .bool(m.consumed),
             K.checksUsed.stringValue: .int(m.checksUsed), K.burnt.stringValue: .bool(m.burnt), K.replaced.stringValue: .bool(m.replaced)]
        }
        return KernelAnswer.now(now).merging([messagesKey: .array(written)]) { kept, _ in kept }
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
