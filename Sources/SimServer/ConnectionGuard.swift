import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import SimKernel

/// How long a connection may sit idle or take to send a request, and how many may be open: without
/// them, 500 half-open connections stay open forever.
public struct ConnectionLimits: Sendable {
    /// A keep-alive connection with no request in flight is closed after this long.
    public var idle: Duration
    /// A request's head and body must have arrived this long after its first byte, else 408 and the
    /// connection is closed (a slowloris client sends a byte now and then, forever).
    public var request: Duration
    /// Connection slots: once they run short, those held for nothing are taken back, and a new
    /// connection that cannot have one is answered 429 (`ConnectionSlots`).
    public var maxOpen: Int
    /// Once more than half the slots are held, an idle connection is closed after this long instead
    /// of `idle` (and answers end their connections: `ConnectionSlots`).
    public var pressureIdle: Duration
    /// New connections a second from one client address (four times as many at once); beyond, a
    /// 429 (`ConnectionRate`). 0, the default: no limit (floods are met by pressure: `ConnectionSlots`).
    public var ratePerAddress: Int

    public init(idle: Duration = .seconds(60), request: Duration = .seconds(10), maxOpen: Int = 512, pressureIdle: Duration = .seconds(5),
                ratePerAddress: Int = 0) {
        self.idle = idle
        self.request = request
        self.maxOpen = maxOpen
        self.pressureIdle = min(idle, pressureIdle)
        self.ratePerAddress = ratePerAddress
    }
}

/// Hummingbird's HTTP/1 channel with a request deadline in front of it (idle connections are
/// closed by `ConnectionSlots`).
struct DeadlineHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value
    let inner: HTTP1Channel
    let deadline: TimeAmount
    let slots: ConnectionSlots
    let target: RequestTargetRule
    /// Calls answered on the event loop, or nil (every request to the router).
    let calls: EventLoopCallSetup?

    init(responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionLimits, slots: ConnectionSlots, target: RequestTargetRule,
         calls: EventLoopCallSetup?) {
        deadline = .nanoseconds(Int64(limits.request / .nanoseconds(1)))
        self.slots = slots
        self.target = target
        self.calls = calls
        // No idle timeout of HTTP/1's own: it sees no request that `WireCalls` answers (the slots close idle connections).
        inner = HTTP1Channel(responder: responder, configuration: .init(
            additionalChannelHandlers: [RequestEndSignal(slots: slots), ResponseEndSignal(slots: slots)]))
    }

    var responder: HTTPChannelHandler.Responder { inner.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let deadline = deadline, slots = slots, target = target, calls = calls
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        if let refusal = slots.rate?.refusal(of: address) ?? slots.admit(channel, from: address) {
            logger.debug("connection refused", metadata: ["reason": .string(refusal.message)])
            // No HTTP handlers and no slot: the refusal answers alone (after TLS, when there is TLS).
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(ConnectionRefusal(refusal))
                return try Value(wrappingChannelSynchronously: channel)
            }
        }
        let timer = RequestDeadline(deadline: deadline, logger: logger, slots: slots)
        return channel.eventLoop.makeCompletedFuture {
            // Before the HTTP decoder, after whatever the transport put first (TLS's handler): it sees the
            // request's first plaintext byte, and its 408 or 400 goes out through TLS, never beside it.
            try channel.pipeline.syncOperations.addHandler(timer, position: .last)
        }.flatMap { inner.setup(channel: channel, logger: logger) }.flatMapThrowing { value in
            // Between the deadline and the decoder: the calls it answers are timed and pass no HTTP handler.
            if let calls { try channel.pipeline.syncOperations.addHandler(WireCalls(setup: calls, slots: slots), position: .after(timer)) }
            // Before the conversion to HTTP types, which keeps one Host and drops the target's authority.
            let codec = try channel.pipeline.syncOperations.handler(type: HTTP1ToHTTPServerCodec.self)
            try channel.pipeline.syncOperations.addHandler(RequestTargetGuard(rule: target), position: .before(codec))
            try channel.pipeline.syncOperations.addHandler(KeepAliveRule(), position: .before(codec))
            if let calls {
                // After the connection state handler, which then counts these requests too (graceful
                // shutdown), and before the async channel that feeds the router.
                let state = try channel.pipeline.syncOperations.handler(type: HTTPConnectionStateHandler.self)
                try channel.pipeline.syncOperations.addHandler(EventLoopCalls(setup: calls), position: .after(state))
            }
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }

    static func builder(_ limits: ConnectionLimits, slots: ConnectionSlots, target: RequestTargetRule, calls: EventLoopCallSetup?) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in DeadlineHTTP1Channel(responder: responder, limits: limits, slots: slots, target: target, calls: calls) }
    }
}

/// Sent down the pipeline (outbound) once a request's last part is decoded.
struct RequestFullyRead {}

