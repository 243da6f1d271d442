import Card
import Futurae
import PIMS
import SimKernel

/// The whole simulated world, and the scenario file format: a scenario is a world at its start; an
/// export is a world at any moment (it adds the clock, counters, sessions and faults). The kernel's
/// part (clock, counters, faults, sessions) sits beside one state per system.
public struct World: Sendable, Hashable {
    public var name: String
    public var description: String
    public var startTime: SimTime
    public var seed: UInt64
    /// The default session's settings, and the account it starts logged in as (if any).
    public var session: DefaultSession

    // Written by export; a hand-written scenario leaves them out.
    public var clock: SimTime
    public var counters: Counters
    /// Found by name in constant time (`sessions.index(of:)`).
    public var sessions: KeyedList<Session>
    public var faults: [FaultRule]
    /// Moments of the world kept by name (`bookmark`, `restore`), in the order they were first taken.
    public var bookmarks: KeyedList<Bookmark> = []

    // The built-in systems: one line each (and one in `World.builtinSystems`).
    public var pims: PIMSWorld
    public var futurae = FuturaeWorld.empty
    public var casa = CardWorld.empty
    /// Every other registered system's state, by its id (`RegisteredSystem(S.self)`).
    public var systemStates = StateBag()

    /// The default session: its settings (`device` and each system's options), and the PIMS account it
    /// starts logged in as.
    public struct DefaultSession: Sendable, Hashable {
        public var settings: SessionSettings
        public var user: String?

        public init(settings: SessionSettings, user: String? = nil) {
            self.settings = settings
            self.user = user
        }

        public init(device: String, platform: Platform = .ios, sdk: SDKVersion = .v2_3, variant: SpecVariant = .tutorial, user: String? = nil) {
            self.init(settings: SessionSettings(device: device, platform: platform, sdk: sdk, variant: variant), user: user)
        }

        public var device: String { settings.device }
        public var platform: Platform { settings.platform }
        public var sdk: SDKVersion { settings.sdk }
        public var variant: SpecVariant { settings.variant }
    }

    /// One SDK instance on one device, as the kernel knows it: its name and settings. Each system keeps
    /// its own state of the session under the same name.
    public struct Session: Sendable, Hashable, KeyedRow {
        public var name: String
        public var rowKey: String { name }
        public var settings: SessionSettings

        public init(name: String, settings: SessionSettings) {
            self.name = name
            self.settings = settings
        }
    }

    /// Deterministic ids and codes: the next transaction number, and the state of the two seeded
    /// generators (codes, and fault draws, kept apart so faults do not change codes).
    public struct Counters: Sendable, Hashable {
        public var transactions: Int
        public var codes: UInt64
        public var faults: UInt64
    }

    public init(name: String, description: String, startTime: SimTime, seed: UInt64, policy: Policy = Policy(), accounts: [Account],
                session: DefaultSession) {
        self.name = name
        self.description = description
        self.startTime = startTime
        self.seed = seed
        self.session = session
        clock = startTime
        counters = World.initialCounters(seed: seed)
        sessions = [Session(name: "default", settings: session.settings)]
        faults = []
        pims = PIMSWorld(policy: policy, accounts: accounts)
        pims.sessions["default"] = PIMSSession(user: session.user)
    }

    static func initialCounters(seed: UInt64) -> Counters {
        Counters(transactions: 0, codes: seed, faults: seed ^ 0x5EED_FA17)
    }

    // MARK: look-ups

    public func sessionIndex(_ name: String) -> Int? { sessions.index(of: name) }

    // PIMS's part, by the names tests and tools have always used.
    public var accounts: KeyedList<Account> {
        get { pims.accounts }
        set { pims.accounts = newValue }
    }
    public var policy: Policy {
        get { pims.policy }
        set { pims.policy = newValue }
    }
    public func accountIndex(_ username: String) -> Int? { pims.accountIndex(username) }
    public func account(_ username: String) -> Account? { pims.account(username) }
    public func inbox(_ phone: PhoneNumber) -> [SMSMessage] { pims.inbox(phone) }
}
