import SimKernel

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
        typealias K = Key
        guard let json, let id = json[K.transactionId]?.stringValue else { return nil }
        transactionId = id
        merchant = json[K.merchantName]?.stringValue ?? "–"
        amount = json[K.displayAmount]?.stringValue ?? "–"
        card = json[K.maskedCardNumber]?.stringValue ?? "–"
        expiresAt = json[K.expiresAt]?.stringValue ?? "–"
        autoEnrollId = json[K.autoEnrollId]?.stringValue ?? ""
        types = json[K.authenticationTypes]?.arrayValue?.compactMap(\.stringValue) ?? ["PIN"]
        status = json[K.transactionStatus]?.stringValue ?? TransactionStatus.pending.rawValue
        secondsLeft = json[K.secondsLeft]?.intValue
    }

    /// The keys of a push and of `TransactionDetailsResponse` (`CardWorld.notice`, `CardStep.details`
    /// write them).
    enum Key {
        static let transactionId = "transactionId", merchantName = "merchantName", displayAmount = "displayAmount"
        static let maskedCardNumber = "maskedCardNumber", expiresAt = "expiresAt", transactionStatus = "transactionStatus"
        static let autoEnrollId = "autoEnrollId", authenticationTypes = "authenticationTypes", secondsLeft = "secondsLeft"
        static let sentAt = "sentAt"
    }

    /// When a push was sent (the `push` event's `sentAt`).
    public static func sentAt(_ data: JSONValue) -> String? { data[Key.sentAt]?.stringValue }

    /// The phone's notifications (`casa.pushes`).
    public static func pushes(_ answer: SimAnswer) -> [CardTransaction] {
        (answer["pushes"]?.arrayValue ?? []).compactMap(CardTransaction.init)
    }

    /// The status as the rules write it; nil for one this build does not know.
    public var knownStatus: TransactionStatus? { TransactionStatus(rawValue: status) }

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

    /// C9's `accounts`.
    public static func list(_ result: JSONValue?) -> [EnrolledCard] {
        (result?["accounts"]?.arrayValue ?? []).compactMap(EnrolledCard.init)
    }

    /// The card an answer names (C7, C11, C12: `account`).
    public static func named(in result: JSONValue?) -> EnrolledCard? { result?["account"].flatMap(EnrolledCard.init) }
}

/// The issuer's side of the card world (`casa.issuer`): its cards and the activation
/// codes it sent that are still pending, as the Shop & issuer screen and the activation form show them.
public struct CardIssuerView: Hashable, Sendable {
    public struct Card: Hashable, Sendable {
        public var maskedCardNumber: String
        public var state: String
        public var userId: String
        public var autoEnrolls: Bool
    }

    public struct PendingCode: Hashable, Sendable {
        public var code: String
        public var maskedCardNumber: String
        public var expiresAt: String
    }

    public var cards: [Card] = []
    public var pendingCodes: [PendingCode] = []

    public init() {}

    /// `casa.issuer`'s answer.
    public init(_ answer: SimAnswer) {
        cards = (answer["cards"]?.arrayValue ?? []).map {
            Card(maskedCardNumber: $0["maskedCardNumber"]?.stringValue ?? "", state: $0["state"]?.stringValue ?? "",
                 userId: $0["userId"]?.stringValue ?? "", autoEnrolls: $0["autoEnrolls"]?.boolValue ?? false)
        }
        pendingCodes = (answer["activationCodes"]?.arrayValue ?? []).map {
            PendingCode(code: $0["code"]?.stringValue ?? "", maskedCardNumber: $0["maskedCardNumber"]?.stringValue ?? "",
                        expiresAt: $0["expiresAt"]?.stringValue ?? "")
        }
    }

    /// The card a purchase is best made with.
    public var suggestedCard: String? {
        (cards.first { $0.autoEnrolls } ?? cards.first { $0.state == "active" } ?? cards.first)?.maskedCardNumber
    }
}

/// `casa.activationCode`'s answer: the code the issuer sent for a card.
public struct IssuedCode: Hashable, Sendable {
    public var maskedCardNumber: String?
    public var activationCode: String?
    public var expiresAt: String?

    public init(_ answer: SimAnswer) {
        maskedCardNumber = answer["maskedCardNumber"]?.stringValue
        activationCode = answer["activationCode"]?.stringValue
        expiresAt = answer["expiresAt"]?.stringValue
    }
}

/// `casa.card`'s answer: the card's new state at the issuer.
public struct IssuerCardChange: Hashable, Sendable {
    public var maskedCardNumber: String?
    public var state: String?

    public init(_ answer: SimAnswer) {
        maskedCardNumber = answer["account"]?["maskedCardNumber"]?.stringValue
        state = answer["account"]?["state"]?.stringValue
    }
}

/// `casa.purchase`'s answer: the purchase and the sessions its push reached.
public struct PurchasePushed: Hashable, Sendable {
    public var transaction: CardTransaction?
    public var pushedTo: [String]

    public init(_ answer: SimAnswer) {
        transaction = CardTransaction(answer["transaction"])
        pushedTo = answer["pushedTo"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}

/// The back office's answer to `casa.otherPhone`: the purchase as the other phone left it.
public struct PurchaseAnsweredElsewhere: Hashable, Sendable {
    public var transaction: CardTransaction?

    public init(_ answer: SimAnswer) { transaction = CardTransaction(answer["transaction"]) }
}

/// The back office's answer to `casa.withdraw`: the purchase the bank withdrew, and the phones it
/// was taken from.
public struct PurchaseWithdrawn: Hashable, Sendable {
    public var transaction: CardTransaction?
    public var removedFrom: [String]

    public init(_ answer: SimAnswer) {
        transaction = CardTransaction(answer["withdrawn"])
        removedFrom = answer["removedFrom"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}

/// What a failed or finished call's response object says beside the transaction and the card.
public enum CardResult {
    /// C5, C8: a wrong PIN's attempts left.
    public static func attemptsLeft(_ result: JSONValue?) -> Int? { result?["attemptsLeft"]?.intValue }
    /// C11: the card is provisioned and waits for its PIN (C12).
    public static func pinRequired(_ result: JSONValue?) -> Bool { result?["pinRequired"]?.boolValue == true }
    /// C3: the enabled authentication types (`PIN` at least).
    public static func enabledTypes(_ result: JSONValue?) -> [String] { result?["types"]?.arrayValue?.compactMap(\.stringValue) ?? ["PIN"] }
}
