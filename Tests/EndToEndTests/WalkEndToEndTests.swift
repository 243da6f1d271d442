import Foundation
import Testing

/// A walk recorded by keyboard in the real TUI (`--record`), checked (`replay --check`), then played
/// in the terminal (`replay`): the replay ends on the screen the recording ended on.
@Suite(.serialized) struct WalkEndToEndTests {
    @Test func recordByKeyboardThenReplayShowsTheSameScreens() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-walk-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let walk = dir.appendingPathComponent("walk.jsonl").path

        let recording = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine("--scenario fresh --record '\(walk)'"),
                                        width: 100, height: 32)
        defer { recording.kill() }
        try recording.wait(for: "Enter log in")
        try recording.sendKeys("Enter")
        try recording.wait(for: "Home")
        try recording.sendKeys("Enter")
        try recording.wait(for: "s shortcut 4·1")
        try recording.sendKeys("s")
        try recording.wait(for: "Phone number")
        try recording.type("0612345678")
        try recording.sendKeys("Enter")
        try recording.wait(for: "types the code")
        try recording.sendKeys("C-f")
        try recording.type("1357")
        try recording.sendKeys("Tab")
        try recording.type("1357")
        try recording.sendKeys("Enter")
        // The whole enrolled screen, not a capture taken while curses is still drawing it over the
        // PIN form (the calls panel replaces the form in the same refresh).
        let recorded = try recording.wait(for: "alice-iphone is enrolled") {
            $0.contains("alice-iphone is enrolled") && $0.contains("Enrollment · step 3") && !$0.contains("PIN again")
        }
        try recording.sendKeys("C-c")
        try recording.wait(for: EnrollsimProcess.exitMarker + "0]", history: true)
        recording.kill()

        let check = try TmuxSession(command: EnrollsimProcess.commandLine("replay '\(walk)' --check"), width: 100, height: 10)
        defer { check.kill() }
        try check.wait(for: "every answer as recorded", history: true)
        check.kill()

        // One more row for the replay's chrome line under the recorded screen.
        let replay = try TmuxSession(command: EnrollsimProcess.commandLine("replay '\(walk)' --speed 8"), width: 100, height: 33)
        defer { replay.kill() }
        let played = try replay.wait(for: "end · any key leaves")
        let rows = { (screen: String) in screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(14).map(String.init) }
        #expect(rows(played) == rows(recorded), "replayed:\n\(played)\nrecorded:\n\(recorded)")
        try replay.sendKeys("q")
        try replay.wait(for: EnrollsimProcess.exitMarker + "0]", history: true)
    }
}

/// The QA workbench in the real TUI (issue 29): F7 marks what must be seen, F10 writes a bug-report
/// bundle; the walk's marks hold on `replay --check`, and the bundle replays with `--check` too.
@Suite(.serialized) struct WorkbenchEndToEndTests {
    @Test func marksAndABundleWrittenFromTheTUIReplayWithCheck() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-bench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let walk = dir.appendingPathComponent("walk.jsonl").path

        let tui = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine("--scenario enrolled-elsewhere --record '\(walk)'"),
                                  width: 100, height: 32)
        defer { tui.kill() }
        try tui.wait(for: "Enter log in")
        try tui.sendKeys("Enter")
        try tui.wait(for: "Home")
        try tui.sendKeys("Enter")
        // A wrong PIN at step 8 (2308, R11): the banner is what must be seen here.
        try tui.wait(for: "types the code")
        try tui.sendKeys("C-f")
        try tui.sendKeys("Enter")
        try tui.wait(for: "already has a PIN")
        try tui.type("0000")
        try tui.sendKeys("Enter")
        // The banner itself, which F7 marks: "2308" shows in the calls panel and the flow map too.
        try tui.wait(for: "✗ 2308 · ")
        try tui.sendKeys("F7")
        try tui.wait(for: "✓ marked expected")
        try tui.sendKeys("F10")
        try tui.wait(for: "Bug report written:")
        // Written into the working directory, under its time.
        let reports = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("enrollsim-report-") }
        #expect(reports.count == 1 && reports.allSatisfy { $0.hasSuffix(".tar.gz") }, "\(reports)")
        let bundle = dir.appendingPathComponent(try #require(reports.first)).path
        try tui.sendKeys("C-c")
        try tui.wait(for: EnrollsimProcess.exitMarker + "0]", history: true)
        tui.kill()

        let text = try String(contentsOfFile: walk, encoding: .utf8)
        #expect(text.contains(#""kind":"expect""#) && text.contains(#""region":"banner""#), "no marks in the walk")
        #expect(text.contains("2308 · "), "the banner's mark names its code")
        let attributes = try FileManager.default.attributesOfItem(atPath: bundle)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        let check = try TmuxSession(command: EnrollsimProcess.commandLine("replay --check '\(walk)' '\(bundle)'"), width: 160, height: 12)
        defer { check.kill() }
        // The check's end, however long two headless replays take on a loaded machine, then its report.
        let result = try check.wait(timeout: TmuxSession.patienceForCrashReports, history: true, for: "replay --check to end") {
            $0.contains(EnrollsimProcess.exitMarker)
        }
        #expect(result.contains("2 passed, 0 failed") && result.contains(EnrollsimProcess.exitMarker + "0]"), "\(result)")
        #expect(result.contains("1 screen as expected") || result.contains("screens as expected"), "\(result)")
        check.kill()
    }
}
