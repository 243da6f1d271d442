import SimKernel

/// PIMS's part of the simulated world (§2): the accounts, the policy, what each session has open,
/// and the counters its rules hand out.
public struct PIMSWorld: Sendable, Hashable {
    public var policy: Policy
    /// Found by username, and by phone (`Account.Tag`), in constant time. Changed in place, the clock's
    /// queue follows through the steps that change a vehicle; replaced whole, the queue is built again.
    public var accounts: KeyedList<Account> {
        @inlinable _read { yield storedAccounts }
        set {
            storedAccounts = newValue
            dueQueue.invalidate()
        }
        @inlinable _modify { yield &storedAccounts }
    }
    @usableFromInline var storedAccounts: KeyedList<Account>
    /// The vehicles' next steps in time order (R31, R37): what `advance` plays.
    public internal(set) var dueQueue = DueQueue()
    /// Per session name: who is logged in and what is open. A session the kernel knows but that has
    /// no entry here is logged out with nothing open.
    public var sessions: SessionStates
    public var loginFailures: [LoginFailures]
    /// The last stepsID handed out (R19): ids stay unique even after caches are removed.
    public var stepsIDs: Int

    public static let firstStepsID = 132_324

    public init(policy: Policy = Policy(), accounts: [Account] = [], sessions: SessionStates = [:],
                loginFailures: [LoginFailures] = [], stepsIDs: Int? = nil) {
        self.policy = policy
        self.storedAccounts = KeyedList(accounts)
        self.sessions = sessions
        self.loginFailures = loginFailures
        self.stepsIDs = stepsIDs ?? max(Self.firstStepsID, accounts.flatMap(\.stepsCaches).map(\.stepsID).max() ?? 0)
    }

    public func accountIndex(_ username: String) -> Int? { accounts.index(of: username) }
    public func account(_ username: String) -> Account? { accounts[key: username] }
}

/// One SDK instance's PIMS state (§2): the logged-in account and the windows it has open.
public struct PIMSSession: Sendable, Hashable, Codable {
    public var user: String?
    public var enrollmentWindow: EnrollmentWindow?
    public var strongAuthUntil: SimTime?
    public var selectedVIN: VIN?
    /// The `pims.vehicle.signal` subscription (R27): its transactionId and the variant its signals
    /// are spelt in (a signal is built for sessions other than the caller's).
    public var signal: Subscription?
    /// The `pims.vehicle.event` subscription (R27) and its notification types.
    public var vehicleEvents: Subscription?
    /// The phone cache (R39): the newest status payload this session got, by VIN.
    public var phoneCache: [String: JSONValue] = [:]

    /// A subscription of the session (R27).
    public struct Subscription: Sendable, Hashable, Codable {
        public var transactionId: String
        public var variant: SpecVariant
        public var types: [String]

        public init(transactionId: String, variant: SpecVariant, types: [String] = []) {
            self.transactionId = transactionId
            self.variant = variant
            self.types = types
        }
    }

    /// Set in an encoder's or decoder's `userInfo` by the team server's store: subscriptions and
    /// phone caches are session state the store keeps across a restart, never a scenario's (R47).
    public static let storeKey = CodingUserInfoKey(rawValue: "enrollsim.pims.sessionStore")!

    enum CodingKeys: String, CodingKey {
        case user, enrollmentWindow, strongAuthUntil, selectedVIN, signal, vehicleEvents, phoneCache
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        user = try c.decodeIfPresent(String.self, forKey: .user)
        enrollmentWindow = try c.decodeIfPresent(EnrollmentWindow.self, forKey: .enrollmentWindow)
        strongAuthUntil = try c.decodeIfPresent(SimTime.self, forKey: .strongAuthUntil)
        selectedVIN = try c.decodeIfPresent(VIN.self, forKey: .selectedVIN)
        guard decoder.userInfo[Self.storeKey] as? Bool == true else { return }
        signal = try c.decodeIfPresent(Subscription.self, forKey: .signal)
        vehicleEvents = try c.decodeIfPresent(Subscription.self, forKey: .vehicleEvents)
        phoneCache = try c.decodeIfPresent([String: JSONValue].self, forKey: .phoneCache) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(user, forKey: .user)
        try c.encodeIfPresent(enrollmentWindow, forKey: .enrollmentWindow)
        try c.encodeIfPresent(strongAuthUntil, forKey: .strongAuthUntil)
        try c.encodeIfPresent(selectedVIN, forKey: .selectedVIN)
        guard encoder.userInfo[Self.storeKey] as? Bool == true else { return }
        try c.encodeIfPresent(signal, forKey: .signal)
        try c.encodeIfPresent(vehicleEvents, forKey: .vehicleEvents)
        if !phoneCache.isEmpty { try c.encode(phoneCache, forKey: .phoneCache) }
    }

    /// Opened by a successful R10: the code it checked, until when, and for which account.
    public struct EnrollmentWindow: Sendable, Hashable, Codable {
        public var username: String
        public var code: String
        public var until: SimTime
    }

    public init(user: String? = nil) { self.user = user }

    public var isEmpty: Bool { self == PIMSSession() }

    /// Logout ends the subscriptions and clears the phone cache (R27, R39: decisions).
    mutating func endRemote() {
        signal = nil
        vehicleEvents = nil
        phoneCache = [:]
    }

    mutating func closeWindows() {
        enrollmentWindow = nil
        strongAuthUntil = nil
    }
}

/// Wrong passwords in a row for one username (R0a).
public struct LoginFailures: Sendable, Hashable, Codable {
    public var username: String
    public var count: Int
    public var lastAt: SimTime

    public init(username: String, count: Int, lastAt: SimTime) {
        self.username = username
        self.count = count
        self.lastAt = lastAt
    }
}
