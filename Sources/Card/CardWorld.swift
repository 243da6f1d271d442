import SimKernel

/// CA Strong Authentication's part of the simulated world (§2): the issuer, its cardholders, cards,
/// activation codes and transactions (the server's side), and the app on each session (the phone's
/// side). Scenario files write it as their `casa:` section.
public struct CardWorld: Sendable, Hashable, Codable {
    /// Nil in a world that does not use the system; a `casa:` section always names its issuer.
    public var issuer: Issuer?
    // Keyed lists: found by key in constant time, and stored row by row by the team server, so that
    // a purchase costs the same after thousands of them.
    /// By userId.
    public var cardholders: KeyedList<Cardholder>
    /// By accountId.
    public var cards: KeyedList<CardAccount>
    public var activationCodes: KeyedList<IssuedActivationCode>
    /// In the order they were made, by transactionId.
    public var transactions: KeyedList<Transaction>
    /// The apps that have state, by session name (a session without one is a fresh install).
    public var devices: KeyedList<CardDevice>

    public static let empty = CardWorld()

    public init(issuer: Issuer? = nil, cardholders: [Cardholder] = [], cards: [CardAccount] = [], activationCodes: [IssuedActivationCode] = [],
                transactions: [Transaction] = [], devices: [CardDevice] = []) {
        self.issuer = issuer
        self.cardholders = KeyedList(cardholders)
        self.cards = KeyedList(cards)
        self.activationCodes = KeyedList(activationCodes)
        self.transactions = KeyedList(transactions)
        self.devices = KeyedList(devices)
    }

    enum CodingKeys: String, CodingKey { case issuer, cardholders, cards, activationCodes, transactions, devices }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Required: a section that named nothing would read as no section at all.
        issuer = try c.decode(Issuer.self, forKey: .issuer)
        cardholders = try c.decodeIfPresent(KeyedList<Cardholder>.self, forKey: .cardholders) ?? []
        cards = try c.decodeIfPresent(KeyedList<CardAccount>.self, forKey: .cards) ?? []
        activationCodes = try c.decodeIfPresent(KeyedList<IssuedActivationCode>.self, forKey: .activationCodes) ?? []
        transactions = try c.decodeIfPresent(KeyedList<Transaction>.self, forKey: .transactions) ?? []
        devices = try c.decodeIfPresent(KeyedList<CardDevice>.self, forKey: .devices) ?? []
    }

    // MARK: look-ups

    public func cardholderIndex(_ userId: String) -> Int? { cardholders.index(of: userId) }
    public func cardholder(_ userId: String) -> Cardholder? { cardholders[key: userId] }
    public func cardIndex(_ accountId: String) -> Int? { cards.index(of: accountId) }
    public func card(_ accountId: String) -> CardAccount? { cards[key: accountId] }
    public func transactionIndex(_ id: String) -> Int? { transactions.index(of: id) }
    public func transaction(_ id: String) -> Transaction? { transactions[key: id] }
    public func device(session: String) -> CardDevice? { devices[key: session] }

    /// The sessions whose app holds a card of `userId`, in any state: where a purchase's push goes (C1).
    public func devices(of userId: String) -> [CardDevice] {
        devices.filter { d in d.accounts.contains { card($0)?.userId == userId } }
    }
}

extension Cardholder: KeyedRow {
    public var rowKey: String { userId }
}

extension CardAccount: KeyedRow {
    public var rowKey: String { accountId }
}

/// A code may be issued again once used: the key finds the first, and the rules search the codes
/// themselves.
extension IssuedActivationCode: KeyedRow {
    public var rowKey: String { code.value }
}

/// Tagged with the session it was verified on, found when that session starts afresh (C7).
extension Transaction: KeyedRow {
    public var rowKey: String { transactionId }
    public var rowTags: [String] { verifiedOn.map { [$0] } ?? [] }
    public func hasRowTags(_ tags: [String]) -> Bool { tags.first == verifiedOn && tags.count <= 1 }
    public func isTagged(_ tag: String) -> Bool { verifiedOn == tag }
}

extension CardDevice: KeyedRow {
    public var rowKey: String { session }
}

/// The bank: its name, and whether its cardholders may authenticate by biometrics (the user PIN is
/// always allowed).
public struct Issuer: Sendable, Hashable, Codable {
    public var name: String
    public var biometricAllowed: Bool

    public init(name: String, biometricAllowed: Bool) {
        self.name = name
        self.biometricAllowed = biometricAllowed
    }

    enum CodingKeys: String, CodingKey { case name, biometricAllowed }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        biometricAllowed = try c.decodeIfPresent(Bool.self, forKey: .biometricAllowed) ?? false
    }
}

/// A cardholder (§2): the user PIN (one for all the user's cards, set at the first activation), the
/// wrong PINs in a row, and whether the PIN is locked.
public struct Cardholder: Sendable, Hashable, Codable {
    public var userId: String
    public var name: String
    public var pin: UserPIN?
    public var pinFailures: Int
    public var pinLocked: Bool

    public init(userId: String, name: String, pin: UserPIN? = nil, pinFailures: Int = 0, pinLocked: Bool = false) {
        self.userId = userId
        self.name = name
        self.pin = pin
        self.pinFailures = pinFailures
        self.pinLocked = pinLocked
    }

    enum CodingKeys: String, CodingKey { case userId, name, pin, pinFailures, pinLocked }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        userId = try c.decode(String.self, forKey: .userId)
        name = try c.decode(String.self, forKey: .name)
        pin = try c.decodeIfPresent(UserPIN.self, forKey: .pin)
        pinFailures = try c.decodeIfPresent(Int.self, forKey: .pinFailures) ?? 0
        pinLocked = try c.decodeIfPresent(Bool.self, forKey: .pinLocked) ?? false
    }
}
