import Hummingbird
import Logging
import ServiceLifecycle
import SimKernel

/// `enrollsim serve`: the Hummingbird application over a `ServerCore`.
public enum TeamServer {
    /// For servers inside tests: nothing on stdout or stderr.
    public static let silentLogger = Logger(label: "enrollsim.silent") { _ in SwiftLogNoOpLogHandler() }

    /// Where to listen and who is admin.
    public struct Options: Sendable {
        public var host: String
        public var port: Int
        public var adminToken: String
        /// Heartbeats, the backlog a client may leave unread, and the grace before a closing stream's
        /// connection is closed.
        public var streams: EventStreamLimits
        /// Timeouts and the cap on open connections.
        public var connections: ConnectionLimits
        /// The systems' own routes (`SystemRoutes`: Futurae's Auth API), added after the server's.
        public var systemRoutes: [any SystemRoutes] = []
        /// TLS (FA5): nil serves plain HTTP.
        public var tls: TLSFiles?
        /// Event streams per token and per client address (in all: half the connections).
        public var streamQuota = StreamQuotaLimits()
        /// The reverse proxies whose `X-Forwarded-For` names the client (`serve --trusted-proxy`).
        public var trustedProxies: [String] = []
        /// Calls answered in the channel pipeline where the router would add nothing (`EventLoopCalls`);
        /// false sends every request through the router (tests compare the two).
        public var answersCallsOnEventLoop = true

        /// - Parameter heartbeat: how often an idle event stream sends a comment (overrides `streams`).
        public init(host: String = "127.0.0.1", port: Int = 8080, adminToken: String, heartbeat: Duration = .seconds(15),
                    streams: EventStreamLimits = .init(), connections: ConnectionLimits = .init()) {
            self.host = host
            self.port = port
            self.adminToken = adminToken
            self.streams = streams
            self.streams.heartbeat = heartbeat
            self.connections = connections
        }
    }

    /// The `Server` header of every answer.
    static let serverName = "enrollsim"

    /// How long a stop may take before what is left is cancelled: beyond the streams' grace, the
    /// calls in flight finishing.
    public static let shutdownLimit: Duration = .seconds(8)

    /// The application; `onRunning` gets the port actually bound (useful with port 0); `slots` tracks
    /// its connections (idle ones give way under pressure).
    static func application(
        core: ServerCore, options: Options, logger: Logger, slots: ConnectionSlots,
        onRunning: @escaping @Sendable (Int) async -> Void
    ) throws -> some ApplicationProtocol {
        let router = Router(context: ServerContext.self)
        // Before the routes: Hummingbird wraps each route (and the not-found responder) in the
        // middlewares added so far.
        router.middlewares.add(JSONErrors<ServerContext>(systemNoRoute: options.systemRoutes.map { system in { system.noRoute($0) } }))
        if isLoopback(options.host) { router.middlewares.add(LoopbackHostGuard<ServerContext>(ownHost: options.host)) }
        if !options.trustedProxies.isEmpty { router.middlewares.add(TrustedProxy<ServerContext>(addresses: Set(options.trustedProxies), rate: slots.rate)) }
        let quota = StreamQuota(limits: options.streamQuota, total: options.connections.maxOpen / 2)
        let routes = Routes(core: core, auth: AdminAuth(adminToken: options.adminToken), streams: options.streams, streamQuota: quota)
        routes.register(on: router)
        routes.registerAdmin(on: router)
        let services = ServerServices(core: core, options: options)
        for system in options.systemRoutes { router.addRoutes(system.routes(services)) }
        let calls = EventLoopCallSetup.make(core: core, options: options, logger: logger, serverName: serverName)
        return Application(
            router: router,
            server: try serverBuilder(options, slots: slots, calls: calls),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: serverName,
                                 availableConnectionsDelegate: .maximum(slots.acceptCap, logger: logger)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? options.port) },
            logger: logger
        )
    }

    /// Runs `enrollsim serve` until SIGTERM or SIGINT: then the event streams end first (their
    /// connections closed after the streams' grace if their clients read nothing), calls in flight
    /// finish and commit, and the database is checkpointed into its one file and closed.
    public static func run(core: ServerCore, options: Options, logger: Logger,
                           onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        let app = try application(core: core, options: options, logger: logger, slots: ConnectionSlots(options, clock: core.live.clock), onRunning: onRunning)
        // Shut down in reverse order: the streams before the server that waits for them.
        var configuration = ServiceGroupConfiguration(services: [app, EventStreamsService(hub: core.events)],
                                                      gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = shutdownLimit
        defer { core.close() }
        try await ServiceGroup(configuration: configuration).run()
    }

    /// Starts a server in this process (tests, embedding) and returns once it listens; its `stop`
    /// also closes the core's database.
    public static func start(core: ServerCore, options: Options, logger: Logger = silentLogger) async throws -> RunningServer {
        let slots = ConnectionSlots(options, clock: core.live.clock)
        var server = try await start(logger: logger) { onRunning in
            try application(core: core, options: options, logger: logger, slots: slots, onRunning: onRunning)
        }
        server.openConnections = { slots.open }
        server.beforeStop = { core.events.finish() }
        server.afterStop = { core.close() }
        return server
    }

    /// Starts any application built with the given `onServerRunning` hook (a test's stub server too),
    /// and returns once it listens.
    public static func start(
        logger: Logger = silentLogger,
        _ build: (@escaping @Sendable (Int) async -> Void) throws -> some ApplicationProtocol
    ) async throws -> RunningServer {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = try build { port in continuation.yield(port) }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await task.value
            throw StartError(description: "the server stopped before it listened")
        }
        return RunningServer(port: port, group: group, task: task)
    }

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }
}

/// Ends every event stream when the server stops.
struct EventStreamsService: Service {
    let hub: EventHub

    func run() async throws {
        try? await gracefulShutdown()
        hub.finish()
    }
}

/// A server started by `TeamServer.start`.
public struct RunningServer: Sendable {
    public let port: Int
    let group: ServiceGroup
    let task: Task<Void, any Error>
    var beforeStop: @Sendable () -> Void = {}
    var afterStop: @Sendable () -> Void = {}
    /// Connections open now (tests).
    public internal(set) var openConnections: @Sendable () -> Int = { 0 }

    /// Graceful shutdown: stops accepting, lets calls in flight finish (and commit), then returns.
    public func stop() async {
        beforeStop()  // event streams end first: they would hold the shutdown open
        await group.triggerGracefulShutdown()
        _ = try? await task.value
        afterStop()
    }
}
