import SimKernel

/// The system's simulator controls (§4): a purchase at the shop, the phone's notifications, the
/// issuer's back office (a new activation code, a card made inactive or active again).
public enum CardControl: Sendable, Hashable {
    /// `{"sim": "casa.purchase", "card": accountId|last4, "merchant", "amount": minor units, "currency"}` (C1)
    case purchase(card: String, merchant: String, amount: Amount)
    /// `{"sim": "casa.pushes", "session"?}` (default: the default session)
    case pushes(session: String)
    /// `{"sim": "casa.activationCode", "card"}`
    case activationCode(card: String)
    /// `{"sim": "casa.card", "card", "state": "inactive" | "active"}`
    case card(String, state: CardState)
    /// `{"sim": "casa.issuer"}`: the issuer's cards and the activation codes still pending (read only).
    case issuer
    /// `{"sim": "casa.otherPhone", "session"?, "transaction"?, "answer": "approve" | "reject"}`: another phone of
    /// the cardholder answers the purchase waiting on the session's phone (default: its newest pending push).
    case otherPhone(session: String, transaction: String?, answer: OtherPhoneAnswer)
    /// `{"sim": "casa.withdraw", "session"?, "transaction"?}`: the bank removes the purchase waiting from the
    /// server, and its pushes from the phones.
    case withdraw(session: String, transaction: String?)

    /// What the cardholder's other phone does with the purchase: YES and the PIN, or NO.
    public enum OtherPhoneAnswer: String, Sendable, Hashable, CaseIterable {
        case approve, reject
    }

    public static let kinds = ["casa.purchase", "casa.pushes", "casa.activationCode", "casa.card", "casa.issuer", "casa.otherPhone", "casa.withdraw"]

    /// The system's reading of a control, or nil when `kind` is not its.
    public init?(_ control: SimControl) throws(ControlError) {
        let f = control.read
        switch control.kind {
        case "casa.purchase":
            try control.refuseUnknownKeys(["card", "merchant", "amount", "currency"])
            let card = try f.string("card")
            let merchant = try f.string("merchant").trimmed
            guard (1...CardPolicy.longestMerchantName).contains(merchant.count) else {
                throw f.fail("\"merchant\" must be 1 to \(CardPolicy.longestMerchantName) characters")
            }
            let minor = try f.int("amount")
            let code = try f.string("currency")
            guard let currency = Currency(code) else { throw f.fail("\"currency\" must be \(Currency.form), not \"\(code)\"") }
            guard let amount = Amount(minorUnits: minor, currency: currency) else {
                throw f.fail("\"amount\" is whole minor units from 1 to \(CardPolicy.largestAmount) (4999 EUR is 49.99 EUR)")
            }
            self = .purchase(card: card, merchant: merchant, amount: amount)
        case "casa.pushes":
            try control.refuseUnknownKeys(["session"])
            self = .pushes(session: try f.optionalString("session") ?? "default")
        case "casa.activationCode":
            try control.refuseUnknownKeys(["card"])
            self = .activationCode(card: try f.string("card"))
        case "casa.card":
            try control.refuseUnknownKeys(["card", "state"])
            let written = try f.string("state")
            guard let state = CardState(rawValue: written), state != .uploaded else {
                throw f.fail("\"state\" must be inactive or active, not \"\(written)\"")
            }
            self = .card(try f.string("card"), state: state)
        case "casa.issuer":
            try control.refuseUnknownKeys([])
            self = .issuer
        case "casa.otherPhone":
            try control.refuseUnknownKeys(["session", "transaction", "answer"])
            let written = try f.string("answer")
            guard let answer = OtherPhoneAnswer(rawValue: written) else { throw f.fail("\"answer\" must be approve or reject, not \"\(written)\"") }
            self = .otherPhone(session: try f.optionalString("session") ?? "default", transaction: try f.optionalString("transaction"), answer: answer)
        case "casa.withdraw":
            try control.refuseUnknownKeys(["session", "transaction"])
            self = .withdraw(session: try f.optionalString("session") ?? "default", transaction: try f.optionalString("transaction"))
        default:
            return nil
        }
    }

    public var control: SimControl {
        switch self {
        case .purchase(let card, let merchant, let amount):
            SimControl("casa.purchase", ["card": .string(card), "merchant": .string(merchant), "amount": .int(amount.minorUnits),
                                         "currency": .string(amount.currency.code)])
        case .pushes(let session): SimControl("casa.pushes", ["session": .string(session)])
        case .activationCode(let card): SimControl("casa.activationCode", ["card": .string(card)])
        case .card(let card, let state): SimControl("casa.card", ["card": .string(card), "state": .string(state.rawValue)])
        case .issuer: SimControl("casa.issuer", [:])
        case .otherPhone(let session, let transaction, let answer):
            SimControl("casa.otherPhone", ["session": .string(session), "answer": .string(answer.rawValue)]
                .merging(transaction.map { ["transaction": .string($0)] } ?? [:]) { a, _ in a })
        case .withdraw(let session, let transaction):
            SimControl("casa.withdraw", ["session": .string(session)].merging(transaction.map { ["transaction": .string($0)] } ?? [:]) { a, _ in a })
        }
    }
}

extension SimControl {
    public static func casaPurchase(card: String, merchant: String, amount: Amount) -> SimControl {
        CardControl.purchase(card: card, merchant: merchant, amount: amount).control
    }
    public static func casaPushes(session: String = "default") -> SimControl { CardControl.pushes(session: session).control }
    public static func casaActivationCode(card: String) -> SimControl { CardControl.activationCode(card: card).control }
    public static func casaCard(_ card: String, state: CardState) -> SimControl { CardControl.card(card, state: state).control }
    public static let casaIssuer = CardControl.issuer.control
    public static func casaOtherPhone(_ answer: CardControl.OtherPhoneAnswer, session: String = "default", transaction: String? = nil) -> SimControl {
        CardControl.otherPhone(session: session, transaction: transaction, answer: answer).control
    }
    public static func casaWithdraw(session: String = "default", transaction: String? = nil) -> SimControl {
        CardControl.withdraw(session: session, transaction: transaction).control
    }
}
