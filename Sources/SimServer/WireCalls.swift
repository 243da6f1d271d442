import HTTPTypes
import NIOCore
import SimKernel

/// Answers calls from the connection's bytes, before NIO's HTTP/1 decoder: a read that a client
/// sends as clients do (`WireCallHead`) is run and its answer written as the bytes the router's
/// would be, with no HTTP parts made and none passed through the handlers behind (on a read, the
/// decoder, the conversions to and from HTTP types and the encoder were about half the CPU).
///
/// The first request it does not recognise, or whose body is not a call envelope or whose token
/// opens no session, goes to the decoder with every byte after it, and from then on the connection
/// is the HTTP stack's (where `EventLoopCalls` still answers calls on the event loop). A call whose
/// change is not yet durable is answered by the commit that makes it durable (one a fault delays,
/// from a task once it may be); the bytes, events and reads behind it wait. The slots' busy and idle marks and the request deadline
/// see these requests as they see the decoder's.
final class WireCalls: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let setup: EventLoopCallSetup
    private let slots: ConnectionSlots
    /// The bytes not yet answered, while the connection is this handler's; nil once it is the decoder's.
    private var unread: ByteBuffer? = ByteBuffer()
    /// An answer comes later: nothing behind it is read until it is written.
    private var answering = false
    /// The client reads its answers slower than it asks: nothing more is answered or read until the
    /// channel is writable again (else the answers waiting to be written grow without bound).
    private var stalled = false
    /// Inbound events (end of input, quiescing) that came while an answer was pending.
    private var heldEvents: [Any] = []
    private var readHeld = false
    /// The call head at the front of `unread` while its body is still arriving (not read again on
    /// every read), and when it was whole (the access line's `ms` starts there, as the router's does).
    private var head: (call: WireCallHead, started: ContinuousClock.Instant?)?
    /// The last bearer token and its digest: a connection's calls mostly carry one token.
    private var token = "", digest = ""

    init(setup: EventLoopCallSetup, slots: ConnectionSlots) {
        self.setup = setup
        self.slots = slots
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard unread != nil else { return context.fireChannelRead(data) }
        var bytes = unwrapInboundIn(data)
        if unread!.readableBytes == 0 {
            unread = bytes  // the usual case: no copy
        } else {
            unread!.discardReadBytes()  // the bytes answered are not kept
            unread!.writeBuffer(&bytes)
            setup.core.wireBufferPeak.max(unread!.capacity, ordering: .relaxed)
        }
        if answering || stalled {
            // Held behind an answer: the deadline runs once they are parsed (the decoder would read them whole).
            context.triggerUserOutboundEvent(RequestTiming.held, promise: nil)
        } else {
            answerWhatIsWhole(context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // While the connection is this handler's, nothing behind it has been given anything to complete.
        if unread == nil { context.fireChannelReadComplete() }
    }

    /// Answers the whole calls at the front of `unread`, in order, until one is pending, one is
    /// partial, or a request is the decoder's.
    private func answerWhatIsWhole(_ context: ChannelHandlerContext) {
        while var bytes = unread, bytes.readableBytes > 0 {
            guard context.channel.isActive else { return }  // no call run for a client gone
            guard context.channel.isWritable else {
                stalled = true
                return context.triggerUserOutboundEvent(RequestTiming.held, promise: nil)
            }
            let call: WireCallHead, started: ContinuousClock.Instant?
            if let head {
                (call, started) = head
            } else {
                let reading = bytes.withUnsafeReadableBytes { WireCallHead.read($0, loopbackHost: setup.loopbackHost) }
                guard case .call(let whole) = reading else {
                    // Timed from now if the answers before it stopped the clock (before the decoder, which may end it).
                    context.triggerUserOutboundEvent(RequestTiming.begun, promise: nil)
                    if case .other = reading { handOver(context) }
                    return
                }
                (call, started) = (whole, setup.started)
            }
            // Under pressure an answer ends its connection: the HTTP stack's to write (`ResponseEndSignal`).
            if slots.underPressure { return handOver(context) }
            guard bytes.readableBytes >= call.headLength + call.bodyLength else {
                if head == nil { slots.headArrived(context.channel) }
                head = (call, started)
                return context.triggerUserOutboundEvent(RequestTiming.begun, promise: nil)
            }
            head = nil
            let body = bytes.getSlice(at: bytes.readerIndex + call.headLength, length: call.bodyLength)
            if call.token != token { (token, digest) = (call.token, BearerSecret.digest(call.token)) }
            guard let (outcome, ticket) = setup.run(digest: digest, body) else { return handOver(context) }
            bytes.moveReaderIndex(forwardBy: call.headLength + call.bodyLength)
            unread = bytes.readableBytes == 0 ? ByteBuffer() : bytes
            context.triggerUserOutboundEvent(RequestFullyRead(), promise: nil)
            slots.began(context.channel)
            setup.core.wireAnswers.add(1, ordering: .relaxed)
            let now = setup.answer(outcome, ticket, traced: call.traced, loop: context.eventLoop) { answer, status in
                self.write(answer, status, context)
                self.setup.logAnswer(call.path, status, since: started)
                self.answering = false
                self.resume(context)
            }
            guard let now else {
                answering = true
                if unread!.readableBytes > 0 { context.triggerUserOutboundEvent(RequestTiming.held, promise: nil) }
                return
            }
            write(now, .ok, context)
            setup.logAnswer(call.path, .ok, since: started)
        }
    }

    /// The rest of the connection is the HTTP stack's, from the first byte not answered here.
    private func handOver(_ context: ChannelHandlerContext) {
        guard let bytes = unread else { return }
        unread = nil
        head = nil
        context.fireChannelRead(wrapInboundOut(bytes))
        context.fireChannelReadComplete()
    }

    private func write(_ answer: JSONValue, _ status: HTTPResponse.Status, _ context: ChannelHandlerContext) {
        let bytes = setup.answerBytes(answer, status: status, allocator: context.channel.allocator)
        context.writeAndFlush(wrapOutboundOut(bytes), promise: slots.idleOnceWritten(context.channel, nil))
    }

    /// After a late answer, or once the channel is writable again: the bytes that waited, the events
    /// that waited, then reading again.
    private func resume(_ context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }  // no call run for a client gone
        answerWhatIsWhole(context)
        guard !answering, !stalled else { return }
        let events = heldEvents
        heldEvents = []
        for event in events { userInboundEventTriggered(context: context, event: event) }
        if readHeld {
            readHeld = false
            context.read()
        }
    }

    /// End of input, quiescing and the like come after the answers to what was read before them:
    /// a pending answer first; a partial request goes to the decoder first (which then sees the
    /// event as it would have).
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard unread != nil else { return context.fireUserInboundEventTriggered(event) }
        if answering || stalled { return heldEvents.append(event) }
        if unread!.readableBytes > 0 { handOver(context) }
        context.fireUserInboundEventTriggered(event)
    }

    /// Reading stops once a request waits behind a late answer, and while the channel is not
    /// writable (whoever answers: the router's answers too wait for a client that does not read).
    func read(context: ChannelHandlerContext) {
        if stalled || !context.channel.isWritable || (answering && (unread?.readableBytes ?? 0) > 0) {
            readHeld = true
            return
        }
        context.read()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        context.fireChannelWritabilityChanged()
        guard context.channel.isWritable, stalled || readHeld, !answering else { return }
        stalled = false
        resume(context)
    }
}