/// Sent down the pipeline (outbound) by `WireCalls`: bytes held behind an answer not yet given are
/// not timed (`held`: the decoder would have read them whole); a request left partial once the
/// answers before it are given is timed from now (`begun`), unless it already is.
enum RequestTiming { case held, begun }

/// After the HTTP decoder: tells the slots that a request is in flight (its head), and
/// `RequestDeadline` that the request it timed has arrived whole (its end).
final class RequestEndSignal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    let slots: ConnectionSlots

    init(slots: ConnectionSlots) { self.slots = slots }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: slots.began(context.channel)
        case .end: context.triggerUserOutboundEvent(RequestFullyRead(), promise: nil)
        case .body: break
        }
        context.fireChannelRead(data)
    }
}

/// Bytes on the wire: starts a deadline at a request's first byte, cancels it once the request is
/// read; at the deadline, answers 408 (unless an answer has begun) and closes the connection.
final class RequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let deadline: TimeAmount
    private let logger: Logger
    private let slots: ConnectionSlots
    /// One timer at a time, not one per request: the requests of a keep-alive connection mostly
    /// arrive whole long before it fires, and it fires to find the request it was set for read (then
    /// it is set again only by the next request) or another one begun since (then it is set for that
    /// one's deadline). Scheduling and cancelling a timer per request cost a few percent of a read.
    private var timer: Scheduled<Void>?
    /// When the request being read began (its first byte); nil between requests.
    private var started: NIODeadline?
    private var answering = false

    init(deadline: TimeAmount, logger: Logger, slots: ConnectionSlots) {
        self.deadline = deadline
        self.logger = logger
        self.slots = slots
    }

    static let timeoutAnswer = rawAnswer("408 Request Timeout", error: "the request did not arrive in time")

    /// An answer written as bytes, below the HTTP codec, after which the connection closes.
    static func rawAnswer(_ status: String, error: String, headers: [String] = []) -> ByteBuffer {
        let body = JSONText.encode(["error": .string(error)])
        let extra = headers.map { $0 + "\r\n" }.joined()
        return ByteBuffer(string: "HTTP/1.1 \(status)\r\ncontent-type: application/json\r\ncontent-length: \(body.utf8.count)\r\n\(extra)connection: close\r\n\r\n\(body)")
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if started == nil { begin(context) }
        context.fireChannelRead(data)
    }

    private func begin(_ context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        started = now
        slots.busy(context.channel)
        answering = false
        if timer == nil { setTimer(context, at: now + deadline) }
    }

    private func setTimer(_ context: ChannelHandlerContext, at due: NIODeadline) {
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: due) {
            let (handler, context) = loopBound.value
            handler.timerFired(context)
        }
    }

    private func timerFired(_ context: ChannelHandlerContext) {
        timer = nil
        guard let started else { return }
        let due = started + deadline
        if due > .now() { setTimer(context, at: due) } else { expire(context) }
    }

    private func expire(_ context: ChannelHandlerContext) {
        started = nil
        logger.debug("request not read in time, closing the connection")
        if answering {
            context.close(promise: nil)
        } else {
            context.writeAndFlush(wrapOutboundOut(Self.timeoutAnswer)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        answering = true
        context.write(data, promise: promise)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        if event is RequestFullyRead {
            started = nil
            promise?.succeed()
        } else if let timing = event as? RequestTiming {
            if timing == .held {
                started = nil
            } else if started == nil {
                begin(context)
            }
            promise?.succeed()
        } else if let refusal = event as? RefusedRequest {
            timer?.cancel()
            timer = nil
            started = nil
            answering = true
            logger.debug("request refused before routing", metadata: ["reason": .string(refusal.reason)])
            context.writeAndFlush(wrapOutboundOut(Self.rawAnswer("400 Bad Request", error: refusal.reason))).assumeIsolated()
                .whenComplete { _ in context.close(promise: nil) }
            promise?.succeed()
        } else {
            context.triggerUserOutboundEvent(event, promise: promise)
        }
    }

    /// The slots take this connection's slot back: a head still arriving is answered 408; an idle
    /// connection closes unless a request has begun on it meanwhile.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let giveUp = event as? GiveUpSlot else { return context.fireUserInboundEventTriggered(event) }
        if started != nil {
            // A request begun since it was chosen as idle keeps its slot.
            guard giveUp.headArriving else { return _ = slots.mayClose(context.channel) }
            started = nil
            timer?.cancel()
            timer = nil
            logger.debug("request head still arriving while connections are scarce, closing the connection")
            guard !answering else { return context.close(promise: nil) }
            context.writeAndFlush(wrapOutboundOut(Self.scarceAnswer)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        } else if slots.mayClose(context.channel) {
            context.close(promise: nil)
        }
    }

    static let scarceAnswer = rawAnswer("408 Request Timeout", error: "the request head did not arrive within \(ConnectionSlots.headGrace.nanoseconds / 1_000_000_000) s "
                                        + "while the server's connections are scarce")

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }
}
