import NIOCore
import NIOHTTP1
import SimKernel

/// Which server a request is for, checked on the request head as it arrived (RFC 9112 §3.2): the
/// conversion to HTTP types keeps the first `Host` and drops an absolute-form target's authority,
/// so a request saying two things (`Host: 127.0.0.1` then `Host: evil.example`, or
/// `GET http://evil.example/healthz` with a loopback `Host`) would be answered as the first. It is
/// a 400, and the connection closes.
struct RequestTargetRule: Sendable {
    /// The why of a refusal, or nil.
    func refusal(_ head: HTTPRequestHead) -> String? {
        let hosts = head.headers["Host"]
        if hosts.count > 1 { return "a request must have one Host header, not \(hosts.count)" }
        guard let authority = Self.absoluteAuthority(head.uri) else { return nil }
        guard let host = hosts.first else { return "a request with an absolute target must also send its Host" }
        guard authority.lowercased() == host.lowercased() else {
            return "the request's target names \"\(authority.escapingControlCharacters)\" but its Host header \"\(host.escapingControlCharacters)\""
        }
        return nil
    }

    /// The authority of an absolute-form target (`http://HOST:PORT/path` → `HOST:PORT`), nil for
    /// the origin form (`/path`) and `*`.
    static func absoluteAuthority(_ uri: String) -> String? {
        guard !uri.hasPrefix("/"), let scheme = uri.range(of: "://") else { return nil }
        let rest = uri[scheme.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<end]
        // userinfo@host: the host is what follows the last @.
        return String(authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority)
    }
}

/// Tells `RequestDeadline` (below the codec, on bytes) to answer 400 and close.
struct RefusedRequest {
    let reason: String
}

/// Between the HTTP/1 decoder and the conversion to HTTP types: a refused head goes no further, nor
/// anything after it on that connection.
final class RequestTargetGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private let rule: RequestTargetRule
    private var refused = false

    init(rule: RequestTargetRule) { self.rule = rule }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if case .head(let head) = unwrapInboundIn(data), let reason = rule.refusal(head) {
            refused = true
            context.triggerUserOutboundEvent(RefusedRequest(reason: reason), promise: nil)
            return
        }
        context.fireChannelRead(data)
    }
}
