import Foundation
import SimTestSupport

/// Runs a program to its end with a controlled environment, and keeps what it printed.
struct Run {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The `enrollsim` that `swift build` put next to the test bundle.
    static var enrollsim: URL {
        var dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("enrollsim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "/nonexistent/enrollsim (build the enrollsim product: swift build)")
    }

    /// The repository's root, for the files the tests compare with.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The environment the tests start from: none of the runner's settings or NO_COLOR leak in,
    /// and no configuration file is found unless a test points XDG_CONFIG_HOME at one.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ["PATH": "/usr/local/bin:/usr/bin:/bin", "LC_ALL": "C.UTF-8", "HOME": "/nonexistent/enrollsim-home",
                   "XDG_CONFIG_HOME": "/nonexistent/enrollsim-config", "SWIFT_BACKTRACE": "enable=no"]
        env.merge(extra) { $1 }
        return env
    }

    static func program(_ executable: URL, _ arguments: [String], environment: [String: String] = Run.environment(),
                        input: String = "", directory: URL? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        // Standard error goes to a file, so that a full pipe can never block the program.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try ProcessLaunch.run(process)
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let err = (try? Data(contentsOf: errorFile)) ?? Data()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                       stderr: String(decoding: err, as: UTF8.self))
    }

    static func enrollsim(_ arguments: String..., environment: [String: String] = Run.environment(), input: String = "") throws -> Outcome {
        try program(enrollsim, arguments, environment: environment, input: input)
    }

    static func shell(_ script: String, environment: [String: String] = Run.environment(), directory: URL? = nil) throws -> Outcome {
        try program(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: environment, directory: directory)
    }
}

/// A fresh, empty folder under the temporary directory.
func temporaryFolder(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-\(label)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
