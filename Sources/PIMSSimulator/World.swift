import PIMS

/// The whole simulated world, and the scenario file format: a scenario is a world at its start; an
/// export is a world at any moment (it adds the clock, counters, sessions and faults).
public struct World: Sendable, Hashable, Codable {
    public var name: String
    public var description: String
    public var startTime: SimTime
    public var seed: UInt64
    public var policy: Policy
    public var accounts: [Account]
    /// The default session's settings, and the account it starts logged in as (if any).
    public var session: DefaultSession

    // Written by export; a hand-written scenario leaves them out.
    public var clock: SimTime
    public var counters: Counters
    public var sessions: [SessionState]
    public var faults: [FaultRule]
    public var loginFailures: [LoginFailures]

    public struct DefaultSession: Sendable, Hashable, Codable {
        public var device: String
        public var platform: Platform
        public var sdk: SDKVersion
        public var variant: SpecVariant
        public var user: String?

        public init(device: String, platform: Platform = .ios, sdk: SDKVersion = .v2_3, variant: SpecVariant = .tutorial, user: String? = nil) {
            self.device = device
            self.platform = platform
            self.sdk = sdk
            self.variant = variant
            self.user = user
        }

        enum CodingKeys: String, CodingKey { case device, platform, sdk, variant, user }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            device = try c.decode(String.self, forKey: .device)
            platform = try c.decodeIfPresent(Platform.self, forKey: .platform) ?? .ios
            sdk = try c.decodeIfPresent(SDKVersion.self, forKey: .sdk) ?? .v2_3
            variant = try c.decodeIfPresent(SpecVariant.self, forKey: .variant) ?? .tutorial
            user = try c.decodeIfPresent(String.self, forKey: .user)
        }

        public var settings: SessionSettings { SessionSettings(device: device, platform: platform, sdk: sdk, variant: variant) }
    }

    /// Deterministic ids and codes: the next transaction number, the next stepsID, and the state of
    /// the two seeded generators (codes, and fault draws, kept apart so faults do not change codes).
    public struct Counters: Sendable, Hashable, Codable {
        public var transactions: Int
        public var stepsIDs: Int
        public var codes: UInt64
        public var faults: UInt64
    }

    /// Wrong passwords in a row for one username (R0a).
    public struct LoginFailures: Sendable, Hashable, Codable {
        public var username: String
        public var count: Int
        public var lastAt: SimTime
    }

    public init(name: String, description: String, startTime: SimTime, seed: UInt64, policy: Policy = Policy(), accounts: [Account], session: DefaultSession) {
        self.name = name
        self.description = description
        self.startTime = startTime
        self.seed = seed
        self.policy = policy
        self.accounts = accounts
        self.session = session
        clock = startTime
        counters = World.initialCounters(seed: seed)
        sessions = []
        faults = []
        loginFailures = []
        sessions = [SessionState(name: "default", settings: session.settings, user: session.user)]
    }

    static func initialCounters(seed: UInt64) -> Counters {
        Counters(transactions: 0, stepsIDs: 132_324, codes: seed, faults: seed ^ 0x5EED_FA17)
    }

    enum CodingKeys: String, CodingKey {
        case name, description, startTime, seed, policy, accounts, session, clock, counters, sessions, faults, loginFailures
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        startTime = try c.decode(SimTime.self, forKey: .startTime)
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? 1
        policy = try c.decodeIfPresent(Policy.self, forKey: .policy) ?? Policy()
        accounts = try c.decodeIfPresent([Account].self, forKey: .accounts) ?? []
        session = try c.decode(DefaultSession.self, forKey: .session)
        clock = try c.decodeIfPresent(SimTime.self, forKey: .clock) ?? startTime
        var initial = World.initialCounters(seed: seed)
        initial.stepsIDs = max(initial.stepsIDs, accounts.flatMap(\.stepsCaches).map(\.stepsID).max() ?? 0)
        counters = try c.decodeIfPresent(Counters.self, forKey: .counters) ?? initial
        sessions = try c.decodeIfPresent([SessionState].self, forKey: .sessions)
            ?? [SessionState(name: "default", settings: session.settings, user: session.user)]
        faults = try c.decodeIfPresent([FaultRule].self, forKey: .faults) ?? []
        loginFailures = try c.decodeIfPresent([LoginFailures].self, forKey: .loginFailures) ?? []
    }

    // MARK: look-ups

    public func accountIndex(_ username: String) -> Int? { accounts.firstIndex { $0.username == username } }
    public func account(_ username: String) -> Account? { accountIndex(username).map { accounts[$0] } }
    public func sessionIndex(_ name: String) -> Int? { sessions.firstIndex { $0.name == name } }
}

/// One SDK instance on one device (§2), and what it has open.
public struct SessionState: Sendable, Hashable, Codable {
    public var name: String
    public var settings: SessionSettings
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

    public init(name: String, settings: SessionSettings, user: String? = nil) {
        self.name = name
        self.settings = settings
        self.user = user
    }

    mutating func closeWindows() {
        enrollmentWindow = nil
        strongAuthUntil = nil
    }
}
