import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import SimKernel
import SimWorld
import Synchronization

/// What answering calls on the event loop needs, and when it may: only where the router would add
/// nothing to the answer but the answer itself and, at `info`, its access log line (written here as
/// `JSONErrors` writes it). Logging at `debug` or below and trusted proxies (their `X-Forwarded-For`)
/// send every request to the router.
struct EventLoopCallSetup: Sendable {
    let core: ServerCore
    /// The server's own name when it listens on loopback (the DNS-rebinding guard's), else nil.
    let loopbackHost: String?
    let serverName: String
    /// The logger of the access log lines, when its level is `info`.
    let accessLog: Logger?

    static func make(core: ServerCore, options: TeamServer.Options, logger: Logger, serverName: String) -> Self? {
        guard options.answersCallsOnEventLoop, logger.logLevel >= .info, options.trustedProxies.isEmpty else { return nil }
        return Self(core: core, loopbackHost: TeamServer.isLoopback(options.host) ? options.host : nil, serverName: serverName,
                    accessLog: logger.logLevel == .info ? logger : nil)
    }

    /// When an answered request began, for its access log line (nil when there is none to write).
    var started: ContinuousClock.Instant? { accessLog == nil ? nil : .now }

    /// The access log line `JSONErrors` writes for a call, under a request id as Hummingbird draws one.
    func logAnswer(_ path: String, _ status: HTTPResponse.Status, since start: ContinuousClock.Instant?) {
        guard let accessLog, let start else { return }
        let ms = (ContinuousClock.now - start) / .milliseconds(1)
        accessLog.info("POST \(path) \(status.code)", metadata: ["hb.request.id": .stringConvertible(RequestID()), "ms": "\(String(format: "%.1f", ms))"])
    }

    /// A call's head as clients send it, read in one pass over its fields (a field looked up by name
    /// is a pass each): nil when the router is to answer it, however rare the reason.
    func callHead(_ head: HTTPRequest) -> CallHead? {
        guard head.method == .post, head.path == "/v1/call" || head.path == "/v1/pims" else { return nil }
        if let own = loopbackHost, let host = head.authority,
           !LoopbackHostGuard<ServerContext>.isLoopbackName(LoopbackHostGuard<ServerContext>.hostName(host), own: own) { return nil }
        var authorization: String?, contentType: String?, traced = false
        for field in head.headerFields {
            switch field.name {
            case .authorization:
                guard authorization == nil else { return nil }  // the router reads them joined
                authorization = field.value
            case .contentType:
                guard contentType == nil else { return nil }
                contentType = field.value
            case .contentLength:
                guard let length = Int(field.value), length <= Routes.bodyLimit else { return nil }
            case .connection:
                return nil
            case Routes.traceHeader:
                guard !field.value.contains(",") else { return nil }  // a list: the router reads its values
                traced = traced || field.value == "1"
            default:
                continue
            }
        }
        guard contentType == "application/json", let authorization,
              let token = try? AdminAuth.bearer(authorization, expecting: "session token") else { return nil }
        return CallHead(head: head, token: token, traced: traced, started: started)
    }

    struct CallHead {
        let head: HTTPRequest
        let token: String
        let traced: Bool
        let started: ContinuousClock.Instant?
    }

    /// The call a request asks for, run; nil (and nothing run) when the router is to answer it: a
    /// body that is not a call envelope, a token that opens no session.
    /// - Parameter digest: the bearer token's (`BearerSecret.digest`).
    func run(digest: String, _ body: ByteBuffer?) -> (outcome: Simulator.Outcome, ticket: LiveWorld.Ticket)? {
        guard let request = try? Routes.callRequest(Routes.parseJSON(body ?? ByteBuffer())) else { return nil }
        return core.live.call(request, digest: digest)
    }

    /// The answer to a call run here: returned when its change is durable and no fault delays it;
    /// otherwise nil, and `later` gets it on `loop` once it may be given (a 503 if it was not saved).
    func answer(_ outcome: Simulator.Outcome, _ ticket: LiveWorld.Ticket, traced: Bool, loop: any EventLoop,
                later: @escaping (JSONValue, HTTPResponse.Status) -> Void) -> JSONValue? {
        core.eventLoopAnswers.add(1, ordering: .relaxed)
        let json = Routes.answer(outcome.response, traced: traced)
        if core.commits.isDurable(ticket) && !(core.honoursLatency && outcome.latencyMs > 0) { return json }
        let commits = core.commits, latencyMs = core.honoursLatency ? outcome.latencyMs : 0
        let bound = NIOLoopBound(later, eventLoop: loop)
        Task {
            let (answer, status): (JSONValue, HTTPResponse.Status)
            do {
                try await commits.waitUntilDurable(ticket)
                if latencyMs > 0 { try? await Task.sleep(for: .milliseconds(latencyMs)) }
                (answer, status) = (json, .ok)
            } catch {
                (answer, status) = (["error": .string("not saved: \(error)")], .serviceUnavailable)
            }
            loop.execute { bound.value(answer, status) }
        }
        return nil
    }

    /// The answer as the router's `call` gives it: its status, headers and body, byte for byte.
    func answer(_ value: JSONValue, status: HTTPResponse.Status, allocator: ByteBufferAllocator) -> (HTTPResponse, ByteBuffer) {
        let bytes = JSONText.answerBytes(value)
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.contentLength] = String(bytes.count)
        fields[.date] = HTTPDate.now
        fields[.server] = serverName
        return (HTTPResponse(status: status, headerFields: fields), allocator.buffer(bytes: bytes))
    }
}

