import Foundation
import SimServer
import SimTestSupport
import SimWorld
import Testing

/// `enrollsim serve --scenario BUNDLE` (issue 29): a bug-report bundle's world seeds the team
/// server, so support can serve the user's exact state; a bundle that cannot be read is refused as
/// the flag's value.
@Suite struct BundleSeedTests {
    static func bundle(worldNamed name: String) throws -> String {
        let folder = TemporaryFolder.make()
        var world = try ScenarioLoader.load(.named("enrolled"))
        world.name = name
        try ScenarioExporter.yaml(world).write(to: folder.appendingPathComponent("world.yaml"), atomically: true, encoding: .utf8)
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Assets/walks/shortcut-enrollment.jsonl"),
                                         to: folder.appendingPathComponent("walk.jsonl"))
        try "{\"enrollsim\":\"0.3.0\"}\n".write(to: folder.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        let bundle = TemporaryFolder.make().appendingPathComponent("enrollsim-report-test.tar.gz").path
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/bin/tar")
        tar.arguments = ["-czf", bundle, "-C", folder.path, "manifest.json", "walk.jsonl", "world.yaml"]
        try ProcessLaunch.run(tar)
        tar.waitUntilExit()
        #expect(tar.terminationStatus == 0)
        return bundle
    }

    @Test func aBundlesWorldSeedsTheServer() async throws {
        let db = TemporaryFolder.make().appendingPathComponent("world.db").path
        let server = try await ServeProcess.start(database: db, scenario: try Self.bundle(worldNamed: "from-a-bundle"))
        let health = try await server.http.request(.GET, "/healthz")
        #expect(await server.stop(SIGTERM) == 0)
        #expect(health.json?["scenario"] == "from-a-bundle", "\(health.text)")
    }

    @Test func anUnreadableBundleIsTheFlagsError() async throws {
        let db = TemporaryFolder.make().appendingPathComponent("world.db").path
        let missing = TemporaryFolder.make().appendingPathComponent("nope.tar.gz").path
        let result = try await ServeCommandTests().run(["serve", "--port", "0", "--db", db, "--scenario", missing],
                                                       environment: ["ENROLLSIM_ADMIN_TOKEN": ServeProcess.admin])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("\(missing): no such file"), "\(result.stderr)")
    }
}
