import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 43: every signal whose default action would end or stop the TUI leaves the terminal as the
/// shell had it (main screen, mouse reporting off, cursor shown), or is ignored where a terminal
/// program should not die of it. The real TUI in tmux, signalled by its process id.
@Suite(.serialized) struct SignalEndToEndTests {
    /// The TUI on its first screen, and its process id (the pane's shell's child).
    private func start() throws -> (TmuxSession, Int32) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-signal-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let session = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine("--scenario enrolled"))
        try session.wait(for: "Enter log in")
        let shell = try #require(Int32(try session.display("#{pane_pid}")))
        let pid = try #require(Self.children(of: shell).first, "no child of the pane's shell \(shell)")
        // What the checks below look for is on while the TUI runs: they can fail.
        try expectPane(session, alternate: "1", mouse: "1", cursor: "0", while: "the TUI runs")
        return (session, pid)
    }

    private static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// The process's state letter (`T` stopped, `S` sleeping), nil once it is gone.
    private static func state(of pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.range(of: ") ", options: .backwards) else { return nil }
        return stat[end.upperBound...].first
    }

    /// Polls the pane's modes until they are these, for a minute at most.
    private func expectPane(_ session: TmuxSession, alternate: String, mouse: String, cursor: String, while what: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let format = "#{alternate_on} #{mouse_any_flag} #{cursor_flag}"
        let wanted = "\(alternate) \(mouse) \(cursor)"
        var shown = ""
        let deadline = ContinuousClock.now + TmuxSession.patience
        while ContinuousClock.now < deadline {
            shown = try session.display(format)
            if shown == wanted { return }
            usleep(50_000)  // polling interval, not a wait for the program
        }
        Issue.record("\(what): alternate screen, mouse, cursor are \(shown), not \(wanted)\n\(try session.capture())", sourceLocation: sourceLocation)
    }

    private func expectExit(_ session: TmuxSession, status: Int32, timeout: Duration = TmuxSession.patience) throws {
        let marker = EnrollsimProcess.exitMarker + "\(status)]"
        let screen = try session.wait(timeout: timeout, history: true, for: "\(marker) and stty's report") {
            $0.contains(marker) && EnrollsimProcess.terminalModes(in: $0)["icanon"] != nil
        }
        for mode in ["echo", "icanon", "isig"] {
            #expect(EnrollsimProcess.terminalModes(in: screen)[mode] == true, "\(mode) is not on after exit:\n\(screen)")
        }
        try expectPane(session, alternate: "0", mouse: "0", cursor: "1", while: "after exit")
    }

    /// Signals that end a process by default and are no crash: the TUI quits through its normal path.
    @Test(arguments: [("STKFLT", Int32(16)), ("PROF", 27), ("IO", 29), ("PWR", 30), ("RTMIN", 34), ("RTMIN+5", 39), ("RTMAX", 64)])
    func aSignalThatEndsTheTUIRestoresTheTerminal(name: String, signal: Int32) throws {
        let (session, pid) = try start()
        #expect(kill(pid, signal) == 0, "kill -\(name) \(pid)")
        try expectExit(session, status: 128 + signal)
    }

    /// SIGSYS (a system call refused) is a crash: the terminal first, then the end with its status.
    @Test func sigsysIsACrashThatRestoresTheTerminalFirst() throws {
        let (session, pid) = try start()
        #expect(kill(pid, SIGSYS) == 0)
        try expectExit(session, status: 128 + SIGSYS, timeout: TmuxSession.patienceForCrashReports)
    }

    /// SIGPIPE and SIGXFSZ are ignored: the TUI goes on (a key still moves it) and quits normally.
    @Test(arguments: [("PIPE", SIGPIPE), ("XFSZ", SIGXFSZ)])
    func aSignalATerminalProgramShouldNotDieOfIsIgnored(name: String, signal: Int32) throws {
        let (session, pid) = try start()
        #expect(kill(pid, signal) == 0, "kill -\(name) \(pid)")
        // A key handled after the signal was delivered: the process ran, so the signal reached it.
        try session.sendKeys("Enter")
        try session.wait(for: "Home")
        #expect(Self.state(of: pid) != nil, "enrollsim \(pid) is gone after SIG\(name)")
        try expectPane(session, alternate: "1", mouse: "1", cursor: "0", while: "after SIG\(name)")
        try session.sendKeys("C-c")
        try expectExit(session, status: 0)
    }

    /// SIGTSTP, SIGTTIN and SIGTTOU from outside stop the TUI as Ctrl-Z does: the terminal given back
    /// first; SIGCONT takes it again and repaints.
    @Test(arguments: [("TSTP", SIGTSTP), ("TTIN", SIGTTIN), ("TTOU", SIGTTOU)])
    func aStopSignalGivesTheTerminalBackFirst(name: String, signal: Int32) throws {
        let (session, pid) = try start()
        #expect(kill(pid, signal) == 0, "kill -\(name) \(pid)")
        try expectPane(session, alternate: "0", mouse: "0", cursor: "1", while: "stopped by SIG\(name)")
        let deadline = ContinuousClock.now + TmuxSession.patience
        while Self.state(of: pid) != "T" && ContinuousClock.now < deadline { usleep(50_000) }
        #expect(Self.state(of: pid) == "T", "enrollsim \(pid) is not stopped after SIG\(name)")
        #expect(kill(pid, SIGCONT) == 0)
        try expectPane(session, alternate: "1", mouse: "1", cursor: "0", while: "continued")
        try session.wait(for: "Enter log in")
        try session.sendKeys("C-c")
        try expectExit(session, status: 0)
    }
}
