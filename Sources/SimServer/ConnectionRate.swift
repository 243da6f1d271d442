import Foundation
import HTTPTypes
import Hummingbird

/// New connections per client address, when asked for (`serve --connection-rate`; off by default):
/// a token bucket each (`ConnectionLimits.ratePerAddress` a second, four times that at once). Floods
/// are met by pressure without it (`ConnectionSlots`); this is for a server that wants a hard bound
/// per address besides. A connection over the rate is refused before it takes a slot: a complete
/// 429 with `Retry-After` once its request head has arrived (`ConnectionRefusal`). A trusted proxy's
/// connections are not counted here (they carry many clients): `TrustedProxy` counts its requests
/// per forwarded client instead.
final class ConnectionRate: Sendable {
    let perSecond: Int
    private let buckets: AddressRateLimiter
    private let trustedProxies: Set<String>

    /// Nil when `perSecond` is 0 (no limit).
    init?(perSecond: Int, trustedProxies: Set<String>, clock: WallClock = .system) {
        guard perSecond > 0 else { return nil }
        self.perSecond = perSecond
        buckets = AddressRateLimiter(burst: Self.burst(perSecond), perSecond: Double(perSecond), clock: clock)
        self.trustedProxies = trustedProxies
    }

    static func burst(_ perSecond: Int) -> Int { 4 * perSecond }

    /// The refusal of a new connection from `address`, or nil when it may come in.
    func refusal(of address: String) -> ConnectionSlots.Refusal? {
        guard !trustedProxies.contains(address) else { return nil }
        return refusal(client: address)
    }

    /// The same for a client a trusted proxy forwarded (one request: one of its connections).
    func refusal(client address: String) -> ConnectionSlots.Refusal? {
        guard let wait = buckets.take(address) else { return nil }
        return .init(message: "too many new connections from \(address): at most \(perSecond) a second (\(Self.burst(perSecond)) at once); "
                     + "keep a connection open and reuse it, or retry in \(wait) s", retryAfter: wait)
    }

    /// The same refusal as an HTTP error (behind a trusted proxy).
    static func tooMany(_ refusal: ConnectionSlots.Refusal) -> HTTPError {
        HTTPError(.tooManyRequests, headers: [.retryAfter: "\(refusal.retryAfter)"], message: refusal.message)
    }
}
