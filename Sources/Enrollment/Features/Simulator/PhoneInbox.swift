import PIMS

/// The user's simulated phone: the SMS codes the backend sent to one number (the simulator's
/// `inbox` control), and the simulated time they were read at.
public struct PhoneInbox: Hashable, Sendable {
    public struct Message: Hashable, Sendable {
        public var code: String
        public var purpose: String
        public var sentAt: String
        public var expiresAt: String
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

    init(phone: String, answer: SimAnswer) {
        self.phone = phone
        messages = (answer["messages"]?.arrayValue ?? []).compactMap { m in
            guard let code = m["code"]?.stringValue else { return nil }
            return Message(code: code, purpose: m["purpose"]?.stringValue ?? "", sentAt: m["sentAt"]?.stringValue ?? "",
                           expiresAt: m["expiresAt"]?.stringValue ?? "")
        }
        now = answer["now"]?.stringValue
    }

    /// The newest code sent for `purpose` (any purpose when nil): what autofill types.
    public func newest(for purpose: SMSPurpose?) -> Message? {
        messages.last { purpose == nil || $0.purpose == purpose!.rawValue }
    }

    /// Seconds of simulated time the message has left (negative once expired).
    public func secondsLeft(_ m: Message) -> Int? {
        guard let now, let n = SimTime(iso8601: now), let e = SimTime(iso8601: m.expiresAt) else { return nil }
        return e - n
    }
}
