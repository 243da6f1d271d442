import SimKernel

/// An `FTRAccount` as the front shows it.
public struct FuturaeAccount: Hashable, Sendable {
    public var userId: String
    public var username: String
    public var serviceName: String
    public var enrolledAt: String
    public var lockedOut: Bool

    public init?(_ json: JSONValue) {
        guard let userId = json["userId"]?.stringValue else { return nil }
        self.userId = userId
        username = json["username"]?.stringValue ?? userId
        serviceName = json["serviceName"]?.stringValue ?? "–"
        enrolledAt = json["enrolledAt"]?.stringValue ?? "–"
        lockedOut = json["lockedOut"]?.boolValue ?? false
    }

    /// F3's `accounts`.
    public static func list(_ result: JSONValue?) -> [FuturaeAccount] {
        (result?["accounts"]?.arrayValue ?? []).compactMap(FuturaeAccount.init)
    }

    /// The account F2 enrolled (`account`).
    public static func enrolled(_ result: JSONValue?) -> FuturaeAccount? { result?["account"].flatMap(FuturaeAccount.init) }
}

/// An activation as the service's back office shows it (`futurae.activation`'s and
/// `futurae.activations`' answers).
public struct BackOfficeActivation: Hashable, Sendable {
    public var username: String
    public var qrCode: String
    /// Digits only; the screens draw the groups.
    public var shortCode: String?
    public var bindingToken: String?
    public var expiresAt: String
    /// `pending`, `success` or `expired`, as of the answer's simulated time.
    public var status: String

    /// The activation a `futurae.activation` answer created.
    public init?(_ json: JSONValue?) {
        guard let a = json?["activation"] else { return nil }
        self.init(activation: a)
    }

    public init?(activation a: JSONValue) {
        guard let qr = a["qrCode"]?.stringValue else { return nil }
        username = a["username"]?.stringValue ?? a["userId"]?.stringValue ?? "–"
        qrCode = qr
        shortCode = a["shortCode"]?.stringValue?.filter(\.isASCIIDigit)
        bindingToken = a["bindingToken"]?.stringValue
        expiresAt = a["expiresAt"]?.stringValue ?? "–"
        status = a["status"]?.stringValue ?? "pending"
    }

    /// A `futurae.activations` answer's list, in the back office's order.
    public static func list(_ answer: SimAnswer) -> [BackOfficeActivation] {
        (answer["activations"]?.arrayValue ?? []).compactMap { BackOfficeActivation(activation: $0) }
    }

    public var isPending: Bool { status == "pending" }
}

/// A login the service pushed to this device (F8): `futurae.auth`'s data and `futurae.authSessions`' rows.
public struct PushedLogin: Hashable, Sendable {
    public var sessionId: String
    public var userId: String
    public var username: String
    public var serviceName: String
    public var expiresAt: String
    /// The login's context as the service sent it (`extraInfo`: key and value), if any.
    public var context: [Pair]

    public struct Pair: Hashable, Sendable {
        public var key: String
        public var value: String
    }

    public init?(_ json: JSONValue) {
        guard let id = json["sessionId"]?.stringValue else { return nil }
        sessionId = id
        userId = json["userId"]?.stringValue ?? "–"
        username = json["username"]?.stringValue ?? userId
        serviceName = json["serviceName"]?.stringValue ?? "The service"
        expiresAt = json["expiresAt"]?.stringValue ?? "–"
        context = (json["extraInfo"]?.arrayValue ?? []).compactMap { item in
            guard let key = item["key"]?.stringValue, let value = item["value"]?.stringValue else { return nil }
            return Pair(key: key, value: value)
        }
    }

    /// "Acme Bank: approve login as alice@example.com?"
    public var question: String { "\(serviceName): approve login as \(username)?" }

    /// Seconds left at `now` (both ISO 8601, simulated); nil when either is unknown.
    public func secondsLeft(at now: String?) -> Int? {
        guard let now = now.flatMap(SimTime.init(iso8601:)), let end = SimTime(iso8601: expiresAt) else { return nil }
        return max(0, end - now)
    }

    /// F8's `authSessions`.
    public static func list(_ result: JSONValue?) -> [PushedLogin] { (result?["authSessions"]?.arrayValue ?? []).compactMap(PushedLogin.init) }
}

/// An authentication session as the back office lists it (`futurae.authentications`).
public struct BackOfficeLogin: Hashable, Sendable {
    public var sessionId: String
    public var username: String
    public var deviceId: String
    public var expiresAt: String
    /// FA14's `result` (`waiting`, `allow`, `deny`) and `status` (`fraud`, `timeout`, …) as of the read.
    public var result: String
    public var status: String

    public init?(_ json: JSONValue) {
        guard let id = json["sessionId"]?.stringValue else { return nil }
        sessionId = id
        username = json["username"]?.stringValue ?? json["userId"]?.stringValue ?? "–"
        deviceId = json["deviceId"]?.stringValue ?? "–"
        expiresAt = json["expiresAt"]?.stringValue ?? "–"
        result = json["result"]?.stringValue ?? "waiting"
        status = json["status"]?.stringValue ?? result
    }
}

extension BackOfficeLogin {
    /// The back office's `futurae.authentications` answer.
    public static func list(_ answer: SimAnswer) -> [BackOfficeLogin] {
        (answer["authSessions"]?.arrayValue ?? []).compactMap(BackOfficeLogin.init)
    }
}

/// The back office's `futurae.auth` answer: the login it pushed and the sessions the push reached.
public struct AuthPushed: Hashable, Sendable {
    public var deviceId: String?
    public var pushedTo: [String]

    public init(_ answer: SimAnswer) {
        deviceId = answer["authSession"]?["deviceId"]?.stringValue
        pushedTo = (answer["pushedTo"]?.arrayValue ?? []).compactMap(\.stringValue)
    }
}

/// The SDK's lock as the `futurae.device` control reads it.
public struct SDKLockRead: Hashable, Sendable {
    public var locked: Bool
    /// When the unlock ends (simulated clock); nil when locked or never unlocked.
    public var unlockedUntil: String?
    public var archived: Bool

    public init(_ answer: SimAnswer) {
        locked = answer["locked"]?.boolValue == true
        unlockedUntil = answer["unlockedUntil"]?.stringValue
        archived = answer["archived"]?.boolValue == true
    }
}

/// What an unlock answers (F4): until when, and after a wrong SDK PIN the attempts left.
public enum UnlockResult {
    public static func unlockedUntil(_ result: JSONValue?) -> String? { result?["unlockedUntil"]?.stringValue }
    public static func pinAttemptsLeft(_ result: JSONValue?) -> Int? { result?["pinAttemptsLeft"]?.intValue }
}

extension QRCodeType {
    /// F1's answer read back (`{"qrCodeType": …}`); an unreadable one is `invalid`.
    public init(answer result: JSONValue?) {
        self = result?["qrCodeType"]?.stringValue.flatMap(QRCodeType.init(rawValue:)) ?? .invalid
    }
}