/// Answers calls (`POST /v1/call`, `/v1/pims`) in the channel pipeline, on the event loop: the
/// request is not handed into a task and its answer back, which is most of what a read costs in
/// the router. It sits after Hummingbird's connection state handler (which so sees every request and
/// answer: idle timeout, graceful shutdown) and before the async channel that feeds the router.
///
/// Anything it does not answer goes to the router unchanged, in order: a request that is not a call
/// as clients send it, a body that is not a call envelope, a token that opens no session (the router
/// then gives its error), and every request behind one the router is still answering. A call whose
/// change is not yet durable, or that a fault delays, is answered from a task once it may be; the
/// requests behind it wait (and the socket's reads with them).
final class EventLoopCalls: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum State {
        case idle
        /// A call's head, and its body so far.
        case collecting(EventLoopCallSetup.CallHead, ByteBuffer?)
        /// The rest of a request the router answers.
        case routing
        /// A call run here whose answer comes later.
        case answering
    }

    private let setup: EventLoopCallSetup
    private var state = State.idle
    /// Requests handed to the router whose answers have not ended: the next request waits its turn there.
    private var routed = 0
    /// The router was given a `Connection` header: it may close the connection after answering,
    /// and then answers nothing more; nothing after it is answered here either.
    private var routerOnly = false
    /// Parts that arrived while an answer was pending.
    private var waiting = CircularBuffer<HTTPRequestPart>()
    private var readHeld = false

    init(setup: EventLoopCallSetup) { self.setup = setup }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if case .answering = state { return waiting.append(part) }
        take(part, context)
    }

    private func take(_ part: HTTPRequestPart, _ context: ChannelHandlerContext) {
        switch (state, part) {
        case (.idle, .head(let head)) where routed == 0 && !routerOnly:
            guard let call = setup.callHead(head) else { return route(head, nil, then: .routing, context) }
            state = .collecting(call, nil)
        case (.collecting(let call, var body), .body(let chunk)):
            state = .idle  // the buffer uniquely referenced while it grows
            if body == nil {
                body = chunk
            } else {
                body!.writeImmutableBuffer(chunk)
            }
            if body!.readableBytes > Routes.bodyLimit {
                route(call.head, body, then: .routing, context)  // over the limit: the router's 413
            } else {
                state = .collecting(call, body)
            }
        case (.collecting(let call, let body), .end):
            state = .idle
            guard let (outcome, ticket) = setup.run(digest: BearerSecret.digest(call.token), body) else { return route(call.head, body, then: .idle, context) }
            let path = call.head.path ?? ""
            let now = setup.answer(outcome, ticket, traced: call.traced, loop: context.eventLoop) { answer, status in
                self.write(answer, status, context)
                self.setup.logAnswer(path, status, since: call.started)
                self.resume(context)
            }
            if let now {
                write(now, .ok, context)
                return setup.logAnswer(path, .ok, since: call.started)
            }
            state = .answering
        default:
            if case .head(let head) = part { return route(head, nil, then: .routing, context) }
            if case .end = part {
                state = .idle
            }
            context.fireChannelRead(wrapInboundOut(part))
        }
    }

    /// Hands a request read so far to the router.
    private func route(_ head: HTTPRequest, _ body: ByteBuffer?, then next: State, _ context: ChannelHandlerContext) {
        routed += 1
        if head.headerFields[.connection] != nil { routerOnly = true }
        state = next
        context.fireChannelRead(wrapInboundOut(.head(head)))
        if let body { context.fireChannelRead(wrapInboundOut(.body(body))) }
        if case .idle = next { context.fireChannelRead(wrapInboundOut(.end(nil))) }
    }

    private func write(_ json: JSONValue, _ status: HTTPResponse.Status, _ context: ChannelHandlerContext) {
        let (head, body) = setup.answer(json, status: status, allocator: context.channel.allocator)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// After a late answer: the parts that waited, then reading again.
    private func resume(_ context: ChannelHandlerContext) {
        state = .idle
        if !waiting.isEmpty {
            while let part = waiting.popFirst() {
                take(part, context)
                if case .answering = state { break }
            }
            // The async channel hands what it was given to the router at the end of a read.
            context.fireChannelReadComplete()
            if case .answering = state { return }
        }
        if readHeld, context.channel.isWritable {
            readHeld = false
            context.read()
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { routed = max(0, routed - 1) }  // (a parse error's 400 answers no request)
        context.write(data, promise: promise)
    }

    /// Reading stops once a request is waiting behind a late answer (a client that sends one request
    /// at a time never makes the socket's reads stop and start again), and while the channel is not
    /// writable (a client that asks and does not read would have answers pile up without bound).
    func read(context: ChannelHandlerContext) {
        if !context.channel.isWritable || (isAnswering && !waiting.isEmpty) {
            readHeld = true
            return
        }
        context.read()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        context.fireChannelWritabilityChanged()
        guard context.channel.isWritable, readHeld, !(isAnswering && !waiting.isEmpty) else { return }
        readHeld = false
        context.read()
    }

    private var isAnswering: Bool {
        if case .answering = state { return true }
        return false
    }
}

/// The `Date` header's text (RFC 9110, as Hummingbird writes it), made once a second.
enum HTTPDate {
    private static let cache = Mutex<(second: Int, text: String)>((-1, ""))

    static var now: String {
        let seconds = time(nil)
        return cache.withLock { cache in
            if cache.second != seconds {
                cache = (seconds, RFC2822Date.format(Date(timeIntervalSince1970: TimeInterval(seconds)), zone: "GMT"))
            }
            return cache.text
        }
    }
}
