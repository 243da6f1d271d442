import SimKernel

/// PIMS's `account` event: the account whose sessions it reaches changed; `session` names the
/// session whose call changed it, when a call did (a control or the clock names none).
public struct AccountChange: Hashable, Sendable {
    public var username: String
    public var session: String?

    static let usernameKey = "username", sessionKey = "session"

    public init(_ username: String, by session: String? = nil) {
        self.username = username
        self.session = session
    }

    /// The event's data.
    public var data: JSONValue {
        var o: [String: JSONValue] = [Self.usernameKey: .string(username)]
        if let session { o[Self.sessionKey] = .string(session) }
        return .object(o)
    }

    /// Nil unless `event` is an `account` event naming its account.
    public init?(_ event: SimEvent) {
        guard event.kind == .accountChanged, let username = event.data[Self.usernameKey]?.stringValue else { return nil }
        self.init(username, by: event.data[Self.sessionKey]?.stringValue)
    }
}

extension SMSMessage {
    /// The number an `sms` event's code went to (its data is `eventData`).
    public static func phone(of event: SimEvent) -> String? { event.data[CodingKeys.phone]?.stringValue }
}
