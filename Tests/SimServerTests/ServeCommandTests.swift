import Foundation
import SimTestSupport
import SimServer
import Testing

/// `enrollsim serve`'s command line and its database: bad flags are refused clearly, one server per
/// database.
@Suite struct ServeCommandTests {
    /// Runs the binary to its end (through `launcher`, a command that runs the rest of its
    /// arguments, when given); returns its status and standard error.
    func run(_ arguments: [String], environment: [String: String] = [:], launcher: [String] = []) async throws -> (status: Int32, stderr: String) {
        let process = Process()
        let binary = try ServeProcess.binary
        process.executableURL = launcher.first.map(URL.init(fileURLWithPath:)) ?? binary
        process.arguments = launcher.isEmpty ? arguments : Array(launcher.dropFirst()) + [binary.path] + arguments
        var env = ProcessInfo.processInfo.environment
        env["ENROLLSIM_ADMIN_TOKEN"] = nil
        process.environment = env.merging(environment) { _, b in b }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        let text = await Task.detached { stderr.fileHandleForReading.readDataToEndOfFile() }.value
        await Task.detached { process.waitUntilExit() }.value
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }

    @Test(arguments: [
        (["serve", "--host", "0.0.0.0"], "needs an admin token"),
        (["serve", "--port", "70000"], "--port must be between 0 and 65535"),
        (["serve", "--admin-token", "short"], "at least 16 characters"),
        (["serve", "--log-level", "loud"], "--log-level must be"),
        (["serve", "--port", "0", "--scenario", "no-such-scenario"], "no built-in scenario named \"no-such-scenario\""),
        (["serve", "--session-idle", "a day"], "--session-idle must be a duration such as 24h, 90m or 30s, not \"a day\""),
        (["serve", "--request-timeout", "0s"], "--request-timeout must be between 100ms and 1h, not \"0s\""),
        (["serve", "--session-cap", "0"], "--session-cap must be between 1 and 10000000, not 0"),
        (["serve", "--max-connections=-3"], "--max-connections must be between 1 and 10000000, not -3"),
        // Issue 43: every number from the command line is bounded where it is read.
        (["serve", "--max-connections", "9223372036854775807"], "--max-connections must be between 1 and 10000000, not 9223372036854775807"),
        (["serve", "--session-rate", "9223372036854775807"], "--session-rate must be between 1 and 10000000"),
        (["serve", "--session-cap", "9223372036854775807"], "--session-cap must be between 1 and 10000000"),
        (["serve", "--streams-per-token", "9223372036854775807"], "--streams-per-token must be between 1 and 10000000"),
        (["serve", "--streams-per-address", "9223372036854775807"], "--streams-per-address must be between 1 and 10000000"),
        (["serve", "--connection-rate", "9223372036854775807"], "--connection-rate must be between 0 (no limit) and 10000000"),
        (["serve", "--auth-date-skew", "9223372036854775807"], "--auth-date-skew must be between 0 and 31536000 seconds"),
        (["serve", "--session-token", "short"], "the session token must have at least 16 characters"),
    ])
    func badFlagsAreRefusedWithTheReason(arguments: [String], reason: String) async throws {
        let db = TemporaryFolder.make().appendingPathComponent("world.db").path
        // A server that starts where it should refuse is stopped by `timeout` (status 124).
        let (status, stderr) = try await run(arguments + ["--db", db], launcher: ["/usr/bin/timeout", "120"])
        #expect(status != 0)
        #expect(stderr.contains(reason), "\(stderr)")
    }

    @Test func aSecondServerOnTheSameDatabaseIsRefused() async throws {
        let db = TemporaryFolder.make().appendingPathComponent("world.db").path
        let first = try await ServeProcess.start(database: db)
        let (status, stderr) = try await run(["serve", "--port", "0", "--db", db], environment: ["ENROLLSIM_ADMIN_TOKEN": ServeProcess.admin])
        #expect(status != 0)
        #expect(stderr.contains("another process (an enrollsim serve?) is using"), "\(stderr)")
        #expect(await first.stop(SIGTERM) == 0)
        // Stopped, it lets the next one in.
        let second = try await ServeProcess.start(database: db)
        #expect(await second.stop(SIGTERM) == 0)
    }

    /// The limits reach the server from the command line: here a session-opening token.
    @Test func theSessionTokenFlagGuardsDeviceSessions() async throws {
        let db = TemporaryFolder.make().appendingPathComponent("world.db").path
        let token = "team-session-token-0123456789"
        let server = try await ServeProcess.start(database: db, extra: ["--session-token", token, "--session-idle", "90m"])
        let anonymous = try await server.http.post("/v1/sessions", ["device": "d1"])
        let allowed = try await server.http.post("/v1/sessions", ["device": "d1"], bearer: token)
        #expect(await server.stop(SIGTERM) == 0)
        #expect(anonymous.status == 401)
        #expect(allowed.status == 201)
    }
}
