import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// How many event streams may be open at once: per bearer token, per client address, and in all.
/// A stream holds its connection for as long as it is open (heartbeats keep it alive), so without
/// these one device token opening 512 streams takes every connection slot.
public struct StreamQuotaLimits: Sendable {
    /// Streams per bearer token (a device session's; the admin's streams count against no quota).
    public var perToken: Int
    /// Streams per client address.
    public var perAddress: Int

    public init(perToken: Int = 8, perAddress: Int = 32) {
        self.perToken = max(1, perToken)
        self.perAddress = max(1, perAddress)
    }
}

/// The streams open now, counted per key; a stream's slot is given back once, when its response
/// ends or its connection closes, whichever comes first.
final class StreamQuota: Sendable {
    let limits: StreamQuotaLimits
    /// Streams in all: half the connection slots, so that calls always find room.
    let total: Int
    private let counts = Mutex<(tokens: [String: Int], addresses: [String: Int], all: Int)>(([:], [:], 0))

    /// How long a refused client is told to wait: streams last, so soon is pointless.
    static let retryAfter = 30

    init(limits: StreamQuotaLimits, total: Int) {
        self.limits = limits
        self.total = max(1, total)
    }

    /// Takes a slot for a stream of `token` (a digest, or a session watched by the admin) from
    /// `address`, or throws 429 with `Retry-After`.
    func take(token: String, address: String, on channel: any Channel) throws -> StreamSlot {
        let refusal: String? = counts.withLock { c in
            if c.tokens[token, default: 0] >= limits.perToken { return "this token already has \(limits.perToken) event streams open" }
            if c.addresses[address, default: 0] >= limits.perAddress { return "\(address) already has \(limits.perAddress) event streams open" }
            if c.all >= total { return "the server already holds its maximum of \(total) event streams" }
            c.tokens[token, default: 0] += 1
            c.addresses[address, default: 0] += 1
            c.all += 1
            return nil
        }
        if let refusal {
            throw HTTPError(.tooManyRequests, headers: [.retryAfter: "\(Self.retryAfter)"],
                            message: "\(refusal); close one, or retry in \(Self.retryAfter) s")
        }
        let slot = StreamSlot { [self] in self.give(token: token, address: address) }
        channel.closeFuture.whenComplete { _ in slot.release() }
        return slot
    }

    private func give(token: String, address: String) {
        counts.withLock { c in
            c.tokens[token] = c.tokens[token].flatMap { $0 > 1 ? $0 - 1 : nil }
            c.addresses[address] = c.addresses[address].flatMap { $0 > 1 ? $0 - 1 : nil }
            c.all -= 1
        }
    }

    /// Streams open now (tests).
    var open: Int { counts.withLock { $0.all } }
}

/// One stream's place in the quota, given back exactly once.
final class StreamSlot: Sendable {
    private let giveBack: Mutex<(@Sendable () -> Void)?>

    init(_ giveBack: @escaping @Sendable () -> Void) { self.giveBack = Mutex(giveBack) }

    func release() {
        let give = giveBack.withLock { g in
            defer { g = nil }
            return g
        }
        give?()
    }
}
