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
        guard let now, let n = ISOSeconds.parse(now), let e = ISOSeconds.parse(m.expiresAt) else { return nil }
        return e - n
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` to seconds since 1970, for the code lifetimes (the simulator's clock type
/// lives in a module this one must not import).
enum ISOSeconds {
    static func parse(_ text: String) -> Int? {
        let u = Array(text.utf8)
        guard u.count == 20 else { return nil }
        func num(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r {
                guard (48...57).contains(u[i]) else { return nil }
                v = v * 10 + Int(u[i] - 48)
            }
            return v
        }
        guard let y = num(0..<4), let m = num(5..<7), let d = num(8..<10), let hh = num(11..<13), let mm = num(14..<16),
            let ss = num(17..<19)
        else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm).
        let yy = m <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return days * 86_400 + hh * 3600 + mm * 60 + ss
    }
}

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
