import Foundation
import SimServer
import Testing

/// docs/futurae-auth-api.md's worked example, scripts/futurae-auth-demo.py, run as written against
/// the server: it signs like a real client (FA2) and walks enroll → scan → poll → login → approve.
@Suite struct AuthAPIScriptTests {
    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/futurae-auth-demo.py").path
    }

    /// Runs the script; its exit status and everything it printed.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await Shell.run("/usr/bin/env", ["python3", script] + arguments, in: FileManager.default.temporaryDirectory)
    }

    static func arguments(url: String, username: String) -> [String] {
        ["--url", url, "--service-id", AuthAPITests.serviceId, "--key", AuthAPITests.key, "--username", username,
         "--play-phone", "--poll", "0.2", "--timeout", "60"]
    }

    @Test func theWorkedExampleEnrollsAndLogsInOverPlainHTTP() async throws {
        try await AuthAPITests.withAuthServer { server in
            let (status, output) = try await Self.run(Self.arguments(url: server.url, username: "dave@example.com"))
            #expect(status == 0, "\(output)")
            #expect(output.contains("enroll_status: success on demo-phone"), "\(output)")
            #expect(output.contains("preauth: auth"), "\(output)")
            #expect(output.contains("auth/status: allow"), "\(output)")
            // It created what the back office lists.
            #expect(server.core.world.futurae.users.contains { $0.username == "dave@example.com" })
            #expect(server.core.world.futurae.authSessions.count == 1)
        }
    }

    @Test func theWorkedExampleRefusesAWrongKey() async throws {
        try await AuthAPITests.withAuthServer { server in
            var arguments = Self.arguments(url: server.url, username: "erin@example.com")
            arguments[arguments.firstIndex(of: AuthAPITests.key)!] = "not-the-service-key-at-all"
            let (status, output) = try await Self.run(arguments)
            #expect(status == 2, "\(output)")
            #expect(output.contains("401"), "\(output)")
        }
    }
}

/// Blocking work (a child process's output, its exit) on a thread of its own, not one of the few
/// threads Swift's concurrency runs everything on.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
