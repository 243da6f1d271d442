import NIOCore
import NIOHTTP1

/// Between the HTTP/1 decoder and the conversion to HTTP types, which drops the request's version:
/// a request that does not keep its connection alive (HTTP/1.0 without `Connection: keep-alive`,
/// as `ab` and old scripts send, or `Connection: Close` in any case or list) is given exactly
/// `Connection: close`, the one spelling the router ends the connection after answering. Without
/// it such a client waits for a close that never comes.
final class KeepAliveRule: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive, head.headers["connection"] != ["close"] else {
            return context.fireChannelRead(data)
        }
        head.headers.replaceOrAdd(name: "Connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
