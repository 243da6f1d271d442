/// Something that happened in the simulated world, for the sessions it concerns.
public struct SimEvent: Sendable, Hashable {
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
        public static let smsDelivered = Kind(rawValue: "sms")      // data: {phone, purpose, code, sentAt, expiresAt}
        public static let accountChanged = Kind(rawValue: "account") // data: {username}
        public static let faultsChanged = Kind(rawValue: "faults")   // data: {count}
        public static let worldReloaded = Kind(rawValue: "world")    // data: {scenario}
    }
    public var id: Int          // increasing per backend (the SSE id)
    public var kind: Kind
    public var data: JSONValue
    public var at: SimTime
    public init(id: Int, kind: Kind, data: JSONValue, at: SimTime) { self.id = id; self.kind = kind; self.data = data; self.at = at }
}
