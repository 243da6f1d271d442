import Foundation
import SimKernel
import Testing

/// Issue 30 in a real terminal: Ctrl-Z suspends the TUI and `fg` brings it back redrawn; a walk
/// recorded onto a disk that fills keeps whole lines while the session goes on.
@Suite(.serialized) struct SafetyEndToEndTests {
    static func temporary() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-safety-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func ctrlZSuspendsAndFgRedraws() throws {
        let dir = try Self.temporary()
        // An interactive shell: job control is what Ctrl-Z hands the terminal to.
        let session = try TmuxSession(command: "cd '\(dir.path)' && PS1='shell> ' exec bash --norc --noprofile -i")
        defer { session.kill() }
        try session.wait(for: "shell>")  // capture-pane drops the trailing space
        // The program alone as the job (a list would go on to its next command when the job stops).
        let line = EnrollsimProcess.commandLine("--scenario fresh")
        try session.type(String(line[..<line.range(of: "; echo")!.lowerBound]))
        try session.sendKeys("Enter")
        try session.wait(for: "Enter log in")
        try session.sendKeys("C-z")
        try session.wait(for: "Stopped")
        // The shell's terminal is sane while the program is stopped.
        try session.type("stty -a; echo '[stty' 'done]'")
        try session.sendKeys("Enter")
        let shell = try session.wait(for: "[stty done]")
        let report = try #require(shell.range(of: "shell> stty -a").map { shell[$0.upperBound...] }, "\(shell)")
        #expect(report.contains(" icanon ") && report.contains(" echo ") && report.contains("\nisig "), "\(report)")
        try session.type("fg")
        try session.sendKeys("Enter")
        try session.wait(for: "Enter log in")
        // Keys work again, then a clean exit.
        try session.sendKeys("Enter")
        try session.wait(for: "Home")
        try session.sendKeys("C-c")
        try session.wait(for: "shell>")
        try session.type("echo \"[enrollsim exited $?]\"")
        try session.sendKeys("Enter")
        try session.wait(for: EnrollsimProcess.exitMarker + "0]")
    }

    @Test func recordingOntoAFullDiskKeepsWholeLinesAndTheSession() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            Issue.record("needs root and unshare(1) to mount a small tmpfs in a mount namespace of its own")
            return
        }
        let dir = try Self.temporary()
        let full = dir.appendingPathComponent("full").path, kept = dir.appendingPathComponent("kept.jsonl").path
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        // One page of tmpfs, private to the pane's process tree: the header fits, the session's
        // calls do not. The walk is copied out before the namespace (and the mount) goes away, after
        // the exit marker: the test reads it once the copy says it is done.
        let line = EnrollsimProcess.commandLine("--scenario fresh --record '\(full)/walk.jsonl'")
            .replacingOccurrences(of: "; stty -a;", with: "; cp -p '\(full)/walk.jsonl' '\(kept)'; echo '[walk copied]'; stty -a;")
        let script = dir.appendingPathComponent("run.sh").path
        try "mount -t tmpfs -o size=4k tmpfs '\(full)' || exit 1\ncd '\(full)'\n\(line)\n".write(toFile: script, atomically: true, encoding: .utf8)
        let session = try TmuxSession(command: "unshare -m sh '\(script)'", width: 100, height: 30)
        defer { session.kill() }
        try session.wait(for: "Enter log in")
        try session.sendKeys("Enter")
        try session.wait(for: "Not recording any more")
        // The session goes on: the home menu answers keys.
        try session.wait(for: "Home")
        try session.sendKeys("Down", "Up")
        try session.sendKeys("C-c")
        let screen = try session.wait(history: true, for: "exit 1 and the message") {
            $0.contains(EnrollsimProcess.exitMarker + "1]") && $0.contains("stopped being recorded after") && $0.contains("[walk copied]")
        }
        #expect(screen.contains("No space left on device"), "\(screen)")
        let text = try String(contentsOfFile: kept, encoding: .utf8)
        #expect(text.hasSuffix("\n"), "the walk ends inside a line")
        let lines = text.split(separator: "\n")
        #expect(lines.count >= 1)
        for l in lines { #expect((try? JSONText.parse(String(l))) != nil, "not a whole line: \(l.prefix(80))") }
        // Copied with its mode (cp -p): the walk was written owner-only.
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "\(String(mode, radix: 8))")
    }
}
