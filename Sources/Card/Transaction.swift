import SimKernel

/// A 3-D Secure purchase waiting for the cardholder (§2), and what became of it.
public struct Transaction: Sendable, Hashable, Codable {
    public var transactionId: String
    /// The card used.
    public var accountId: String
    public var merchantName: String
    public var amount: Amount
    public var createdAt: SimTime
    public var expiresAt: SimTime
    /// The card's, when the purchase set it up on the phone (Auto Enrollment); nil: the standard flow.
    public var autoEnrollId: AutoEnrollID?
    public var status: TransactionStatus
    /// The session whose user proved themselves for it (C5, C6), waiting for `autoEnrollAccount` (C7).
    public var verifiedOn: String?

    public init(transactionId: String, accountId: String, merchantName: String, amount: Amount, createdAt: SimTime, expiresAt: SimTime,
                autoEnrollId: AutoEnrollID? = nil, status: TransactionStatus = .pending, verifiedOn: String? = nil) {
        self.transactionId = transactionId
        self.accountId = accountId
        self.merchantName = merchantName
        self.amount = amount
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.autoEnrollId = autoEnrollId
        self.status = status
        self.verifiedOn = verifiedOn
    }

    /// A seeded id: 16 uppercase hexadecimal characters (decision).
    static func newID(_ codes: inout SeededGenerator) -> String { codes.hex(16).uppercased() }

    /// At `expiresAt` it is over.
    public func isExpired(at now: SimTime) -> Bool { now >= expiresAt }

    /// The status as the server sees it at `now`: a pending one past its expiry is `expired` before
    /// any call finds it so (C2 then writes it).
    public func status(at now: SimTime) -> TransactionStatus { status == .pending && isExpired(at: now) ? .expired : status }

    // The amount is written flat, as the SDK's TransactionDetailsResponse has it; the exponent is the
    // currency's, so a file cannot contradict it.
    enum CodingKeys: String, CodingKey {
        case transactionId, accountId, merchantName, amount, currency, createdAt, expiresAt, autoEnrollId, status, verifiedOn
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        transactionId = try c.decode(String.self, forKey: .transactionId)
        accountId = try c.decode(String.self, forKey: .accountId)
        merchantName = try c.decode(String.self, forKey: .merchantName)
        let code = try c.decode(String.self, forKey: .currency)
        guard let currency = Currency(code) else {
            throw DecodingError.dataCorruptedError(forKey: .currency, in: c, debugDescription: "\"\(code)\" is not \(Currency.form)")
        }
        let minor = try c.decode(Int.self, forKey: .amount)
        guard let amount = Amount(minorUnits: minor, currency: currency) else {
            throw DecodingError.dataCorruptedError(forKey: .amount, in: c,
                                                   debugDescription: "the amount is whole minor units from 1 to \(CardPolicy.largestAmount)")
        }
        self.amount = amount
        createdAt = try c.decode(SimTime.self, forKey: .createdAt)
        expiresAt = try c.decode(SimTime.self, forKey: .expiresAt)
        autoEnrollId = try c.decodeIfPresent(AutoEnrollID.self, forKey: .autoEnrollId)
        status = try c.decodeIfPresent(TransactionStatus.self, forKey: .status) ?? .pending
        verifiedOn = try c.decodeIfPresent(String.self, forKey: .verifiedOn)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(transactionId, forKey: .transactionId)
        try c.encode(accountId, forKey: .accountId)
        try c.encode(merchantName, forKey: .merchantName)
        try c.encode(amount.minorUnits, forKey: .amount)
        try c.encode(amount.currency.code, forKey: .currency)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(expiresAt, forKey: .expiresAt)
        try c.encodeIfPresent(autoEnrollId, forKey: .autoEnrollId)
        try c.encode(status, forKey: .status)
        try c.encodeIfPresent(verifiedOn, forKey: .verifiedOn)
    }
}

/// `pending` until the user answers; then 3-D Secure's `Y` (approved), `N` (declined: PIN attempts
/// exhausted), `R` (rejected: the user said no), or `U` (expired) (§2).
public enum TransactionStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case pending, approved, declined, rejected, expired

    /// 3-D Secure's `transStatus`, once decided.
    public var transStatus: String? {
        switch self {
        case .pending: nil
        case .approved: "Y"
        case .declined: "N"
        case .rejected: "R"
        case .expired: "U"
        }
    }
}
