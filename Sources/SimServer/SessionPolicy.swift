import Foundation
import Synchronization

/// The limits on device sessions (`POST /v1/sessions` with settings), which anyone who can reach
/// the server may open: without them a script fills the database and slows every write.
public struct SessionPolicy: Sendable {
    /// A device session not used for this long is closed (its token stops working, its session
    /// leaves the world). Measured on the wall clock: it is a resource of the server, not a thing
    /// of the simulated world, whose clock a control can move.
    public var idle: Duration
    /// At most this many device sessions at once. At the cap, the least recently used sessions
    /// that were never used since they opened, or are unused for `giveWayAfter`, close to make
    /// room (a twentieth of the cap at a time); only when every session was used more recently is
    /// a new one refused (429).
    public var cap: Int
    /// How long a device session that has been used must go unused before it may give way at the
    /// cap: an active user keeps theirs however many sessions a script opens.
    public var giveWayAfter: Duration
    /// New device sessions per client address and minute (a burst of as many, then a steady rate),
    /// counted only under pressure: once `rateFrom` device sessions are open.
    public var perMinute: Int
    /// How many device sessions must be open before `perMinute` applies: half the cap unless set.
    /// Below it no address is refused, so a script that opens a session per test (a curl loop, a
    /// conformance suite) is never turned away while the table has room; near the cap a flooding
    /// address is slowed before the give-way has to close other people's idle sessions.
    public var rateFrom: Int
    /// When set, opening a device session needs `Authorization: Bearer <token>` (or the admin token).
    public var token: String?

    public init(idle: Duration = .seconds(24 * 3600), cap: Int = 10_000, perMinute: Int = 600, rateFrom: Int? = nil,
                token: String? = nil, giveWayAfter: Duration = .seconds(60)) {
        self.idle = idle
        self.cap = cap
        self.giveWayAfter = giveWayAfter
        self.perMinute = perMinute
        self.rateFrom = rateFrom ?? cap / 2
        self.token = token
    }
}

/// The wall clock, injectable: tests move it instead of waiting a day.
public struct WallClock: Sendable {
    public let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) { self.now = now }

    public static let system = WallClock { Date() }
}

/// Token buckets per client address: `burst` tokens, refilled continuously at `perSecond`.
final class AddressRateLimiter: Sendable {
    let burst: Int
    let perSecond: Double
    private let clock: WallClock
    private let buckets = Mutex<[String: (tokens: Double, at: Date)]>([:])
    /// Beyond this many addresses, the full buckets (nothing to remember) are dropped.
    private static let remembered = 10_000

    init(burst: Int, perSecond: Double, clock: WallClock) {
        self.burst = max(1, burst)
        self.perSecond = perSecond
        self.clock = clock
    }

    /// A minute's worth at once, then a steady rate (new device sessions).
    convenience init(perMinute: Int, clock: WallClock) {
        self.init(burst: perMinute, perSecond: Double(perMinute) / 60, clock: clock)
    }

    /// Takes one token for `address`; nil if granted, else the seconds until one is available.
    func take(_ address: String) -> Int? {
        let now = clock.now()
        let capacity = Double(burst), rate = perSecond
        return buckets.withLock { buckets in
            var bucket = buckets[address] ?? (capacity, now)
            bucket.tokens = min(capacity, bucket.tokens + max(0, now.timeIntervalSince(bucket.at)) * rate)
            bucket.at = now
            defer {
                buckets[address] = bucket
                if buckets.count > Self.remembered {
                    buckets = buckets.filter { $0.value.tokens + max(0, now.timeIntervalSince($0.value.at)) * rate < capacity }
                }
            }
            guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up))) }
            bucket.tokens -= 1
            return nil
        }
    }
}
