import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// New connections per client address: a token bucket each (`ConnectionLimits.ratePerAddress` a
/// second, four times that at once: a client that opens its pool at start, 64 connections for the
/// benchmarks' wrk, is not refused). Without it one script reconnecting as fast as it can keeps the
/// kernel's accept queue full of its own connections, and everyone else waits behind them. A
/// connection over the rate is refused before any HTTP handling: the first of each second a raw
/// 429 with `Retry-After` (a client learns why), the others closed at once (an answer costs the
/// server a task and a write each, and the script reconnects as fast as it is refused). A trusted
/// proxy's connections are not counted here (they carry many clients): `TrustedProxy` counts its
/// requests per forwarded client instead.
final class ConnectionRate: Sendable {
    let perSecond: Int
    private let buckets: AddressRateLimiter
    private let trustedProxies: Set<String>
    private let clock: WallClock
    /// When each refused address was last answered 429.
    private let answered = Mutex<[String: Date]>([:])

    /// Nil when `perSecond` is 0 (no limit).
    init?(perSecond: Int, trustedProxies: Set<String>, clock: WallClock = .system) {
        guard perSecond > 0 else { return nil }
        self.perSecond = perSecond
        buckets = AddressRateLimiter(burst: Self.burst(perSecond), perSecond: Double(perSecond), clock: clock)
        self.trustedProxies = trustedProxies
        self.clock = clock
    }

    /// Whether a connection refused now from `address` gets the 429 (the first of the second) or is
    /// closed unanswered.
    func answers(_ address: String) -> Bool {
        let now = clock.now()
        return answered.withLock { answered in
            if let last = answered[address], now.timeIntervalSince(last) < 1 { return false }
            if answered.count > 10_000 { answered = answered.filter { now.timeIntervalSince($0.value) < 1 } }
            answered[address] = now
            return true
        }
    }

    static func burst(_ perSecond: Int) -> Int { 4 * perSecond }

    /// The refusal's text for a new connection from `address`, or nil when it may come in.
    func refusal(of address: String) -> (message: String, retryAfter: Int)? {
        guard !trustedProxies.contains(address) else { return nil }
        return refusal(client: address)
    }

    /// The same for a client a trusted proxy forwarded (one request: one of its connections).
    func refusal(client address: String) -> (message: String, retryAfter: Int)? {
        guard let wait = buckets.take(address) else { return nil }
        return ("too many new connections from \(address): at most \(perSecond) a second (\(Self.burst(perSecond)) at once); "
                + "keep a connection open and reuse it, or retry in \(wait) s", wait)
    }

    /// A connection closed unanswered.
    struct Refused: Error {}

    /// The same refusal as an HTTP error (behind a trusted proxy).
    static func tooMany(_ refusal: (message: String, retryAfter: Int)) -> HTTPError {
        HTTPError(.tooManyRequests, headers: [.retryAfter: "\(refusal.retryAfter)"], message: refusal.message)
    }
}

/// First and only handler of a refused connection: writes the 429 as bytes, ends its side, drops
/// whatever the client sends, and closes once the client does (or after `linger`): closing with the
/// client's request unread would reset the connection and could lose the answer.
final class ConnectionRefusal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let linger = TimeAmount.seconds(1)
    private let answer: ByteBuffer
    private var answered = false

    init(message: String, retryAfter: Int) {
        answer = RequestDeadline.rawAnswer("429 Too Many Requests", error: message, headers: ["retry-after: \(retryAfter)"])
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { respond(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        respond(context)
        context.fireChannelActive()
    }

    private func respond(_ context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(answer)).whenComplete { _ in channel.close(mode: .output, promise: nil) }
        context.eventLoop.scheduleTask(in: Self.linger) { channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { context.close(promise: nil) }
    }
}
