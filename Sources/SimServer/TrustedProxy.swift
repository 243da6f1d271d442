import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Behind a reverse proxy (a TLS front) every request comes from the proxy's address, so per-address
/// limits would count all clients as one. `X-Forwarded-For` says who the client is, but anyone can
/// send it: it is believed only from the proxy the server was told to trust (`serve --trusted-proxy`),
/// and then only its last entry, the one that proxy appended (the entries before it are the
/// client's to write). The proxy's connections carry many clients, so the connection rate
/// (`ConnectionRate`) counts each request it forwards as one of that client's connections.
struct TrustedProxy<Context: RequestContext & ForwardedClientContext>: RouterMiddleware {
    /// The proxies' addresses, as the socket's peer address reads (`127.0.0.1`, `::1`).
    let addresses: Set<String>
    var rate: ConnectionRate?

    static var header: HTTPField.Name { HTTPField.Name("X-Forwarded-For")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let peer = context.socketAddress, addresses.contains(peer),
           let client = Self.lastEntry(request.headers[values: Self.header]) {
            context.forwardedClient = client
            if let refusal = rate?.refusal(client: client) { throw ConnectionRate.tooMany(refusal) }
        }
        return try await next(request, context)
    }

    /// The last address of the `X-Forwarded-For` lines (`a, b` then `c` → `c`), nil if empty or
    /// not an address.
    static func lastEntry(_ lines: [String]) -> String? {
        guard let last = lines.joined(separator: ",").split(separator: ",").last?.trimmingCharacters(in: .whitespaces),
              !last.isEmpty, last.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) else { return nil }
        return last
    }
}

/// A context whose client address a trusted proxy may name.
protocol ForwardedClientContext {
    var socketAddress: String? { get }
    var forwardedClient: String? { get set }
}

extension ServerContext: ForwardedClientContext {
    var socketAddress: String? { remoteAddress?.ipAddress }
}

/// An IP address as the socket's peer address writes it (`::0001` → `::1`), nil if it is not one.
public enum IPAddressText {
    public static func normalised(_ text: String) -> String? {
        (try? SocketAddress(ipAddress: text, port: 0))?.ipAddress
    }
}
