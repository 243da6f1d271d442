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

/// `YYYY-MM-DDTHH:MM:SSZ` to seconds since 1970, for the code lifetimes (the simulator's clock type
/// lives in a module this one must not import).
extension AppState {
    /// What kind of SMS the prompt on screen waits for (autofill and the phone pane pick by it).
    public var expectedSMSPurpose: SMSPurpose? {
        switch (route, guided.stage, account.task) {
        case (.guided, .enterCode, _): .enrollment
        case (.guided, _, _): .phoneNumberCertification
        case (.account, _, .resetPIN): .resetPIN
        case (.account, _, _): .phoneNumberCertification
        default: nil
        }
    }

    /// The SMS the simulated phone shows beside a code prompt, with its remaining lifetime in
    /// simulated seconds (negative once expired); nil when no code prompt is on screen.
    public var smsOnPhone: (message: PhoneInbox.Message, secondsLeft: Int?)? {
        guard activeForm?.has(.smsCode) == true, let inbox = simulator.inbox,
              let m = inbox.newest(for: expectedSMSPurpose) else { return nil }
        return (m, inbox.secondsLeft(m))
    }
}
