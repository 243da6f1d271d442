import Foundation
import SimTestSupport
import Testing

/// Issue 30 from outside: what the CLI prints and writes carries no terminal control from a
/// scenario or a walk, exports are private and never half-written or overwritten by surprise,
/// duration flags are range-checked, and a refused backend URL keeps its credentials to itself.
@Suite struct SafetyCommandLineTests {
    static let tour = WalkCommandLineTests.tour

    static func temporary() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static let fresh = try! String(contentsOf: Run.repository.appendingPathComponent("Assets/scenarios/fresh.yaml"), encoding: .utf8)

    // MARK: The CLI's output

    @Test(arguments: TerminalPayload.all)
    func scenariosCheckRefusesAPayloadNameWithItsLine(_ payload: TerminalPayload) throws {
        let dir = try Self.temporary()
        for (form, written) in [("escape", payload.yamlEscape), ("raw", payload.text)] {
            let file = dir.appendingPathComponent("\(form).yaml").path
            try Self.fresh.replacingOccurrences(of: "name: fresh", with: "name: \"\(written)\"")
                .write(toFile: file, atomically: true, encoding: .utf8)
            let outcome = try Run.enrollsim("scenarios", "check", file)
            #expect(outcome.status != 0, "\(form): \(outcome.stdout)")
            #expect(outcome.stderr.contains("\(file):1: "), "\(form): \(outcome.stderr)")
            #expect(!TerminalPayload.holdsUnsafe(outcome.stdout + outcome.stderr.replacingOccurrences(of: "\n", with: "")),
                    "\(form): \(outcome.stderr.debugDescription)")
        }
    }

    @Test(arguments: TerminalPayload.all)
    func aFileNamedWithAPayloadIsPrintedEscaped(_ payload: TerminalPayload) throws {
        // The name the CLI prints back comes from outside too: here the file's own name.
        let dir = try Self.temporary()
        let file = dir.appendingPathComponent("s\(payload.text.replacingOccurrences(of: "/", with: "")).yaml").path
        try Self.fresh.write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = try Run.enrollsim("scenarios", "check", file)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains(": ok (fresh, "), "\(outcome.stdout)")
        #expect(!TerminalPayload.holdsUnsafe(outcome.stdout.replacingOccurrences(of: "\n", with: "")), "\(outcome.stdout.debugDescription)")
    }

    // MARK: Exports

    /// The tour with its header's device, username and title set to `text`.
    static func tamperedTour(_ text: String, in dir: URL) throws -> String {
        var lines = try String(contentsOfFile: tour, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        var session = header["session"] as? [String: Any] ?? [:]
        session["device"] = text
        session["username"] = "u" + text
        header["session"] = session
        header["title"] = "t" + text
        lines[0] = String(decoding: try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]), as: UTF8.self)
        let path = dir.appendingPathComponent("tampered.jsonl").path
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: TerminalPayload.all)
    func aMarkdownExportCarriesNoPayload(_ payload: TerminalPayload) throws {
        let dir = try Self.temporary()
        let walk = try Self.tamperedTour(payload.text, in: dir)
        let out = dir.appendingPathComponent("w.md").path
        let outcome = try Run.enrollsim("export", walk, "--markdown", out, "--batch", dir.appendingPathComponent("w.jsonl").path)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let markdown = try String(contentsOfFile: out, encoding: .utf8)
        #expect(markdown.contains("device f\\u{"), "\(markdown.prefix(400))")
        #expect(!TerminalPayload.holdsUnsafe(markdown.replacingOccurrences(of: "\n", with: "")), "\(markdown.prefix(400).debugDescription)")
        let batch = try String(contentsOfFile: dir.appendingPathComponent("w.jsonl").path, encoding: .utf8)
        #expect(!TerminalPayload.holdsUnsafe(batch.replacingOccurrences(of: "\n", with: "")))
    }

    @Test func exportsAreOwnerOnlyAndNeverReplaceAFileUnasked() throws {
        let dir = try Self.temporary()
        let paths = ["w.cast", "w.md", "w.jsonl"].map { dir.appendingPathComponent($0).path }
        let first = try Run.enrollsim("export", Self.tour, "--cast", paths[0], "--markdown", paths[1], "--batch", paths[2])
        #expect(first.status == 0, "\(first.stderr)")
        for path in paths {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode == 0o600, "\(path): \(String(mode, radix: 8))")
        }
        try "kept".write(toFile: paths[1], atomically: true, encoding: .utf8)
        let again = try Run.enrollsim("export", Self.tour, "--markdown", paths[1])
        #expect(again.status != 0)
        #expect(again.stderr.contains("exists already") && again.stderr.contains("--force"), "\(again.stderr)")
        #expect(try String(contentsOfFile: paths[1], encoding: .utf8) == "kept")
        let forced = try Run.enrollsim("export", Self.tour, "--markdown", paths[1], "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: paths[1], encoding: .utf8).contains("```mermaid"))
        // No temporary file is left beside them.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["w.cast", "w.jsonl", "w.md"])
    }

    @Test func anExportOntoAFullDeviceFailsClearly() throws {
        let refused = try Run.enrollsim("export", Self.tour, "--markdown", "/dev/full")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("/dev/full exists already"), "\(refused.stderr)")
        let full = try Run.enrollsim("export", Self.tour, "--markdown", "/dev/full", "--force")
        #expect(full.status != 0)
        #expect(full.stderr.contains("cannot write /dev/full: No space left on device"), "\(full.stderr)")
        // The device is still a device (never replaced by a file).
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    // MARK: Flags and messages

    @Test(arguments: [
        ("--session-idle", "1e300h", "between 1s and 8784h"), ("--session-idle", "0.0001ms", "between 1s and 8784h"),
        ("--idle-timeout", "1e300h", "between 100ms and 24h"), ("--idle-timeout", "0.0001ms", "between 100ms and 24h"),
        ("--request-timeout", "9e18s", "between 100ms and 1h"), ("--request-timeout", "-5s", "between 100ms and 1h"),
        ("--session-idle", "nan", "a duration such as"), ("--idle-timeout", "inf", "a duration such as"),
    ])
    func aDurationOutOfRangeIsAUsageError(flag: String, value: String, expected: String) throws {
        let outcome = try Run.enrollsim("serve", "--db", "/nonexistent/never-opened.db", "\(flag)=\(value)")
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("\(flag) must be"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(expected), "\(outcome.stderr)")
    }

    @Test func aBackendURLWithCredentialsIsRefusedWithoutThem() throws {
        let outcome = try Run.enrollsim("batch", "--backend", "http://alice:s3cret-pw@127.0.0.1:9", input: "{}\n")
        #expect(outcome.status != 0)
        #expect(!(outcome.stdout + outcome.stderr).contains("s3cret-pw"), "\(outcome.stderr)")
        #expect(!(outcome.stdout + outcome.stderr).contains("alice"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("must not carry a user or password"), "\(outcome.stderr)")
    }
}
