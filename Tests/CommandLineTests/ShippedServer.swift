import Foundation
import SimTestSupport

/// `enrollsim serve` from the shipped tarball (ReleaseTests.unpacked: the real release when
/// ENROLLSIM_RELEASE_TARBALL names it, else the debug build packaged the same way), started as a
/// user starts it: default flags but a free port, a home of its own (so the default database
/// path), the generated admin token read from standard output.
///
/// Its work blocks (a process's start, a client run to its end), so the tests do it on threads of
/// their own (`start`, `run`, `stopped`): a client loop of a minute on one of the few threads Swift's
/// concurrency shares between all tests would stall every in-process server of the run.
/// `@unchecked Sendable`: its stored properties are constants, and a test calls it one call at a time.
final class ShippedServer: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let process: Process
    let home: URL
    let url: String
    let adminToken: String
    private let stderrFile: URL

    /// Whether the binary serves HTTPS: the release is built with the package trait TLS
    /// (scripts/release.sh), a debug build only when `swift test --traits TLS` made it.
    static var hasTLS: Bool {
        #if TLS
        return true
        #else
        return (try? ReleaseTests.unpacked.get().isRelease) ?? false
        #endif
    }

    /// Why the HTTPS tests did not run, and the command that runs them.
    static let withoutTLS = "this enrollsim has no HTTPS: run `swift test --traits TLS`, or give the release tarball, "
        + "ENROLLSIM_RELEASE_TARBALL=$(scripts/release.sh | tail -1) swift test (what .ci/run does)"

    /// Starts it with `arguments` after `serve --port 0 --address-file …`, and waits until it listens.
    init(_ arguments: [String] = []) throws {
        let binary = try ReleaseTests.unpacked.get().binary
        home = try temporaryFolder("shipped-home")
        let addressFile = home.appendingPathComponent("address")
        stderrFile = home.appendingPathComponent("serve.stderr")
        let stdoutFile = home.appendingPathComponent("serve.stdout")
        for file in [stderrFile, stdoutFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0", "--address-file", addressFile.path] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": home.path, "LC_ALL": "C.UTF-8"]
        process.currentDirectoryURL = home
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        try ProcessLaunch.run(process)
        // Patience for a busy machine: only a server that never starts reaches the end.
        var address: String?
        for _ in 0..<1200 {
            if let text = try? String(contentsOf: addressFile, encoding: .utf8), text.hasSuffix("\n") {
                address = text.trimmingCharacters(in: .whitespacesAndNewlines)
                break
            }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let standardOutput = (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? ""
        guard let address, let token = standardOutput.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines),
              standardOutput.hasPrefix("enrollsim serve: generated admin token: ") else {
            let errors = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            throw Failure(description: "enrollsim serve did not start: \(errors)")
        }
        url = address
        adminToken = token
    }

    deinit { stop() }

    static func start(_ arguments: [String] = []) async throws -> ShippedServer {
        try await onOwnThread { try ShippedServer(arguments) }
    }

    func run(_ script: String, environment: [String: String] = [:]) async throws -> Run.Outcome {
        try await onOwnThread { try self.client(script, environment: environment) }
    }

    func stopped() async -> Int32 {
        (try? await onOwnThread { self.stop() }) ?? -1
    }

    /// What it wrote on standard error so far.
    var errors: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// The self-signed certificate `--tls-self-signed` wrote beside the default database.
    var certificate: String { home.appendingPathComponent(".local/share/enrollsim/enrollsim.db.tls-cert.pem").path }

    /// SIGTERM, then the wait: the graceful stop a user's Ctrl-C gives.
    @discardableResult
    func stop() -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A command (a client nobody here wrote) run to its end in the server's home.
    func client(_ script: String, environment extra: [String: String] = [:]) throws -> Run.Outcome {
        var environment = Run.environment(["HOME": home.path, "S": url, "A": adminToken, "CLIENTS": Self.clients.path])
        environment.merge(extra) { $1 }
        // As from a user's shell: the test process starts children with most signals blocked (a
        // script's `kill` of its background curl would never arrive), so the mask is emptied first.
        // coreutils' timeout is a patience limit for a client that hangs, never reached by one that
        // works: it ends the client's whole process group, background jobs included.
        return try Run.program(URL(fileURLWithPath: "/usr/bin/python3"),
                               ["-c", Self.unblocked, "/usr/bin/timeout", "--kill-after=10", "900", "/bin/bash", "-c", script],
                               environment: environment, directory: home)
    }

    /// Execs its arguments with no signal blocked.
    static let unblocked = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, set()); os.execv(sys.argv[1], sys.argv[1:])"

    /// scripts/clients: the clients' scripts and the Java source.
    static let clients = Run.repository.appendingPathComponent("scripts/clients")

    /// Counts like `201 1000` (status, number), as the loop scripts print them.
    static func counts(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let number = Int(fields[1]) { counts[String(fields[0]), default: 0] += number }
        }
        return counts
    }
}

/// Blocking work on a thread of its own, not one of the few threads Swift's concurrency runs every
/// test's tasks on.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
