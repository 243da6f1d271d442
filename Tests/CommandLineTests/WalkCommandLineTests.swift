import Foundation
import Testing

/// The walk commands from outside, on the tours kept in Assets/walks: `replay --check` passes, a
/// tampered answer fails with exit 1 and the divergence, a broken line is refused with its line,
/// `export` writes the three formats, `coverage` reports, `demo` lists the tours.
@Suite struct WalkCommandLineTests {
    static let tour = Run.repository.appendingPathComponent("Assets/walks/shortcut-enrollment.jsonl").path

    static func temporary() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-walk-cli-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func replayCheckPassesThenFailsOnATamperedAnswer() throws {
        let ok = try Run.enrollsim("replay", Self.tour, "--check")
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.contains("every answer as recorded"))

        // The recorded answer of the shortcut (R8) made a failure: the world answers otherwise now.
        let text = try String(contentsOfFile: Self.tour, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("enrollWithPhoneNumber") && $0.contains("\"kind\":\"call\"") })
        lines[index] = lines[index].replacingOccurrences(of: #""answer":{"result":null,"status":"SUCCEEDED""#,
                                                         with: #""answer":{"error":{"code":2305,"label":"The sms code is invalid"},"status":"FAILED""#)
        let tampered = try Self.temporary().appendingPathComponent("tampered.jsonl").path
        try lines.joined(separator: "\n").write(toFile: tampered, atomically: true, encoding: .utf8)
        let failed = try Run.enrollsim("replay", tampered, "--check")
        #expect(failed.status == 1)
        #expect(failed.stdout.hasPrefix("\(tampered):\(index + 1): the answer differs at step Enrollment · step 4·1\n"), "\(failed.stdout)")
        #expect(failed.stdout.contains("  expected  {\"error\":{\"code\":2305"), "\(failed.stdout)")
        #expect(failed.stdout.contains("  got       {\"result\":null,\"status\":\"SUCCEEDED\"}"), "\(failed.stdout)")
    }

    @Test func aBrokenLineIsRefusedWithItsLine() throws {
        let text = try String(contentsOfFile: Self.tour, encoding: .utf8)
        let broken = try Self.temporary().appendingPathComponent("broken.jsonl").path
        try (text.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n{\"kind\":\"key\",\"t\":1}\n").write(toFile: broken, atomically: true, encoding: .utf8)
        let outcome = try Run.enrollsim("replay", broken, "--check")
        #expect(outcome.status != 0)
        #expect(outcome.stderr.contains("\(broken):4: missing \"key\""), "\(outcome.stderr)")
    }

    @Test func exportCoverageAndDemo() throws {
        let dir = try Self.temporary()
        let outcome = try Run.enrollsim("export", Self.tour, "--cast", dir.appendingPathComponent("w.cast").path,
                                        "--markdown", dir.appendingPathComponent("w.md").path, "--batch", dir.appendingPathComponent("w.jsonl").path)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let cast = try String(contentsOf: dir.appendingPathComponent("w.cast"), encoding: .utf8)
        #expect(cast.hasPrefix("{\"env\":{\"TERM\":\"xterm-256color\"},\"height\":32,"))
        #expect(try String(contentsOf: dir.appendingPathComponent("w.md"), encoding: .utf8).contains("```mermaid"))
        let batch = try Run.enrollsim("batch", input: try String(contentsOf: dir.appendingPathComponent("w.jsonl"), encoding: .utf8))
        #expect(batch.stdout.hasPrefix("{\"ok\":true,\"scenario\":\"fresh\"}\n"), "\(batch.stdout.prefix(300))")
        #expect(batch.stdout.contains("\"isDeviceActivated\":false"))

        let coverage = try Run.enrollsim("coverage", Self.tour, "--format", "json")
        #expect(coverage.status == 0)
        #expect(coverage.stdout.contains("\"rule\": \"R8\""), "\(coverage.stdout.prefix(400))")

        let demo = try Run.enrollsim("demo")
        #expect(demo.stdout.contains("shortcut-enrollment"))
        #expect(demo.stdout.contains("steps-cache-trap"))
        #expect(demo.stdout.contains("wrong-pin-recovery"))
    }
}
