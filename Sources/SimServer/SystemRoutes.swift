import Foundation
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
}

/// What the server shares with a system's routes: the live world (read under its lock), its
/// changes (run as controls, stored and pushed as events like any other), the wall clock, the
/// body limit and the scheme it is reached by.
public struct ServerServices: Sendable {
    let core: ServerCore
    /// `https` when the server speaks TLS, else `http`.
    public let scheme: String

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
