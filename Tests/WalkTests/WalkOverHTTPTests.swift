import Foundation
import SimClient
import SimKernel
import SimServer
import SimWorld
import Testing
import Walk

/// Record → replay --check on both backends: a walk recorded against a team server checks against a
/// fresh in-process world, and a walk recorded in process checks against a server (its world
/// replaced by the walk's through `load`).
@Suite(.serialized) struct WalkOverHTTPTests {
    static let admin = "walk-admin-token-0123456789"

    static func withServer(_ body: (String) async throws -> Void) async throws {
        let path = WalkTests.temporary("world.db")
        let core = try ServerCore(databasePath: path, seed: .parse("fresh"), honoursLatency: false)
        let server = try await TeamServer.start(core: core, options: .init(port: 0, adminToken: admin))
        do {
            try await body("http://127.0.0.1:\(server.port)")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    static func remote(_ url: String) -> WalkCheck.Opener {
        { origin, yaml in
            // A busy machine may be slow to answer: the test waits, it does not time out.
            let client = try RemoteBackend(url: url, adminToken: admin, timeout: .seconds(120))
            let answer = await client.control(.load(.yaml(yaml, origin: origin)))
            guard answer.ok else { throw WalkError(file: url, line: nil, reason: answer.error ?? "load refused") }
            return client
        }
    }

    @Test func aWalkRecordedOnAServerChecksInProcess() async throws {
        try await Self.withServer { url in
            let path = WalkTests.temporary("remote.jsonl")
            let (ok, screen) = try await Tours.record(Tours.shortcut, to: path,
                                                      backend: try RemoteBackend(url: url, adminToken: Self.admin, timeout: .seconds(120), trace: true))
            #expect(ok, "\(screen)")
            let walk = try Walk.read(path: path)
            // Asked for, the server sends each answer's trace: coverage of a server's walk is the same.
            #expect(walk.calls.allSatisfy { $0.response.trace != nil })
            #expect(walk.calls.map { $0.response.trace?.rule } == ["R0a", "R1", "R2", "R3", "R4", "R8"])
            let inProcess = try await WalkCheck.run(walk, file: path, open: WalkTests.inProcess)
            #expect(inProcess.divergence == nil, "\(inProcess.divergence?.description ?? "")")
            let again = try await WalkCheck.run(walk, file: path, open: Self.remote(url))
            #expect(again.divergence == nil, "\(again.divergence?.description ?? "")")
        }
    }

    @Test func aWalkRecordedInProcessChecksOnAServer() async throws {
        try await Self.withServer { url in
            let path = WalkTests.temporary("local.jsonl")
            let (ok, screen) = try await Tours.record(Tours.wrongPIN, to: path)
            #expect(ok, "\(screen)")
            let report = try await WalkCheck.run(try Walk.read(path: path), file: path, open: Self.remote(url))
            #expect(report.divergence == nil, "\(report.divergence?.description ?? "")")
            #expect(report.calls == 15)
        }
    }
}
