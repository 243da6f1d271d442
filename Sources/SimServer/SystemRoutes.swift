import Foundation
import HTTPTypes
import Hummingbird
import SimKernel
import SimWorld

/// A system's own HTTP routes on the team server (Futurae's Auth API): the system's server module
/// builds them as a Hummingbird `RouteCollection` and `TeamServer.Options.systemRoutes` lists them,
/// so the server itself names no system. They are added after the server's routes, behind the same
/// middlewares (JSON errors and the access log, the loopback host guard, trusted proxies).
public protocol SystemRoutes: Sendable {
    /// The routes, over what the server shares with them.
    func routes(_ server: ServerServices) -> RouteCollection<ServerContext>
    /// The answer to a request that no route took, when its path is one of the system's (its own
    /// 404 or 405 shape); nil leaves it to the server's 404.
    func noRoute(_ request: Request) -> Response?
    /// The routes' requests answered on the event loop, before the router, as `/v1/call` reads are;
    /// nil (the default) leaves every one to the router.
    func eventLoopAnswers(_ server: ServerServices) -> (any EventLoopAnswers)?
}

extension SystemRoutes {
    public func eventLoopAnswers(_ server: ServerServices) -> (any EventLoopAnswers)? { nil }
}

/// Requests a system answers in the channel pipeline, on the event loop, from the head and the whole
/// body, with no task in between: only those its routes answer at once (reads), and with their
/// answer's status, content type and body. The server hands them here only where the router would
/// add nothing but the answer (`EventLoopCalls`): no `Connection` or `Expect` field, a length within
/// the body limit, a loopback `Host` on loopback; it writes the router's access log line.
public protocol EventLoopAnswers: Sendable {
    /// Whether a request with this head is answered here; false leaves it to the router.
    func takes(_ head: HTTPRequest) -> Bool
    /// The answer to a request taken; nil sends it to the router after all.
    func answer(_ head: HTTPRequest, body: ByteBuffer) -> EventLoopAnswer?
}

/// An answer given on the event loop (`EventLoopAnswers`); the server adds `Content-Length`, `Date`
/// and `Server`, as the router does.
public struct EventLoopAnswer: Sendable {
    public var status: HTTPResponse.Status
    public var contentType: String
    public var body: [UInt8]

    public init(status: HTTPResponse.Status, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }
}

/// What the server shares with a system's routes: the live world (read under its lock), its
/// changes (run as controls, stored and pushed as events like any other), the wall clock, the
/// body limit and the scheme it is reached by.
public struct ServerServices: Sendable {
    let core: ServerCore
    /// `https` when the server speaks TLS, else `http`.
    public let scheme: String

    init(core: ServerCore, options: TeamServer.Options) {
        self.core = core
        scheme = options.tls == nil ? "http" : "https"
    }

    /// The largest request body the server reads (64 KiB): a longer one is a 413.
    public static var bodyLimit: Int { Routes.bodyLimit }

    /// Reads the live world under its lock, without copying it: keep `body` short, every call waits
    /// for it.
    public func read<T>(_ body: (World) throws -> T) rethrows -> T {
        try core.live.read(body)
    }

    /// The wall clock the server's limits are measured on.
    public var now: Date { core.live.clock.now() }

    /// Runs a simulator control and returns its answer once its change is durable (a refusal is an
    /// answer, `ok` false); throws the store's error when the change could not be saved.
    public func control(_ control: SimControl) async throws -> SimAnswer {
        let (answer, ticket) = core.live.control(control)
        try await core.commits.waitUntilDurable(ticket)
        return answer
    }
}
