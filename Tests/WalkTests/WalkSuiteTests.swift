import Enrollment
import EnrollsimAssets
import Foundation
import SimKernel
import SimTestSupport
import SimWorld
import Testing
import Walk
import WalkPlayer

/// Walks as a test suite (issue 29): a folder checked walk by walk with its JUnit report, screen
/// expectations that hold and that do not, and `diff` between walks.
@Suite struct WalkSuiteTests {
    static let keptTours = EnrollsimAssets.walksDirectory.path

    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("walk-suite-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A kept tour's lines, for tampering.
    static func lines(of tour: String) throws -> [String] {
        try String(contentsOfFile: keptTours + "/" + tour + ".jsonl", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    static func write(_ lines: [String], to url: URL) throws {
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    static let check: WalkSuite.Checker = { file in
        try await WalkScreenCheck.check(try Walk.read(path: file), file: file, open: WalkTests.inProcess)
    }

    /// The shortcut tour with its R8 answer made a failure: the world answers otherwise now.
    static func tamperedShortcut() throws -> (lines: [String], line: Int) {
        var lines = try lines(of: "shortcut-enrollment")
        let index = try #require(lines.firstIndex { $0.contains("enrollWithPhoneNumber") && $0.contains("\"kind\":\"call\"") })
        lines[index] = lines[index].replacingOccurrences(of: #""answer":{"result":null,"status":"SUCCEEDED""#,
                                                         with: #""answer":{"error":{"code":2305,"label":"The sms code is invalid"},"status":"FAILED""#)
        return (lines, index + 1)
    }

    @Test func aFolderIsCheckedWalkByWalkInPathOrderWithOneTampered() async throws {
        let dir = try Self.folder()
        for name in ["shortcut-enrollment", "steps-cache-trap", "card-auto-enrollment"] {
            try FileManager.default.copyItem(atPath: Self.keptTours + "/\(name).jsonl", toPath: dir.appendingPathComponent("\(name).jsonl").path)
        }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("nested"), withIntermediateDirectories: true)
        let (tampered, line) = try Self.tamperedShortcut()
        try Self.write(tampered, to: dir.appendingPathComponent("nested/a-tampered.jsonl"))
        try "not a walk".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)

        let files = WalkSuite.files([dir.path])
        #expect(files.map { URL(fileURLWithPath: $0).lastPathComponent }
                == ["card-auto-enrollment.jsonl", "a-tampered.jsonl", "shortcut-enrollment.jsonl", "steps-cache-trap.jsonl"])

        let results = await WalkSuite.run(files, parallel: 2, check: Self.check)
        #expect(results.map(\.file) == files)
        #expect(results.map(\.passed) == [true, false, true, true])
        let failed = results[1]
        #expect(failed.failureSummary == "\(dir.path)/nested/a-tampered.jsonl:\(line): the answer differs at step Enrollment · step 4·1")
        for passed in results where passed.passed {
            guard case .passed(let report) = passed.outcome else { continue }
            #expect(report.expectations > 0, "\(passed.file) keeps no expectation")
        }

        let report = WalkSuite.report(results)
        let reportLines = report.split(separator: "\n").map(String.init)
        #expect(reportLines.last == "3 passed, 1 failed")
        #expect(reportLines.filter { $0.hasPrefix("PASS  ") }.count == 3)
        #expect(reportLines.contains("FAIL  \(dir.path)/nested/a-tampered.jsonl:\(line): the answer differs at step Enrollment · step 4·1"))
        #expect(report.contains("    expected  {\"error\":{\"code\":2305"), "\(report)")
    }

    @Test func aRefusedWalkAndAMissingOneFailWithTheirReason() async throws {
        let dir = try Self.folder()
        let broken = dir.appendingPathComponent("broken.jsonl")
        try Self.write(Array(try Self.lines(of: "shortcut-enrollment").prefix(3)) + [#"{"kind":"key","t":1}"#], to: broken)
        let missing = dir.appendingPathComponent("missing.jsonl").path
        let results = await WalkSuite.run([broken.path, missing], parallel: 4, check: Self.check)
        #expect(results.map(\.failureSummary) == ["\(broken.path):4: missing \"key\"", "\(missing): no such file"])
        #expect(WalkSuite.report(results).hasSuffix("0 passed, 2 failed\n"))
    }

    /// The report CI reads: valid against the schema of what JUnit readers take (xmllint), with the
    /// counts, one testcase per walk, and the failure's file and line in its message.
    @Test func theJUnitReportIsValidAndCarriesTheDivergence() async throws {
        let dir = try Self.folder()
        let (tampered, line) = try Self.tamperedShortcut()
        let bad = dir.appendingPathComponent("tampered <&\"'>.jsonl")
        try Self.write(tampered, to: bad)
        let good = Self.keptTours + "/steps-cache-trap.jsonl"
        let results = await WalkSuite.run([good, bad.path], parallel: 2, check: Self.check)
        let xml = WalkJUnit.xml(results, timestamp: Date(timeIntervalSince1970: 1_790_000_000))
        let report = dir.appendingPathComponent("junit.xml")
        try xml.write(to: report, atomically: true, encoding: .utf8)

        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Schemas/junit.xsd").path
        let lint = try runProgram("/usr/bin/xmllint", ["--noout", "--schema", schema, report.path])
        #expect(lint.status == 0, "\(lint.output)\n\(xml)")

        #expect(xml.contains(#"<testsuite name="enrollsim walks" tests="2" failures="1" errors="0" skipped="0""#), "\(xml)")
        #expect(xml.contains(#"timestamp="2026-09-21T14:13:20">"#), "\(xml)")
        #expect(xml.contains(#"<testcase name="\#(good)" classname="enrollsim.walks""#), "\(xml)")
        let escapedName = bad.path.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        #expect(xml.contains(#"<failure message="\#(escapedName):\#(line): the answer differs at step Enrollment · step 4·1" type="divergence">"#), "\(xml)")
        #expect(xml.components(separatedBy: "<testcase ").count == 3)

        // A schema that would refuse a report without its counts: the check above can fail.
        let countless = xml.replacingOccurrences(of: #" tests="2" failures="1" errors="0" skipped="0""#, with: "")
        let broken = dir.appendingPathComponent("countless.xml")
        try countless.write(to: broken, atomically: true, encoding: .utf8)
        #expect(try runProgram("/usr/bin/xmllint", ["--noout", "--schema", schema, broken.path]).status != 0)
    }

    @Test func anExpectationThatHoldsAndOneThatDoesNot() async throws {
        var lines = try Self.lines(of: "shortcut-enrollment")
        let walk = try Walk.read(path: Self.keptTours + "/shortcut-enrollment.jsonl")
        let kept = walk.entries.count { if case .expect = $0.what { return true }; return false }
        lines.append(#"{"kind":"expect","t":999999,"matches":"alice-iphone is (en|un)rolled"}"#)
        lines.append(#"{"kind":"expect","t":999999,"region":"title","screen":"enrollsim"}"#)
        let dir = try Self.folder()
        let holds = dir.appendingPathComponent("holds.jsonl")
        try Self.write(lines, to: holds)
        let passed = try await WalkScreenCheck.check(try Walk.read(path: holds.path), file: holds.path, open: WalkTests.inProcess)
        #expect(passed.divergence == nil, "\(passed.divergence?.description ?? "")")
        #expect(passed.expectations == kept + 2)

        lines.append(#"{"kind":"expect","t":999999,"region":"banner","screen":"2317 · blocked"}"#)
        let fails = dir.appendingPathComponent("fails.jsonl")
        try Self.write(lines, to: fails)
        let failed = try await WalkScreenCheck.check(try Walk.read(path: fails.path), file: fails.path, open: WalkTests.inProcess)
        let divergence = try #require(failed.divergence)
        let text = divergence.description
        #expect(text.hasPrefix("\(fails.path):\(lines.count): the screen differs at step Enrollment · step 4·1\n"), "\(text)")
        #expect(text.contains(#"  expected  the banner shows "2317 · blocked""#), "\(text)")
        #expect(text.contains("  it showed:"), "the banner as it was, or nothing: \(text)")
    }

    @Test func aScreenExpectationShowsTheScreenItFailedOn() async throws {
        var lines = try Self.lines(of: "steps-cache-trap")
        let at = try #require(lines.firstIndex { $0.contains("\"kind\":\"expect\"") })
        lines.insert(#"{"kind":"expect","t":1,"screen":"a text no screen shows"}"#, at: at)
        let dir = try Self.folder()
        let file = dir.appendingPathComponent("w.jsonl")
        try Self.write(lines, to: file)
        let report = try await WalkScreenCheck.check(try Walk.read(path: file.path), file: file.path, open: WalkTests.inProcess)
        let text = try #require(report.divergence).description
        #expect(text.hasPrefix("\(file.path):\(at + 1): the screen differs"), "\(text)")
        #expect(text.contains("  │  enrollsim"), "the screen's title line: \(text)")
    }

    @Test(arguments: [
        (#"{"kind":"expect","t":1}"#, #"an expectation needs "screen" (a text) or "matches" (a regular expression)"#),
        (#"{"kind":"expect","t":1,"screen":"a","matches":"b"}"#, #"an expectation has "screen" or "matches", not both"#),
        (#"{"kind":"expect","t":1,"matches":"(unclosed"}"#, #""matches" is not a regular expression"#),
        (#"{"kind":"expect","t":1,"screen":"a","region":"footer"}"#, #""region" must be one of screen, title, banner"#),
        (#"{"kind":"expect","t":1,"screen":""}"#, #""screen" must be a non-empty string"#),
    ])
    func aMalformedExpectationIsRefusedWithItsLine(_ line: String, _ reason: String) throws {
        let dir = try Self.folder()
        let file = dir.appendingPathComponent("w.jsonl")
        try Self.write(Array(try Self.lines(of: "shortcut-enrollment").prefix(2)) + [line], to: file)
        #expect {
            _ = try Walk.read(path: file.path)
        } throws: { error in
            "\(error)".hasPrefix("\(file.path):3: \(reason)")
        }
    }

    @Test func anExpectationRoundTripsThroughItsLine() throws {
        let expectations = [WalkExpectation(.text("✓ Enrolled")), WalkExpectation(.regex("^2308"), in: .banner),
                            WalkExpectation(.text("Home"), in: .title)]
        let walk = Walk(header: try Walk.read(path: Self.keptTours + "/shortcut-enrollment.jsonl").header,
                        entries: expectations.map { WalkEntry(t: 5, sim: nil, .expect($0)) })
        let dir = try Self.folder()
        let file = dir.appendingPathComponent("w.jsonl")
        try walk.text.write(to: file, atomically: true, encoding: .utf8)
        #expect(try Walk.read(path: file.path) == walk)
    }

    // MARK: diff

    @Test func aWalkEqualsItselfAndATamperedAnswerIsItsFirstDifference() async throws {
        let original = try Walk.read(path: Self.keptTours + "/shortcut-enrollment.jsonl")
        let observed = await WalkDiff.observations(original)
        #expect(WalkDiff.hunks(observed, observed).isEmpty)
        #expect(observed.contains { $0.kind == .screen } && observed.contains { $0.kind == .call })

        let (tampered, line) = try Self.tamperedShortcut()
        let dir = try Self.folder()
        let file = dir.appendingPathComponent("b.jsonl")
        try Self.write(tampered, to: file)
        let hunks = WalkDiff.hunks(observed, await WalkDiff.observations(try Walk.read(path: file.path)))
        let first = try #require(hunks.first)
        #expect(first.a.first?.kind == .call && first.b.first?.kind == .call)
        #expect(first.a.first?.line == line && first.b.first?.line == line)
        let text = WalkDiff.describe(first, a: "a.jsonl", b: "b.jsonl")
        #expect(text.contains("a.jsonl:\(line): call at step Enrollment · step 4·1\n"), "\(text)")
        #expect(text.contains("  - set pims.authentication.enrollment"), "\(text)")
        #expect(text.contains("  + → {\"error\":{\"code\":2305"), "\(text)")
    }

    /// Two walks that part ways: the one that stopped early is missing what the other went on to see.
    @Test func aShorterWalkMissesWhatTheOtherSaw() async throws {
        let full = try Self.lines(of: "steps-cache-trap")
        let cut = try #require(full.lastIndex { $0.contains("\"kind\":\"key\"") })
        let dir = try Self.folder()
        let short = dir.appendingPathComponent("short.jsonl")
        try Self.write(Array(full.prefix(cut)), to: short)
        let a = await WalkDiff.observations(try Walk.read(path: Self.keptTours + "/steps-cache-trap.jsonl"))
        let b = await WalkDiff.observations(try Walk.read(path: short.path))
        let hunks = WalkDiff.hunks(a, b)
        #expect(hunks.count == 1)
        let hunk = try #require(hunks.first)
        #expect(hunk.b.isEmpty && !hunk.a.isEmpty)
        #expect(WalkDiff.describe(hunk, a: "a", b: "b").contains(", not in b (after its line"))
    }

    @Test func differencesAreAlignedAroundWhatBothSaw() {
        func o(_ k: WalkDiff.Observation.Kind, _ t: String, _ line: Int) -> WalkDiff.Observation {
            .init(kind: k, text: t, line: line, step: "-")
        }
        let a = [o(.screen, "S0", 1), o(.call, "c1", 2), o(.call, "c2", 3), o(.event, "e", 4), o(.call, "c3", 5)]
        let b = [o(.screen, "S0", 1), o(.call, "c1", 2), o(.call, "X", 3), o(.event, "e", 4), o(.call, "c3", 5), o(.call, "c4", 6)]
        let hunks = WalkDiff.hunks(a, b)
        #expect(hunks.map { $0.a.map(\.text) } == [["c2"], []])
        #expect(hunks.map { $0.b.map(\.text) } == [["X"], ["c4"]])
        #expect(hunks.map(\.aLine) == [2, 5])
    }
}

/// Runs a program to its end; its status and what it printed (both streams).
func runProgram(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try ProcessLaunch.run(process)
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Bookmarks from the simulator panel (issue 29): taken and restored by keys, recorded in the walk
/// as controls, so that `replay --check` follows the restore.
@Suite struct PanelBookmarkTests {
    @Test func aRestoreByKeysIsRecordedAndReplays() async throws {
        let (yaml, origin) = try ScenarioLoader.text(of: .named("phone-registered"))
        let world = try ScenarioLoader.parse(yaml: yaml, origin: origin)
        var config = SessionConfig(backend: .inProcess(scenario: "phone-registered"))
        config.device = world.session.device
        config.username = "alice@example.com"
        config.password = "alice-pass"
        let header = WalkHeader(enrollsim: "test", scenario: yaml, scenarioOrigin: origin, session: config.walkFields,
                                width: 100, height: 32, backend: "in-process")
        let path = WalkTests.temporary("bookmarks.jsonl")
        let s = try await WalkScript(path: path, header: header, config: config, backend: InProcessBackend(world: world, honoursLatency: false))
        await s.press("Enter")
        #expect(await s.wait(for: "Home"))
        await s.press("F8")
        #expect(await s.wait(for: "Clock and scenario"))
        await s.press("d")
        #expect(await s.wait(for: "Bookmark the world as it is now"))
        await s.press("Enter")
        #expect(await s.expect("Bookmark mark-1 taken at 2026-01-05T09:00:00Z"))
        await s.press("a")
        #expect(await s.wait(for: "Clock advanced to 2026-01-05T09:01:00Z"))
        await s.press("o")
        #expect(await s.wait(for: "Restore the world to a bookmark"))
        #expect(s.screen.contains("mark-1"), "the newest bookmark is offered:\n\(s.screen)")
        await s.press("Enter")
        // The bookmarked world has its own sessions: the front opens its own again and logs in, on
        // the world as it was, and the panel stays to say so.
        #expect(await s.wait(for: "Logged in as"), "\(s.screen)")
        #expect(s.screen.contains("Clock and scenario"), "\(s.screen)")
        await s.press("F8")
        #expect(await s.expect("now 2026-01-05T09:00:00Z"), "\(s.screen)")

        let walk = try Walk.read(path: path)
        let kinds = walk.entries.compactMap { e -> String? in if case .control(let c, _) = e.what { return c.kind }; return nil }
        #expect(kinds.contains("bookmark") && kinds.contains("restore"), "\(kinds)")
        let report = try await WalkScreenCheck.check(walk, file: path, open: WalkTests.inProcess)
        #expect(report.divergence == nil, "\(report.divergence?.description ?? "")")
        #expect(report.expectations == 2)
    }

    @Test func aBadNameKeepsTheDialogOpenAndSaysWhy() async throws {
        let world = try ScenarioLoader.load(.named("enrolled"))
        var config = SessionConfig(backend: .inProcess(scenario: "enrolled"))
        config.device = world.session.device
        let header = WalkHeader(enrollsim: "test", scenario: nil, scenarioOrigin: nil, session: config.walkFields,
                                width: 100, height: 32, backend: "in-process")
        let s = try await WalkScript(path: WalkTests.temporary("bad.jsonl"), header: header, config: config,
                                     backend: InProcessBackend(world: world, honoursLatency: false))
        await s.press("Enter")
        #expect(await s.wait(for: "Home"))
        await s.press("F8")
        await s.press("d")
        #expect(await s.wait(for: "Bookmark the world as it is now"))
        await s.press("Ctrl-U")
        await s.press("Enter")
        #expect(await s.wait(for: "Bookmark: must have 1 to 64 characters"), "\(s.screen)")
        await s.press("Esc")
        if s.screen.contains("Bookmark the world as it is now") { await s.press("Esc") }
        #expect(await s.wait(for: "Not saved."), "\(s.screen)")
    }
}
