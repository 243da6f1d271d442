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

/// Answers calls (`POST /v1/call`, `/v1/pims`) in the channel pipeline, on the event loop: the
/// request is not handed into a task and its answer back, which is most of what a read costs in
/// the router. It sits after Hummingbird's connection state handler (which so sees every request and
/// answer: idle timeout, graceful shutdown) and before the async channel that feeds the router.
///
/// Anything it does not answer goes to the router unchanged, in order: a request that is not a call
/// as clients send it, a body that is not a call envelope, a token that opens no session (the router
/// then gives its error), and every request behind one the router is still answering. A call whose
/// change is not yet durable is answered by the commit that makes it durable (one a fault delays,
/// from a task once it may be); the requests behind it wait (and the socket's reads with them).
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
            guard let call = setup.callHead(head) ?? setup.systemHead(head) else { return route(head, nil, then: .routing, context) }
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
            if let system = call.system { return answer(system, call, body, context) }
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

    /// A system's request: answered now, or handed to the router.
    private func answer(_ system: any EventLoopAnswers, _ call: EventLoopCallSetup.CallHead, _ body: ByteBuffer?, _ context: ChannelHandlerContext) {
        guard let answer = system.answer(call.head, body: body ?? ByteBuffer()) else { return route(call.head, body, then: .idle, context) }
        let (head, bytes) = setup.answer(answer, allocator: context.channel.allocator)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(bytes)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        let target = call.head.path ?? ""
        setup.logAnswer(String(target[..<(target.firstIndex(of: "?") ?? target.endIndex)]), answer.status, since: call.started, method: call.head.method)
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
