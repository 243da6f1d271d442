import SimKernel

/// A card on the issuer's server (§2): whose, its masked number and expiry, its name on the phone, its
/// state, and the active cards it is linked to (a replacement card's Linked Accounts).
public struct CardAccount: Sendable, Hashable, Codable {
    public var accountId: String
    public var userId: String
    public var maskedCardNumber: MaskedCardNumber
    public var expiry: CardExpiry
    /// Set when the card is set up on a phone (C7, C11, C12).
    public var displayName: DisplayName?
    public var state: CardState
    public var linkedAccounts: [String]
    /// An uploaded card linked to the user's cards has one (§2); it stays with the card once enrolled.
    public var autoEnrollId: AutoEnrollID?

    public init(accountId: String, userId: String, maskedCardNumber: MaskedCardNumber, expiry: CardExpiry, displayName: DisplayName? = nil,
                state: CardState, linkedAccounts: [String] = [], autoEnrollId: AutoEnrollID? = nil) {
        self.accountId = accountId
        self.userId = userId
        self.maskedCardNumber = maskedCardNumber
        self.expiry = expiry
        self.displayName = displayName
        self.state = state
        self.linkedAccounts = linkedAccounts
        self.autoEnrollId = autoEnrollId
    }

    enum CodingKeys: String, CodingKey { case accountId, userId, maskedCardNumber, expiry, displayName, state, linkedAccounts, autoEnrollId }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        accountId = try c.decode(String.self, forKey: .accountId)
        userId = try c.decode(String.self, forKey: .userId)
        maskedCardNumber = try c.decode(MaskedCardNumber.self, forKey: .maskedCardNumber)
        expiry = try c.decode(CardExpiry.self, forKey: .expiry)
        displayName = try c.decodeIfPresent(DisplayName.self, forKey: .displayName)
        state = try c.decode(CardState.self, forKey: .state)
        linkedAccounts = try c.decodeIfPresent([String].self, forKey: .linkedAccounts) ?? []
        autoEnrollId = try c.decodeIfPresent(AutoEnrollID.self, forKey: .autoEnrollId)
    }

    /// Whether this card, used in a purchase, is set up on the phone by it (the seed's Auto Enrollment).
    public var autoEnrolls: Bool { state == .uploaded && autoEnrollId != nil }

    /// One account as Display Accounts lists it (C9).
    public var json: JSONValue {
        [
            "accountId": .string(accountId),
            "displayName": displayName.map { .string($0.value) } ?? .null,
            "maskedCardNumber": .string(maskedCardNumber.shown),
            "expiry": .string(expiry.shown),
            "state": .string(state.rawValue),
        ]
    }
}

/// `uploaded`: an abridged record on the server, not yet used; `active`: set up on the app;
/// `inactive`: disabled by the issuer (§2).
public enum CardState: String, Sendable, Hashable, Codable, CaseIterable {
    case uploaded, active, inactive
}
