import SimKernel

/// PIMS's part of the simulated world (§2): the accounts, the policy, what each session has open,
/// and the counters its rules hand out.
public struct PIMSWorld: Sendable, Hashable {
    public var policy: Policy
    /// Found by username, and by phone (`Account.Tag`), in constant time.
    public var accounts: KeyedList<Account>
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
        self.accounts = KeyedList(accounts)
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

    /// Opened by a successful R10: the code it checked, until when, and for which account.
    public struct EnrollmentWindow: Sendable, Hashable, Codable {
        public var username: String
        public var code: String
        public var until: SimTime
    }

    public init(user: String? = nil) { self.user = user }

    public var isEmpty: Bool { self == PIMSSession() }

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
