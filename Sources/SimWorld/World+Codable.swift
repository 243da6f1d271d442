import PIMS
import SimKernel

/// The scenario format. PIMS's keys (`policy`, `accounts`, `loginFailures`, the sessions' login state,
/// `counters.stepsIDs`) stay at the top level where scenario files have always had them; systems
/// added later take a section of their own.
extension World: Codable {
    enum CodingKeys: String, CodingKey {
        case name, description, startTime, seed, policy, accounts, session, clock, counters, sessions, faults, loginFailures, bookmarks
    }

    private enum CounterKeys: String, CodingKey { case transactions, stepsIDs, codes, faults }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        startTime = try c.decode(SimTime.self, forKey: .startTime)
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? 1
        let policy = try c.decodeIfPresent(Policy.self, forKey: .policy) ?? Policy()
        let accounts = try c.decodeIfPresent([Account].self, forKey: .accounts) ?? []
        session = try c.decode(DefaultSession.self, forKey: .session)
        clock = try c.decodeIfPresent(SimTime.self, forKey: .clock) ?? startTime
        var pims = PIMSWorld(policy: policy, accounts: accounts,
                             loginFailures: try c.decodeIfPresent([LoginFailures].self, forKey: .loginFailures) ?? [])
        if c.contains(.counters) {
            let k = try c.nestedContainer(keyedBy: CounterKeys.self, forKey: .counters)
            counters = Counters(transactions: try k.decode(Int.self, forKey: .transactions), codes: try k.decode(UInt64.self, forKey: .codes),
                                faults: try k.decode(UInt64.self, forKey: .faults))
            pims.stepsIDs = try k.decode(Int.self, forKey: .stepsIDs)
        } else {
            counters = World.initialCounters(seed: seed)
        }
        if let entries = try c.decodeIfPresent([SessionEntry].self, forKey: .sessions) {
            sessions = KeyedList(entries.map { Session(name: $0.name, settings: World.completed($0.settings)) })
            for entry in entries where !entry.pims.isEmpty { pims.sessions[entry.name] = entry.pims }
        } else {
            sessions = [Session(name: "default", settings: session.settings)]
            if let user = session.user { pims.sessions["default"] = PIMSSession(user: user) }
        }
        faults = try c.decodeIfPresent([FaultRule].self, forKey: .faults) ?? []
        bookmarks = KeyedList(try c.decodeIfPresent([Bookmark].self, forKey: .bookmarks) ?? [])
        pims.settleReported(at: startTime)
        self.pims = pims
        let sections = try decoder.container(keyedBy: AnyCodingKey.self)
        for system in World.systems { try system.section?.decode(sections, &self) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(description, forKey: .description)
        try c.encode(startTime, forKey: .startTime)
        try c.encode(seed, forKey: .seed)
        try c.encode(pims.policy, forKey: .policy)
        try c.encode(pims.accounts, forKey: .accounts)
        try c.encode(session, forKey: .session)
        try c.encode(clock, forKey: .clock)
        var k = c.nestedContainer(keyedBy: CounterKeys.self, forKey: .counters)
        try k.encode(counters.transactions, forKey: .transactions)
        try k.encode(pims.stepsIDs, forKey: .stepsIDs)
        try k.encode(counters.codes, forKey: .codes)
        try k.encode(counters.faults, forKey: .faults)
        try c.encode(sessions.map { SessionEntry(name: $0.name, settings: $0.settings, pims: pims.sessions[$0.name] ?? PIMSSession()) },
                     forKey: .sessions)
        try c.encode(faults, forKey: .faults)
        try c.encode(pims.loginFailures, forKey: .loginFailures)
        // Only when some are kept: a world without bookmarks exports as it always has.
        if !bookmarks.isEmpty { try c.encode(Array(bookmarks), forKey: .bookmarks) }
        var sections = encoder.container(keyedBy: AnyCodingKey.self)
        for system in World.systems { try system.section?.encode(self, &sections) }
    }
}

/// One entry of `sessions:`: the kernel's name and settings with PIMS's login state beside them.
struct SessionEntry: Codable, Hashable, Sendable {
    var name: String
    var settings: SessionSettings
    var pims: PIMSSession

    enum CodingKeys: String, CodingKey { case name, settings }

    init(name: String, settings: SessionSettings, pims: PIMSSession) {
        self.name = name
        self.settings = settings
        self.pims = pims
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        settings = try c.decode(SessionSettings.self, forKey: .settings)
        pims = try PIMSSession(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(settings, forKey: .settings)
        try pims.encode(to: encoder)
    }
}

extension World.DefaultSession: Codable {
    private enum UserKey: String, CodingKey { case user }

    public init(from decoder: any Decoder) throws {
        var settings = try SessionSettings(from: decoder)
        settings.options["user"] = nil
        self.settings = World.completed(settings)
        user = try decoder.container(keyedBy: UserKey.self).decodeIfPresent(String.self, forKey: .user)
    }

    public func encode(to encoder: any Encoder) throws {
        try settings.encode(to: encoder)
        var c = encoder.container(keyedBy: UserKey.self)
        try c.encodeIfPresent(user, forKey: .user)
    }
}
