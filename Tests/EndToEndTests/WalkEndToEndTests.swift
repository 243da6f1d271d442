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
