import Hummingbird
import NIOCore

/// Hummingbird's basic context plus the client's address (sessions are rate limited per address) and
/// its connection.
public struct ServerContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    /// The connection: an event stream closes it when its client stops reading.
    let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }

    /// The client's address as a trusted proxy forwarded it (`TrustedProxy`), if one did.
    var forwardedClient: String?

    /// The client's IP address, as the rate limits and stream quotas key it: the socket's peer, or
    /// what a trusted proxy says in `X-Forwarded-For`.
    var clientAddress: String { forwardedClient ?? remoteAddress?.ipAddress ?? "unknown" }
}
