import Hummingbird
import NIOCore

/// Hummingbird's basic context plus the client's address (sessions are rate limited per address).
public struct ServerContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address, as the rate limits key it.
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
