import Card
import PIMS

/// The CA Strong Authentication calls the front makes (CARD-BEHAVIOUR §3), in the kernel's envelope
/// `{"type": "call", "name": "casa.…", "params": {…}}`.
public enum CardRequests {
    /// C2: the app opened from the push.
    public static func transaction(_ id: String) -> CallRequest { call(.getTransaction, ["transactionId": id]) }
    /// C4: the user taps NO.
    public static func cancel(_ id: String) -> CallRequest { call(.cancelTransaction, ["transactionId": id]) }
    /// C5: auto enrollment with the PIN.
    public static func verifyPIN(_ pin: String, _ t: CardTransaction) -> CallRequest {
        call(.verifyPIN, ["pin": pin, "transactionId": t.transactionId, "autoEnrollId": t.autoEnrollId])
    }
    /// C6: the simulated biometric prompt's outcome.
    public static func verifyBiometric(_ outcome: CardCall.BiometricOutcome, _ t: CardTransaction) -> CallRequest {
        call(.verifyPINUsingTouchID, ["transactionId": t.transactionId, "autoEnrollId": t.autoEnrollId, "outcome": outcome.rawValue])
    }
    /// C7: the new card's display name.
    public static func autoEnroll(displayName: String) -> CallRequest { call(.autoEnrollAccount, ["displayName": displayName]) }
    /// C8: the standard flow.
    public static func authenticate(_ pin: String, _ t: CardTransaction) -> CallRequest {
        call(.authenticateUsingUserPin, ["transactionId": t.transactionId, "pin": pin])
    }
    /// C9, C10.
    public static let accounts = call(.getAllEnrolledAccounts, [:])
    public static func delete(_ accountId: String) -> CallRequest { call(.deleteAccount, ["accountId": accountId]) }
    /// C11, C12: the standard activation of a first card.
    public static func activate(code: String, displayName: String) -> CallRequest {
        call(.verifyActivation, ["activationCode": code, "displayName": displayName])
    }
    public static func setPin(_ pin: String) -> CallRequest { call(.setPin, ["pin": pin]) }

    private static func call(_ api: CardAPI, _ params: [String: String]) -> CallRequest {
        CallRequest(.call, api.name, params.mapValues(JSONValue.string))
    }
}

/// A 3-D Secure purchase as the phone shows it: a push's fields, or `TransactionDetailsResponse`.
public struct CardTransaction: Hashable, Sendable {
    public var transactionId: String
    public var merchant: String
    /// `49.99 EUR`.
    public var amount: String
    public var card: String
    public var expiresAt: String
    /// `""`: the standard flow (C8).
    public var autoEnrollId: String
    public var types: [String]
    public var status: String
    /// As of the answer's simulated time.
    public var secondsLeft: Int?

    public init?(_ json: JSONValue?) {
        guard let json, let id = json["transactionId"]?.stringValue else { return nil }
        transactionId = id
        merchant = json["merchantName"]?.stringValue ?? "–"
        amount = json["displayAmount"]?.stringValue ?? "–"
        card = json["maskedCardNumber"]?.stringValue ?? "–"
        expiresAt = json["expiresAt"]?.stringValue ?? "–"
        autoEnrollId = json["autoEnrollId"]?.stringValue ?? ""
        types = json["authenticationTypes"]?.arrayValue?.compactMap(\.stringValue) ?? ["PIN"]
        status = json["transactionStatus"]?.stringValue ?? "pending"
        secondsLeft = json["secondsLeft"]?.intValue
    }

    /// Auto enrollment: the purchase sets the new card up on the phone (C5–C7).
    public var autoEnrolls: Bool { !autoEnrollId.isEmpty }
    public var offersBiometric: Bool { autoEnrolls && types.contains("BIOMETRIC") }

    /// Seconds left at `now` (ISO 8601, the simulated clock), from the expiry.
    public func secondsLeft(at now: String?) -> Int? {
        guard let now = now.flatMap(SimTime.init(iso8601:)), let end = SimTime(iso8601: expiresAt) else { return secondsLeft }
        return max(0, end - now)
    }

    /// `4:59 left`, or `expired`.
    public static func countdown(_ seconds: Int?) -> String {
        guard let s = seconds else { return "–" }
        guard s > 0 else { return "expired" }
        return "\(s / 60):\(s % 60 < 10 ? "0" : "")\(s % 60) left"
    }
}

/// A card under Display Accounts (C9).
public struct EnrolledCard: Hashable, Sendable {
    public var accountId: String
    public var displayName: String
    public var card: String
    public var expiry: String
    public var state: String

    public init?(_ json: JSONValue) {
        guard let id = json["accountId"]?.stringValue else { return nil }
        accountId = id
        displayName = json["displayName"]?.stringValue ?? "–"
        card = json["maskedCardNumber"]?.stringValue ?? "–"
        expiry = json["expiry"]?.stringValue ?? "–"
        state = json["state"]?.stringValue ?? "–"
    }

    static func list(_ result: JSONValue?) -> [EnrolledCard] {
        (result?["accounts"]?.arrayValue ?? []).compactMap(EnrolledCard.init)
    }
}

extension Notice {
    /// A card failure as the front shows it: the error code, its label, and what to do.
    public static func card(_ error: CallError) -> Notice {
        Notice(kind: .error, code: error.code.description, label: error.label, detail: error.detail,
               advice: CardError(error)?.whatToDo ?? "See the API log for the full answer.")
    }
}

