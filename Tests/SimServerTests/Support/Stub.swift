import Hummingbird
import SimServer

/// Runs a stub server made of `router` on an ephemeral port of 127.0.0.1 for `body`.
func withStub(_ router: Router<BasicRequestContext>, _ body: (Int) async throws -> Void) async throws {
    let server = try await TeamServer.start { onRunning in
        Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                    onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
                    logger: TeamServer.silentLogger)
    }
    do {
        try await body(server.port)
        await server.stop()
    } catch {
        await server.stop()
        throw error
    }
}
