import SimKernel

/// One SDK instance (one session) as the SDK and the server know it (§2): its SDK PIN, wrong PINs in
/// a row, until when it is unlocked, whether it is archived, an enroll in flight, and the accounts
/// enrolled on it. Its configuration (lock type, biometrics, binding, unlock duration) is the
/// session's settings; its device id is the session's `device`.
public struct FuturaeDevice: Sendable, Hashable, Codable {
    public var session: String
    public var sdkPin: SDKPIN?
    public var pinFailures: Int
    /// Unlocked while the clock is before this; nil: locked.
    public var unlockedUntil: SimTime?
    public var archived: Bool
    /// An enroll delayed by a latency fault is in flight until then on the simulated clock (F2.2).
    public var enrollInFlightUntil: SimTime?
    /// In enrollment order (F3).
    public var accounts: [EnrolledAccount]

    public init(session: String, sdkPin: SDKPIN? = nil, pinFailures: Int = 0, unlockedUntil: SimTime? = nil, archived: Bool = false,
                enrollInFlightUntil: SimTime? = nil, accounts: [EnrolledAccount] = []) {
        self.session = session
        self.sdkPin = sdkPin
        self.pinFailures = pinFailures
        self.unlockedUntil = unlockedUntil
        self.archived = archived
        self.enrollInFlightUntil = enrollInFlightUntil
        self.accounts = accounts
    }

    /// A fresh install: nothing to remember.
    public var isFresh: Bool { self == FuturaeDevice(session: session) }

    public func isUnlocked(at now: SimTime) -> Bool { unlockedUntil.map { now < $0 } ?? false }
    public func account(_ userId: String) -> EnrolledAccount? { accounts.first { $0.userId == userId } }

    enum CodingKeys: String, CodingKey { case session, sdkPin, pinFailures, unlockedUntil, archived, enrollInFlightUntil, accounts }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        session = try c.decode(String.self, forKey: .session)
        sdkPin = try c.decodeIfPresent(SDKPIN.self, forKey: .sdkPin)
        pinFailures = try c.decodeIfPresent(Int.self, forKey: .pinFailures) ?? 0
        unlockedUntil = try c.decodeIfPresent(SimTime.self, forKey: .unlockedUntil)
        archived = try c.decodeIfPresent(Bool.self, forKey: .archived) ?? false
        enrollInFlightUntil = try c.decodeIfPresent(SimTime.self, forKey: .enrollInFlightUntil)
        accounts = try c.decodeIfPresent([EnrolledAccount].self, forKey: .accounts) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(session, forKey: .session)
        try c.encodeIfPresent(sdkPin, forKey: .sdkPin)
        try c.encode(pinFailures, forKey: .pinFailures)
        try c.encodeIfPresent(unlockedUntil, forKey: .unlockedUntil)
        try c.encode(archived, forKey: .archived)
        try c.encodeIfPresent(enrollInFlightUntil, forKey: .enrollInFlightUntil)
        try c.encode(accounts, forKey: .accounts)
    }
}

/// An account on a device: whose, and since when. The rest of `FTRAccount` is read from the user,
/// the service and the device.
public struct EnrolledAccount: Sendable, Hashable, Codable {
    public var userId: String
    public var enrolledAt: SimTime

    public init(userId: String, enrolledAt: SimTime) {
        self.userId = userId
        self.enrolledAt = enrolledAt
    }
}
