import Foundation
import SimTestSupport
import Synchronization

/// The built `enrollsim` binary run as `enrollsim serve`, for what only a real process shows: a
/// `kill -9`, signals, the command line. Standard error is read continuously (so the server never
/// blocks on it) and searched for the "listening on" line to learn the port.
///
/// No server outlives its test: one still running when its `ServeProcess` goes away (a test that
/// failed or threw before `stop`) is killed then, and a watchdog kills it when the test process
/// ends however it ends (`ChildReaper`).
final class ServeProcess: Sendable {
    let process: Process
    let port: Int
    /// Everything the server wrote on standard error so far.
    let errors: StderrLog
    let reaper: ChildReaper

    static let admin = "process-admin-token-0123456789"

    static var binary: URL {
        get throws {
            // The test bundle sits beside the products it was built with.
            let candidates = [
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("enrollsim"),
                Bundle.main.bundleURL.appendingPathComponent("enrollsim"),
                Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("enrollsim"),
                URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent(".build/debug/enrollsim"),
            ]
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw Failure("no enrollsim binary near the tests (\(candidates.map(\.path))): run swift build first")
            }
            return found
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// A `serve` child started from `binary` with the admin token, its stderr read as it grows
    /// (each element: the whole log so far), watched by a reaper.
    struct Launched {
        let process: Process
        let lines: AsyncStream<String>
        let errors: StderrLog
        let reaper: ChildReaper
    }

    static func launch(_ binary: URL, _ arguments: [String]) throws -> Launched {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["ENROLLSIM_ADMIN_TOKEN"] = admin
        process.environment = env
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        let (lines, continuation) = AsyncStream<String>.makeStream()
        let errors = StderrLog()
        stderr.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                continuation.finish()
                return
            }
            continuation.yield(errors.append(String(decoding: data, as: UTF8.self)))
        }
        try ProcessLaunch.run(process)
        return Launched(process: process, lines: lines, errors: errors, reaper: try ChildReaper(watching: process))
    }

    /// Starts `enrollsim serve --port 0 …` and waits for it to listen.
    static func start(database: String, scenario: String = "fresh", extra: [String] = []) async throws -> ServeProcess {
        let child = try launch(try binary, ["serve", "--port", "0", "--db", database, "--scenario", scenario, "--log-level", "notice"] + extra)
        for await text in child.lines {
            if let range = text.range(of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression),
               let port = Int(text[range].split(separator: ":").last ?? "") {
                return ServeProcess(process: child.process, port: port, errors: child.errors, reaper: child.reaper)
            }
        }
        child.process.waitUntilExit()
        child.reaper.dismiss()
        throw Failure("enrollsim serve exited (\(child.process.terminationStatus)) before listening: \(child.errors.text)")
    }

    private init(process: Process, port: Int, errors: StderrLog, reaper: ChildReaper) {
        self.process = process
        self.port = port
        self.errors = errors
        self.reaper = reaper
    }

    deinit { reaper.reap() }

    var url: String { "http://127.0.0.1:\(port)" }
    var http: TestHTTP { TestHTTP(base: url) }

    /// Sends a signal and waits for the process to end; returns its termination status.
    @discardableResult
    func stop(_ signal: Int32) async -> Int32 {
        kill(process.processIdentifier, signal)
        await Task.detached { [process] in process.waitUntilExit() }.value
        reaper.dismiss()
        return process.terminationStatus
    }
}

/// Ends a child process that a test left running. In this process: `reap()` kills it (SIGKILL) and
/// waits. When this process ends (a crash, a time limit, `swift test` stopped): a watchdog shell,
/// whose standard input is a pipe only this process holds, sees end of file and kills the child,
/// if it is still the same process (its start time, so that a reused pid is left alone).
final class ChildReaper: Sendable {
    let child: Process
    private let lifeline: Pipe
    private let lifelineOpen = Mutex(true)

    init(watching child: Process) throws {
        self.child = child
        lifeline = Pipe()
        let pid = child.processIdentifier
        // Field 22 of /proc/PID/stat: the start time (the name before it has no spaces: enrollsim).
        let started = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?
            .split(separator: " ").dropFirst(21).first.map(String.init) ?? "unknown"
        let watchdog = Process()
        watchdog.executableURL = URL(fileURLWithPath: "/bin/sh")
        // `cat` returns at end of file: when this process closes the pipe or ends.
        watchdog.arguments = ["-c", #"cat >/dev/null; [ "$(cut -d' ' -f22 /proc/$0/stat 2>/dev/null)" = "$1" ] && kill -KILL "$0""#,
                              String(pid), started]
        watchdog.standardInput = lifeline
        watchdog.standardOutput = FileHandle.nullDevice
        watchdog.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(watchdog)
    }

    /// The child ended as the test meant: the watchdog, its pipe closed, finds it gone and ends.
    func dismiss() { dropLifeline() }

    /// What happens when this process ends: the pipe closes, and the watchdog kills the child if it
    /// still runs.
    func dropLifeline() {
        guard lifelineOpen.withLock({ o in defer { o = false }; return o }) else { return }
        try? lifeline.fileHandleForWriting.close()
    }

    /// Kills the child if it still runs, waits for it, then dismisses the watchdog.
    func reap() {
        if child.isRunning {
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
        }
        dismiss()
    }
}

final class StderrLog: Sendable {
    private let buffer = Mutex("")
    var text: String { buffer.withLock { $0 } }
    /// Appends and returns the whole text so far.
    func append(_ more: String) -> String { buffer.withLock { $0 += more; return $0 } }
}
