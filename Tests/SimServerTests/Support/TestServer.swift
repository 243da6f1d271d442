import Foundation
import Logging
import PIMS
import SimClient
import SimServer
import Synchronization

/// A server in this process on 127.0.0.1 (ephemeral port) over a database in a temporary folder.
struct TestServer: Sendable {
    let core: ServerCore
    let server: RunningServer
    let admin: String
    let databasePath: String
    var host = "127.0.0.1"

    var url: String { "http://\(host):\(server.port)" }
    var http: TestHTTP { TestHTTP(base: url) }

    /// The admin client: named sessions attach to the world's sessions, controls work. Its timeout is
    /// generous: these tests assert what the server answers, and a busy machine is slow, not wrong.
    func client() throws -> RemoteBackend {
        try RemoteBackend(url: url, adminToken: admin, timeout: .seconds(120))
    }

    static func start(scenario: String = "fresh", databasePath: String? = nil, sessions: SessionPolicy = .init(),
                      clock: WallClock = .system, connections: ConnectionLimits = .init(), logger: Logger = TeamServer.silentLogger,
                      honoursLatency: Bool = false, configure: (inout TeamServer.Options) -> Void = { _ in }) async throws -> TestServer {
        let path = databasePath ?? TemporaryFolder.make().appendingPathComponent("world.db").path
        let core = try ServerCore(databasePath: path, seed: .parse(scenario), honoursLatency: honoursLatency, sessions: sessions, clock: clock)
        let admin = "test-admin-token-0123456789"
        var options = TeamServer.Options(port: 0, adminToken: admin, connections: connections)
        configure(&options)
        let server = try await TeamServer.start(core: core, options: options, logger: logger)
        return TestServer(core: core, server: server, admin: admin, databasePath: path)
    }

    func stop() async { await server.stop() }

    /// A server on an address of its own on loopback, over a database of its own: a restart takes the
    /// same port back, and no other test's connection can be holding it meanwhile (they all use
    /// 127.0.0.1).
    static func startOnOwnAddress(scenario: String) async throws -> TestServer {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let host = "127.0.0.\(Int.random(in: 2...254))"
        let admin = "test-admin-token-0123456789"
        let core = try ServerCore(databasePath: path, seed: .named(scenario), honoursLatency: false)
        let server = try await TeamServer.start(core: core, options: .init(host: host, port: 0, adminToken: admin))
        return TestServer(core: core, server: server, admin: admin, databasePath: path, host: host)
    }

    /// The same server started again (after `stop`) on its address over its database.
    func restarted(scenario: String) async throws -> RunningServer {
        let core = try ServerCore(databasePath: databasePath, seed: .named(scenario), honoursLatency: false)
        return try await EventStreamTests.startAgain(core: core, options: .init(host: host, port: server.port, adminToken: admin))
    }
}

enum TemporaryFolder {
    static func make() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-server-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension RemoteBackend {
    @discardableResult
    func call(_ type: CallType, _ name: String, _ params: [String: JSONValue] = [:], session: String = "default") async -> CallResponse {
        await send(CallRequest(type, name, params), session: session)
    }

    func control(_ json: JSONValue) async throws -> SimAnswer {
        await control(try SimControl(json: json))
    }
}

/// Runs `body` against a fresh in-process server, stopping it afterwards.
func withServer<T>(_ scenario: String = "fresh", databasePath: String? = nil, sessions: SessionPolicy = .init(), clock: WallClock = .system,
                   connections: ConnectionLimits = .init(), logger: Logger = TeamServer.silentLogger, honoursLatency: Bool = false,
                   configure: (inout TeamServer.Options) -> Void = { _ in },
                   _ body: (TestServer) async throws -> T) async throws -> T {
    let server = try await TestServer.start(scenario: scenario, databasePath: databasePath, sessions: sessions, clock: clock,
                                            connections: connections, logger: logger, honoursLatency: honoursLatency, configure: configure)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// A wall clock that moves only when told: a day of idleness in no time.
final class ManualClock: Sendable {
    private let instant = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var clock: WallClock { WallClock { [self] in instant.withLock { $0 } } }
    func advance(_ d: Duration) { instant.withLock { $0 += Double(d.components.seconds) } }
}
