import NIOCore
import NIOHTTPTypes

/// After the HTTP codec: marks the connection idle once a response has ended, and under pressure
/// makes that response its connection's last (`Connection: close`, then closed once written).
final class ResponseEndSignal: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let slots: ConnectionSlots
    private var lastAnswer = false

    init(slots: ConnectionSlots) { self.slots = slots }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200 && (lastAnswer || slots.underPressure):
            lastAnswer = true
            head.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end where lastAnswer:
            let written = slots.idleOnceWritten(context.channel, promise)
            context.write(data, promise: written)
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
        case .end:
            context.write(data, promise: slots.idleOnceWritten(context.channel, promise))
        default:
            context.write(data, promise: promise)
        }
    }
}
