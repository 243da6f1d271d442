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

    /// The client's IP address, as the rate limits key it.
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
