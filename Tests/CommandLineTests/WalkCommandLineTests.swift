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
        #expect(failed.stdout.hasPrefix("FAIL  \(tampered):\(index + 1): the answer differs at step Enrollment · step 4·1\n"), "\(failed.stdout)")
        #expect(failed.stdout.contains("    expected  {\"error\":{\"code\":2305"), "\(failed.stdout)")
        #expect(failed.stdout.contains("    got       {\"result\":null,\"status\":\"SUCCEEDED\"}"), "\(failed.stdout)")
        #expect(failed.stdout.hasSuffix("\n0 passed, 1 failed\n"), "\(failed.stdout)")
    }

    /// A folder of walks is a suite: one line per walk, the summary, exit 1 when one failed, and the
    /// JUnit report CI reads (issue 29).
    @Test func replayCheckRunsAFolderAsASuiteWithAJUnitReport() throws {
        let dir = try Self.temporary()
        for name in ["shortcut-enrollment", "steps-cache-trap"] {
            try FileManager.default.copyItem(atPath: Run.repository.appendingPathComponent("Assets/walks/\(name).jsonl").path,
                                             toPath: dir.appendingPathComponent("\(name).jsonl").path)
        }
        let junit = dir.appendingPathComponent("report.xml").path
        let ok = try Run.enrollsim("replay", "--check", dir.path, "--junit", junit)
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        let lines = ok.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(ok.stdout)")
        #expect(lines[0].hasPrefix("PASS  \(dir.path)/shortcut-enrollment.jsonl: "), "\(ok.stdout)")
        #expect(lines[1].hasPrefix("PASS  \(dir.path)/steps-cache-trap.jsonl: "), "\(ok.stdout)")
        #expect(lines[2] == "2 passed, 0 failed")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains(#"tests="2" failures="0""#), "\(xml)")

        let text = try String(contentsOfFile: Self.tour, encoding: .utf8)
        try text.replacingOccurrences(of: #""status":"SUCCEEDED""#, with: #""status":"FAILED""#)
            .write(toFile: dir.appendingPathComponent("zz-tampered.jsonl").path, atomically: true, encoding: .utf8)
        let failed = try Run.enrollsim("replay", "--check", dir.path, "--junit", junit, "--jobs", "1")
        #expect(failed.status == 1)
        #expect(failed.stdout.hasSuffix("\n2 passed, 1 failed\n"), "\(failed.stdout)")
        #expect(failed.stdout.contains("FAIL  \(dir.path)/zz-tampered.jsonl:"), "\(failed.stdout)")
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains(#"tests="3" failures="1""#))
    }

    /// A bug-report bundle is replayed and checked like a walk (issue 29).
    @Test func replayCheckTakesABugReportBundle() throws {
        let dir = try Self.temporary()
        let staged = dir.appendingPathComponent("staged")
        try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.tour, toPath: staged.appendingPathComponent("walk.jsonl").path)
        try "{\"enrollsim\":\"0.3.0\"}\n".write(to: staged.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        try "name: x\n".write(to: staged.appendingPathComponent("world.yaml"), atomically: true, encoding: .utf8)
        let bundle = dir.appendingPathComponent("report.tar.gz").path
        #expect(try Run.shell("tar -czf '\(bundle)' -C '\(staged.path)' manifest.json walk.jsonl world.yaml").status == 0)
        let ok = try Run.enrollsim("replay", "--check", bundle)
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.hasPrefix("PASS  \(bundle): "), "\(ok.stdout)")
    }

    /// Issue 38 (15): one of a thing is said in the singular ("1 screen as expected", "1 control").
    @Test func aPassingWalkCountsInTheSingularWhenThereIsOne() throws {
        let source = Run.repository.appendingPathComponent("Assets/walks/futurae-qr-sdk-pin.jsonl").path
        let lines = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n").map(String.init)
        var dropped = false
        let kept = lines.filter { line in
            guard !dropped, line.contains(#""kind":"expect""#), line.contains("unlocked until") else { return true }
            dropped = true
            return false
        }
        try #require(dropped)
        let walk = try Self.temporary().appendingPathComponent("one-expect.jsonl").path
        try (kept.joined(separator: "\n") + "\n").write(toFile: walk, atomically: true, encoding: .utf8)
        let run = try Run.enrollsim("replay", walk, "--check")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(": 4 calls and 1 control, 1 screen as expected, every answer as recorded\n"), "\(run.stdout)")
    }

    @Test func diffSaysEqualOrTheFirstDifferenceByItsExitStatus() throws {
        let same = try Run.enrollsim("diff", Self.tour, Self.tour)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.contains("saw the same"))

        let other = Run.repository.appendingPathComponent("Assets/walks/wrong-pin-recovery.jsonl").path
        let differ = try Run.enrollsim("diff", Self.tour, other)
        #expect(differ.status == 1, "\(differ.stdout)\(differ.stderr)")
        #expect(differ.stdout.contains("\(Self.tour):"), "\(differ.stdout)")
        #expect(differ.stdout.contains("; --all shows every one\n"), "\(differ.stdout)")
        let all = try Run.enrollsim("diff", "--all", Self.tour, other)
        #expect(all.status == 1)
        #expect(all.stdout.count > differ.stdout.count)

        let missing = try Run.enrollsim("diff", Self.tour, "/nonexistent/walk.jsonl")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/walk.jsonl: no such file"), "\(missing.stderr)")
    }

    /// Issue 38 (10): the screen an answer changed is labelled after that answer's call (its line or
    /// a later one, and its step), not with the key before it.
    @Test func diffLabelsAScreenWithTheAnswerThatChangedIt() throws {
        let text = try String(contentsOfFile: Self.tour, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("enrollWithPhoneNumber") && $0.contains("\"kind\":\"call\"") })
        lines[index] = lines[index].replacingOccurrences(of: #""answer":{"result":null,"status":"SUCCEEDED""#,
                                                         with: #""answer":{"error":{"code":2305,"label":"The sms code is invalid"},"status":"FAILED""#)
        let tampered = try Self.temporary().appendingPathComponent("tampered.jsonl").path
        try lines.joined(separator: "\n").write(toFile: tampered, atomically: true, encoding: .utf8)
        let run = try Run.enrollsim("diff", "--all", Self.tour, tampered)
        #expect(run.status == 1, "\(run.stderr)")
        let heads = run.stdout.split(separator: "\n").filter { $0.hasPrefix(Self.tour + ":") }
        #expect(heads.first?.hasPrefix("\(Self.tour):\(index + 1): call at step Enrollment · step 4·1") == true, "\(heads)")
        let screen = try #require(heads.first { $0.contains("the screen differs") }, "\(run.stdout.prefix(2000))")
        let line = try #require(Int(screen.dropFirst(Self.tour.count + 1).prefix { $0.isNumber }))
        #expect(line >= index + 1, "the screen is labelled before the call that changed it: \(screen)")
        #expect(screen.hasSuffix("the screen differs at step Enrollment · step 4·1"), "\(screen)")
    }

    @Test func aBrokenLineIsRefusedWithItsLine() throws {
        let text = try String(contentsOfFile: Self.tour, encoding: .utf8)
        let broken = try Self.temporary().appendingPathComponent("broken.jsonl").path
        try (text.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n{\"kind\":\"key\",\"t\":1}\n").write(toFile: broken, atomically: true, encoding: .utf8)
        let outcome = try Run.enrollsim("replay", broken, "--check")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("FAIL  \(broken):4: missing \"key\""), "\(outcome.stdout)")
    }

    /// Issue 30: `export --cast` keeps a long walk's last 500 screens (memory bounded by that count),
    /// and its title and standard error say how many of how many. The walk: the tour, then the help
    /// opened and closed 300 times (a new screen each key).
    @Test func aLongWalksCastKeepsItsLastScreensAndSaysSo() throws {
        let dir = try Self.temporary()
        var lines = try String(contentsOfFile: Self.tour, encoding: .utf8).split(separator: "\n").map(String.init)
        let last = try JSONSerialization.jsonObject(with: Data(try #require(lines.last).utf8)) as? [String: Any]
        let t = last?["t"] as? Int ?? 0
        for i in 0..<600 { lines.append(#"{"key":"\#(i % 2 == 0 ? "?" : "Esc")","kind":"key","t":\#(t + 50 * (i + 1))}"#) }
        let walk = dir.appendingPathComponent("long.jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: walk, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("long.cast").path
        let outcome = try Run.enrollsim("export", walk, "--cast", out)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let cast = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(cast.filter { $0.contains(#", "o", "#) }.count == 500)
        let header = try JSONSerialization.jsonObject(with: Data(String(try #require(cast.first)).utf8)) as? [String: Any]
        let title = try #require(header?["title"] as? String)
        let seen = try #require(title.components(separatedBy: "(the last 500 of ").last?.split(separator: " ").first.flatMap { Int($0) }, "\(title)")
        #expect(seen > 600)
        #expect(outcome.stderr.contains("\(out) keeps the last 500 of the walk's \(seen) screens"), "\(outcome.stderr)")
    }

    /// Issue 30 (6): a walk carrying a YAML alias bomb in its scenario is refused by `replay --check`
    /// with the reason, long before the bomb could be expanded (ten levels: 10^10 values). A time
    /// limit, not a duration asserted.
    @Test(.timeLimit(.minutes(5))) func aWalkCarryingAnAliasBombIsRefused() throws {
        var lines = try String(contentsOfFile: Self.tour, encoding: .utf8).split(separator: "\n").map(String.init)
        var header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        var scenario = try #require(header["scenario"] as? [String: Any])
        var bomb = try #require(scenario["yaml"] as? String) + "\nbomb:\n  l0: &l0 [" + Array(repeating: "\"lol\"", count: 10).joined(separator: ", ") + "]\n"
        for level in 1...10 { bomb += "  l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        scenario["yaml"] = bomb
        header["scenario"] = scenario
        lines[0] = String(decoding: try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]), as: UTF8.self)
        let walk = try Self.temporary().appendingPathComponent("bomb.jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: walk, atomically: true, encoding: .utf8)
        let outcome = try Run.enrollsim("replay", walk, "--check")
        #expect(outcome.status != 0)
        #expect((outcome.stdout + outcome.stderr).contains("aliases here stand for more than 100000 values"), "\(outcome.stdout)\(outcome.stderr)")
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

    /// Issue 42: `export --html` and `demo NAME --html` write the same page of the same walk; neither
    /// replaces a file without --force, and the file is kept as it was.
    @Test func exportAndDemoWriteTheWalkPage() throws {
        let dir = try Self.temporary()
        let exported = dir.appendingPathComponent("w.html").path, demo = dir.appendingPathComponent("demo.html").path
        let export = try Run.enrollsim("export", Self.tour, "--html", exported)
        #expect(export.status == 0, "\(export.stderr)")
        let page = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<title>The shortcut enrollment (4·1) on a fresh account</title>"))
        #expect(try Run.enrollsim("demo", "shortcut-enrollment", "--html", demo).status == 0)
        #expect(try String(contentsOfFile: demo, encoding: .utf8) == page)

        try "mine".write(toFile: demo, atomically: true, encoding: .utf8)
        let again = try Run.enrollsim("demo", "shortcut-enrollment", "--html", demo)
        #expect(again.status != 0)
        #expect(again.stderr.contains("exists already"), "\(again.stderr)")
        #expect(try String(contentsOfFile: demo, encoding: .utf8) == "mine")
        #expect(try Run.enrollsim("demo", "shortcut-enrollment", "--html", demo, "--force").status == 0)
        #expect(try String(contentsOfFile: demo, encoding: .utf8) == page)

        let unknown = try Run.enrollsim("demo", "no-such-tour", "--html", dir.appendingPathComponent("x.html").path)
        #expect(unknown.status != 0 && unknown.stderr.contains("no tour named"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.html").path))
    }
}
