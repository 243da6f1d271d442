import Foundation
import PIMS
import SimClient
import SimServer
import SimWorld
import Testing

/// The backends the conformance suite runs against. Every test of this target takes one of these as
/// its argument, so that one contract is checked on every backend (docs/pims-rules.md, preamble).
enum BackendKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inProcess
    /// `enrollsim serve` on 127.0.0.1 (an ephemeral port, a temporary SQLite file) through `RemoteBackend`.
    case http
    var testDescription: String { rawValue }

    /// The backends built so far.
    static let available: [BackendKind] = [.inProcess, .http]
}

/// A backend ready for a test, on a given scenario, and how to let it go.
struct BackendHandle: Sendable {
    let backend: any SimBackend
    let close: @Sendable () async -> Void
}

func makeBackend(_ kind: BackendKind, scenario: String) async throws -> BackendHandle {
    switch kind {
    case .inProcess:
        let backend = try InProcessBackend(scenario: scenario, honoursLatency: false)
        return BackendHandle(backend: backend, close: {})
    case .http:
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-conformance-\(UUID().uuidString)")
        let core = try ServerCore(databasePath: folder.appendingPathComponent("world.db").path, seed: .parse(scenario),
                                  honoursLatency: false)
        let admin = TeamServer.generateAdminToken()
        let server = try await TeamServer.start(core: core, options: .init(port: 0, adminToken: admin))
        // A generous timeout: the contract is what is answered, and a busy machine is slow, not wrong.
        let client = try RemoteBackend(url: "http://127.0.0.1:\(server.port)", adminToken: admin, timeout: .seconds(120))
        return BackendHandle(backend: client, close: {
            await server.stop()
            try? FileManager.default.removeItem(at: folder)
        })
    }
}

/// Runs `body` with a fresh backend of `kind` on `scenario`, closing it afterwards.
func withBackend<T>(_ kind: BackendKind, _ scenario: String, _ body: (Driver) async throws -> T) async throws -> T {
    let handle = try await makeBackend(kind, scenario: scenario)
    do {
        let result = try await body(Driver(backend: handle.backend))
        await handle.close()
        return result
    } catch {
        await handle.close()
        throw error
    }
}
