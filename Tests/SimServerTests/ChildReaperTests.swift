import Foundation
import SimTestSupport
import Testing

/// Issue 30: `swift test` leaves no `enrollsim serve` running after it ends, also when a test fails
/// before stopping its server, and also when the test process itself is ended.
@Suite(.serialized) struct ChildReaperTests {
    static func isAlive(_ pid: Int32) -> Bool {
        // A zombie (ended, not yet waited for) counts as gone.
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return !(stat.split(separator: ")").last?.split(separator: " ").first == "Z")
    }

    static func waitUntilGone(_ pid: Int32) async throws {
        for _ in 0..<600 where isAlive(pid) { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!isAlive(pid), "process \(pid) is still running")
    }

    @Test func aServerLeftRunningByItsTestIsKilledWhenItGoesAway() async throws {
        let folder = TemporaryFolder.make()
        var server: ServeProcess? = try await ServeProcess.start(database: folder.appendingPathComponent("world.db").path)
        let pid = try #require(server?.process.processIdentifier)
        #expect(Self.isAlive(pid))
        server = nil  // as a test that threw before `stop` drops it
        try await Self.waitUntilGone(pid)
    }

    @Test func theWatchdogKillsTheServerWhenTheTestProcessEnds() async throws {
        let folder = TemporaryFolder.make()
        let server = try await ServeProcess.start(database: folder.appendingPathComponent("world.db").path)
        let pid = server.process.processIdentifier
        server.reaper.dropLifeline()  // what the end of this process does to the pipe
        try await Self.waitUntilGone(pid)
        await Task.detached { server.process.waitUntilExit() }.value
        #expect(server.process.terminationReason == .uncaughtSignal)
        #expect(server.process.terminationStatus == SIGKILL)
    }
}
