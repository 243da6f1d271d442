import Hummingbird
import SimKernel

/// DNS rebinding: a web page on `evil.example` whose name is made to resolve to 127.0.0.1 reaches a
/// loopback server, but its requests still say `Host: evil.example`. A server on loopback answers
/// only requests addressed to a loopback name (421 otherwise); it sends no CORS headers either, so
/// a page cannot read its answers.
struct LoopbackHostGuard<Context: RequestContext>: RouterMiddleware {
    let ownHost: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let host = request.head.authority, !Self.isLoopbackName(Self.hostName(host), own: ownHost) {
            throw HTTPError(.misdirectedRequest, message: "this server answers only requests for its loopback name (127.0.0.1, localhost or [::1]), not \"\(host.escapingControlCharacters)\"")
        }
        return try await next(request, context)
    }

    /// The name of a `Host` header, without the port (`[::1]:8080` → `::1`).
    static func hostName(_ header: String) -> String {
        let h = header.lowercased()
        if h.hasPrefix("["), let end = h.firstIndex(of: "]") { return String(h[h.index(after: h.startIndex)..<end]) }
        if let colon = h.lastIndex(of: ":"), h.firstIndex(of: ":") == colon { return String(h[..<colon]) }
        return h
    }

    static func isLoopbackName(_ name: String, own: String) -> Bool {
        name == own.lowercased() || name == "localhost" || TeamServer.isLoopback(name)
    }
}

extension TeamServer {
    /// 127.0.0.0/8 written as a dotted IPv4 address, `::1`, or `localhost`.
    public static func isLoopback(_ host: String) -> Bool {
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let isLoopbackIPv4 = octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
        return host == "localhost" || host == "::1" || isLoopbackIPv4
    }
}
