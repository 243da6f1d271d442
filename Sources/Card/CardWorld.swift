import SimKernel

/// CA Strong Authentication's part of the simulated world (§2): the issuer, its cardholders, cards,
/// activation codes and transactions (the server's side), and the app on each session (the phone's
/// side). Scenario files write it as their `casa:` section.
public struct CardWorld: Sendable, Hashable, Codable {
    /// Nil in a world that does not use the system; a `casa:` section always names its issuer.
    public var issuer: Issuer?
    public var cardholders: [Cardholder]
    public var cards: [CardAccount]
    public var activationCodes: [IssuedActivationCode]
    /// In the order they were made.
    public var transactions: [Transaction]
    /// The apps that have state, by session name (a session without one is a fresh install).
    public var devices: [CardDevice]

    public static let empty = CardWorld()

    public init(issuer: Issuer? = nil, cardholders: [Cardholder] = [], cards: [CardAccount] = [], activationCodes: [IssuedActivationCode] = [],
                transactions: [Transaction] = [], devices: [CardDevice] = []) {
        self.issuer = issuer
        self.cardholders = cardholders
        self.cards = cards
        self.activationCodes = activationCodes
        self.transactions = transactions
        self.devices = devices
    }

    enum CodingKeys: String, CodingKey { case issuer, cardholders, cards, activationCodes, transactions, devices }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Required: a section that named nothing would read as no section at all.
        issuer = try c.decode(Issuer.self, forKey: .issuer)
        cardholders = try c.decodeIfPresent([Cardholder].self, forKey: .cardholders) ?? []
        cards = try c.decodeIfPresent([CardAccount].self, forKey: .cards) ?? []
        activationCodes = try c.decodeIfPresent([IssuedActivationCode].self, forKey: .activationCodes) ?? []
        transactions = try c.decodeIfPresent([Transaction].self, forKey: .transactions) ?? []
        devices = try c.decodeIfPresent([CardDevice].self, forKey: .devices) ?? []
    }

    // MARK: look-ups

    public func cardholderIndex(_ userId: String) -> Int? { cardholders.firstIndex { $0.userId == userId } }
    public func cardholder(_ userId: String) -> Cardholder? { cardholderIndex(userId).map { cardholders[$0] } }
    public func cardIndex(_ accountId: String) -> Int? { cards.firstIndex { $0.accountId == accountId } }
    public func card(_ accountId: String) -> CardAccount? { cardIndex(accountId).map { cards[$0] } }
    /// Searched from the newest: the transactions a phone answers are the recent ones.
    public func transactionIndex(_ id: String) -> Int? { transactions.lastIndex { $0.transactionId == id } }
    public func transaction(_ id: String) -> Transaction? { transactionIndex(id).map { transactions[$0] } }
    public func device(session: String) -> CardDevice? { devices.first { $0.session == session } }

    /// The sessions whose app holds a card of `userId`, in any state: where a purchase's push goes (C1).
    public func devices(of userId: String) -> [CardDevice] {
        devices.filter { d in d.accounts.contains { card($0)?.userId == userId } }
    }
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
