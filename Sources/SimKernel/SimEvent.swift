/// Something that happened in the simulated world, for the sessions it concerns: what a phone or an
/// app would learn without asking (an SMS, a push notification), and what a tester's panels must
/// refresh for (an account changed by another terminal, faults, a reloaded world).
public struct SimEvent: Sendable, Hashable {
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
        /// data: {phone, purpose, code, sentAt, expiresAt}
        public static let smsDelivered = Kind(rawValue: "sms")
        /// data: {username, session?}: the session whose call changed it (absent for a control)
        public static let accountChanged = Kind(rawValue: "account")
        /// data: {count}
        public static let faultsChanged = Kind(rawValue: "faults")
        /// data: {scenario}
        public static let worldReloaded = Kind(rawValue: "world")
        /// A push notification to a phone (CA Strong Authentication's 3-D Secure purchase), data:
        /// {transactionId, merchantName, amount, currency, currencyExponent, displayAmount,
        /// maskedCardNumber, sentAt, expiresAt, transactionStatus}
        public static let push = Kind(rawValue: "push")
    }

    /// Increasing per backend (the server-sent event's `id`, which a reconnect resumes after).
    public var id: Int
    public var kind: Kind
    public var data: JSONValue
    /// Simulated time when it happened.
    public var at: SimTime
    /// The sessions it is for; nil: every session.
    public var sessions: [String]?
    /// Also for the back office, whatever session it reads (the tester in process, a stream the
    /// admin opened), beside `sessions`: what the service's side sees and a device must not.
    public var backOffice: Bool

    public init(id: Int, kind: Kind, data: JSONValue, at: SimTime, sessions: [String]? = nil, backOffice: Bool = false) {
        self.id = id
        self.kind = kind
        self.data = data
        self.at = at
        self.sessions = sessions
        self.backOffice = backOffice
    }

    /// Whether a reader of `session` gets it; `asBackOffice`: the reader is the back office.
    public func concerns(_ session: String, asBackOffice: Bool = true) -> Bool {
        (backOffice && asBackOffice) || (sessions?.contains(session) ?? true)
    }

    /// One event as a JSON object (a server-sent event's `data`, a walk's line).
    public var json: JSONValue {
        var o: [String: JSONValue] = ["id": .int(id), "kind": .string(kind.rawValue), "data": data, "at": .string(at.iso8601)]
        if let sessions { o["sessions"] = .array(sessions.map(JSONValue.string)) }
        if backOffice { o["backOffice"] = true }
        return .object(o)
    }

    public init?(json: JSONValue) {
        guard let id = json["id"]?.intValue, let kind = json["kind"]?.stringValue,
              let at = json["at"]?.stringValue.flatMap(SimTime.init(iso8601:))
        else { return nil }
        let sessions = json["sessions"]?.arrayValue?.compactMap(\.stringValue)
        self.init(id: id, kind: Kind(rawValue: kind), data: json["data"] ?? .null, at: at, sessions: sessions,
                  backOffice: json["backOffice"]?.boolValue ?? false)
    }
}

/// An event a step of the world produced, before it is numbered and published.
public struct PendingEvent: Sendable, Hashable {
    public var kind: SimEvent.Kind
    public var data: JSONValue
    public var sessions: [String]?
    /// Also for the back office (`SimEvent.backOffice`).
    public var backOffice: Bool
    /// When it happened, if not at the step's time (a step `advance` played on its way).
    public var at: SimTime?

    public init(_ kind: SimEvent.Kind, _ data: JSONValue, sessions: [String]? = nil, backOffice: Bool = false, at: SimTime? = nil) {
        self.kind = kind
        self.data = data
        self.sessions = sessions
        self.backOffice = backOffice
        self.at = at
    }

    public func numbered(_ id: Int, at now: SimTime) -> SimEvent {
        SimEvent(id: id, kind: kind, data: data, at: at ?? now, sessions: sessions, backOffice: backOffice)
    }
}
