import NIOCore

/// First and only handler of a refused connection (no slot, no HTTP handlers). It waits for the
/// request head (an answer written before the client has sent reaches some clients as a broken
/// pipe, and a close with the request unread as a reset), then writes a complete 429 with
/// `Retry-After` and a JSON body, ends its side, drops whatever else the client sends, and closes
/// once the client does, or after `linger`. A client that sends no head within `headWait` is
/// answered all the same.
final class ConnectionRefusal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let headWait = TimeAmount.seconds(2)
    static let linger = TimeAmount.seconds(2)
    /// The most of a head looked through for its end: a longer one is answered without it.
    static let headLimit = 16 * 1024

    private let answer: ByteBuffer
    private var answered = false
    /// The last bytes read, enough to find the head's end across reads.
    private var tail: [UInt8] = []
    private var read = 0

    init(_ refusal: ConnectionSlots.Refusal) {
        answer = RequestDeadline.rawAnswer("429 Too Many Requests", error: refusal.message, headers: ["retry-after: \(refusal.retryAfter)"])
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: Self.headWait) {
            let (handler, context) = loopBound.value
            handler.respond(context)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        let bytes = unwrapInboundIn(data)
        read += bytes.readableBytes
        tail = Array((tail + bytes.readableBytesView).suffix(bytes.readableBytes + 3))
        if read >= Self.headLimit || Self.endsHead(tail) { respond(context) }
    }

    /// Whether `bytes` hold a blank line (`\r\n\r\n`, or `\n\n` as lenient parsers take it).
    static func endsHead(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        for i in 1..<bytes.count where bytes[i] == 10 {
            if bytes[i - 1] == 10 { return true }
            if i >= 3, bytes[i - 1] == 13, bytes[i - 2] == 10, bytes[i - 3] == 13 { return true }
        }
        return false
    }

    /// Writes the answer (once) and ends the server's side; `then` runs once it is written.
    private func respond(_ context: ChannelHandlerContext, then: (@Sendable () -> Void)? = nil) {
        let channel = context.channel
        guard !answered, channel.isActive else { return then?() ?? () }
        answered = true
        context.writeAndFlush(wrapOutboundOut(answer)).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            then?()
        }
        context.eventLoop.scheduleTask(in: Self.linger) { channel.close(promise: nil) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case ChannelEvent.inputClosed = event else { return }
        // The client sent all it will: answered if it was not, then closed.
        let channel = context.channel
        respond(context) { channel.close(promise: nil) }
    }
}
