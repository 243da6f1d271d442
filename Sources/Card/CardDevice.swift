import SimKernel

/// The app on one phone (one session, §2): the cards set up on it, a card activated and waiting for
/// the first PIN (C11), and the push notifications it received. Whether biometrics are enabled is the
/// session's setting.
public struct CardDevice: Sendable, Hashable, Codable {
    public var session: String
    /// accountIds, in the order they were set up (Display Accounts, C9).
    public var accounts: [String]
    public var provisioning: Provisioning?
    /// Newest last, as the phone's notification list.
    public var pushes: [PushNotification]

    public init(session: String, accounts: [String] = [], provisioning: Provisioning? = nil, pushes: [PushNotification] = []) {
        self.session = session
        self.accounts = accounts
        self.provisioning = provisioning
        self.pushes = pushes
    }

    /// A fresh install: nothing to remember.
    public var isFresh: Bool { self == CardDevice(session: session) }

    /// Searched from the newest, as the phone's list is read.
    public func received(_ transactionId: String) -> Bool { pushes.lastIndex { $0.transactionId == transactionId } != nil }

    enum CodingKeys: String, CodingKey { case session, accounts, provisioning, pushes }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        session = try c.decode(String.self, forKey: .session)
        accounts = try c.decodeIfPresent([String].self, forKey: .accounts) ?? []
        provisioning = try c.decodeIfPresent(Provisioning.self, forKey: .provisioning)
        pushes = try c.decodeIfPresent([PushNotification].self, forKey: .pushes) ?? []
    }
}

/// A card activated on the device by its code, set up once the user chooses a PIN (C11 → C12).
public struct Provisioning: Sendable, Hashable, Codable {
    public var accountId: String
    public var displayName: DisplayName

    public init(accountId: String, displayName: DisplayName) {
        self.accountId = accountId
        self.displayName = displayName
    }
}

/// A push notification the phone received for a transaction (C1). What it shows (merchant, amount,
/// card) is the transaction's.
public struct PushNotification: Sendable, Hashable, Codable {
    public var transactionId: String
    public var sentAt: SimTime

    public init(transactionId: String, sentAt: SimTime) {
        self.transactionId = transactionId
        self.sentAt = sentAt
    }
}
