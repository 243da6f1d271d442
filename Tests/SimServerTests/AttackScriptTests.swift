import Foundation
import SimTestSupport
import Testing

/// Issue 30: the attack scripts of scripts/attack/, each small enough here to be bounded, against a
/// loopback `enrollsim serve` of its own (the built binary). Each script exits non-zero when the
/// server falls short: a normal client not answered, a stream quota without 429, new users locked
/// out, a raw control character in an output. Probes are given a minute each: answers are checked,
/// not times (the figures are in docs/server-reliability.md).
@Suite(.serialized) struct AttackScriptTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/attack")

    /// Runs a script; its exit status and what it printed.
    static func run(_ script: String, _ arguments: [String], serveFlags: String = "") async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [scripts.appendingPathComponent(script).path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["ENROLLSIM_BIN"] = try ServeProcess.binary.path
        environment["SERVE_FLAGS"] = serveFlags
        environment["PROBE_PATIENCE"] = "60"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try ProcessLaunch.run(process)
        let text = await Task.detached { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }.value
        await Task.detached { process.waitUntilExit() }.value
        return (process.terminationStatus, text)
    }

    /// Issue 43: the kept-alive client (Python's http.client, which never retries) loses no request.
    @Test func idleKeepAliveConnectionsLeaveANormalClientServed() async throws {
        let (status, output) = try await Self.run("idle-keepalive.sh", ["64", "5"], serveFlags: "--max-connections 64")
        #expect(status == 0, "\(output)")
        #expect(output.contains("closed by the server (and opened again)"), "\(output)")
        #expect(!output.contains("normal client: 0 of"), "\(output)")
        #expect(output.contains("failed: none;"), "\(output)")
    }

    @Test func idleKeepAliveConnectionsFromManyAddressesLeaveAKeptAliveClientServed() async throws {
        let (status, output) = try await Self.run("idle-keepalive.sh", ["64", "5", "--addresses", "64"], serveFlags: "--max-connections 64")
        #expect(status == 0, "\(output)")
        #expect(output.contains("failed: none;"), "\(output)")
        #expect(output.contains("answers said Connection: close"), "\(output)")
    }

    /// Issue 43: slowloris heads from many addresses, reopened as the server gives them up, leave a
    /// new client served (each probe given 10 s, the request deadline: none may fail).
    @Test func slowlorisFromManyAddressesLeavesANewClientServed() async throws {
        let (status, output) = try await Self.run("slowloris.sh", ["64", "5", "--addresses", "64", "--reopen"], serveFlags: "--max-connections 64")
        #expect(status == 0, "\(output)")
        #expect(output.contains(", 0 failed"), "\(output)")
    }

    @Test func streamsBeyondTheQuotaAreRefusedAndANormalClientServed() async throws {
        let (status, output) = try await Self.run("stream-exhaustion.sh", ["40", "5"], serveFlags: "--max-connections 64")
        #expect(status == 0, "\(output)")
        #expect(output.contains("8 answered 200, 32 answered 429 (Retry-After: 30)"), "\(output)")
    }

    @Test func aRotatingAddressFloodLocksNoNewUserOut() async throws {
        let (status, output) = try await Self.run("session-flood-rotating.sh", ["300"], serveFlags: "--session-cap 100")
        #expect(status == 0, "\(output)")
        #expect(output.contains("a new user after it: 201"), "\(output)")
    }

    @Test func escapePayloadsReachNoOutputRaw() async throws {
        let (status, output) = try await Self.run("escape-payloads.sh", [])
        #expect(status == 0, "\(output)")
        #expect(output.contains("0 with a raw control character; 0 refusals without file and line"), "\(output)")
    }

    /// Issue 43: a counter near Int64.max (and Int64.min, 2^53) traps in no mode.
    @Test func aNumberAtItsLimitsCrashesNoMode() async throws {
        let (status, output) = try await Self.run("number-crash.sh", [])
        #expect(status == 0, "\(output)")
        #expect(output.contains("admin load: {\"error\":\"load: "), "\(output)")
        #expect(!output.contains("server up: no"), "\(output)")
    }

    /// Issue 43: a damaged or foreign database is refused untouched, never re-seeded.
    @Test func aDamagedOrForeignDatabaseIsRefusedUntouched() async throws {
        let (status, output) = try await Self.run("database-damage.sh", [])
        #expect(status == 0, "\(output)")
        #expect(output.contains("no-live-document: exit status 65"), "\(output)")
        #expect(output.contains("foreign: exit status 65"), "\(output)")
        #expect(output.contains("is a hot journal"), "\(output)")
        #expect(output.contains("file or folder left: no"), "\(output)")
    }
}
