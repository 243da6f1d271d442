import Foundation
import Testing
import TerminalUI

/// The curses driver in the real binary (`enrollsim tui-selftest`), in tmux: what reaches the
/// terminal is the frame, keys arrive, and the terminal is sane after every way of ending.
@Suite(.serialized) struct SelftestEndToEndTests {
    /// Starts the self-test and waits for its first frame.
    private func start(_ arguments: String = "", environment: [String: String] = [:], width: Int = 80, height: Int = 24) throws -> (TmuxSession, Int32) {
        let session = try TmuxSession(command: EnrollsimProcess.commandLine("tui-selftest " + arguments, environment: environment), width: width, height: height)
        let screen = try session.wait(for: "q quit")
        let pid = try #require(EnrollsimProcess.selftestPID(in: screen), "no pid in:\n\(screen)")
        return (session, pid)
    }

    private func expectSaneTerminal(_ session: TmuxSession, exitStatus: Int32, timeout: Duration = TmuxSession.patience) throws {
        let marker = EnrollsimProcess.exitMarker + "\(exitStatus)]"
        let screen = try session.wait(timeout: timeout, history: true, for: "\(marker) and stty's report") {
            $0.contains(marker) && EnrollsimProcess.terminalModes(in: $0)["icanon"] != nil
        }
        let modes = EnrollsimProcess.terminalModes(in: screen)
        for mode in ["echo", "icanon", "isig", "icrnl", "opost"] {
            #expect(modes[mode] == true, "\(mode) is not on after exit:\n\(screen)")
        }
        #expect(try session.cursorIsVisible(), "the cursor is still hidden after exit")
    }

    /// Waits until the pane shows exactly the frame's text (tmux may be mid-way through a repaint).
    @discardableResult
    private func waitForFrame(_ frame: Frame, in session: TmuxSession) throws -> String {
        let expected = Self.trimmedLines(frame.textSnapshot)
        return try session.wait(for: "the frame:\n\(frame.textSnapshot)") { Self.trimmedLines($0) == expected }
    }

    private static func trimmedLines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return String(line)
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test func theScreenIsTheFrameWideCharactersIncluded() throws {
        let (session, pid) = try start()
        let expected = Showcase.frame(size: .minimum, processID: pid)
        let screen = try waitForFrame(expected, in: session)
        #expect(screen.contains(Showcase.wideSample))
        try session.sendKeys("q")
        try expectSaneTerminal(session, exitStatus: 0)
    }

    @Test func keysArriveNamed() throws {
        let (session, _) = try start()
        for (sent, shown) in [("Up", "↑"), ("BTab", "S-Tab"), ("F5", "F5"), ("Escape", "Esc"), ("PPage", "PgUp"), ("End", "End"), ("BSpace", "Bksp"), ("C-l", "Ctrl-L")] {
            try session.sendKeys(sent)
            try session.wait(for: "last: key \(shown) ")
        }
        try session.type("漢")
        try session.wait(for: "last: key 漢 ")
        try session.type("é")
        try session.wait(for: "last: key é ")
        try session.sendKeys("?")
        try session.wait(for: "Keys — ? or Esc to close")
        try session.sendKeys("q")
        try expectSaneTerminal(session, exitStatus: 0)
    }

    @Test func anotherThreadCanWakeTheEventWait() throws {
        let (session, _) = try start("--wake-after-draw")
        try session.wait(for: "last: woken ")
        try session.sendKeys("q")
        try expectSaneTerminal(session, exitStatus: 0)
    }

    @Test func suspendGivesTheShellASaneTerminalAndRestoreRepaints() throws {
        let (session, pid) = try start()
        try session.sendKeys("z")
        try waitForFrame(Showcase.frame(size: .minimum, lastEvent: "key z", processID: pid), in: session)
        try session.sendKeys("q")
        try expectSaneTerminal(session, exitStatus: 0)
        // What the selftest printed while suspended is on the shell's screen, not the alternate one.
        let history = try session.capture(history: true)
        let start = try #require(history.range(of: "tui-selftest: suspended"), "nothing printed while suspended:\n\(history)")
        let end = try #require(history.range(of: "tui-selftest: resuming"))
        let report = String(history[start.upperBound..<end.lowerBound])
        #expect(report.contains(" icanon ") && report.contains(" echo "), "terminal modes while suspended:\n\(report)")
    }

    @Test func ctrlLRepaintsOverStrayOutput() throws {
        let (session, pid) = try start()
        let tty = try #require(FileHandle(forWritingAtPath: try session.paneTTY()))
        tty.write(Data("\u{1B}[5;5HSTRAY OUTPUT".utf8))  // over the frame, away from the cursor
        try tty.close()
        try session.wait(for: "STRAY OUTPUT")
        try session.sendKeys("C-l")
        try waitForFrame(Showcase.frame(size: .minimum, lastEvent: "key Ctrl-L", processID: pid), in: session)
        try session.sendKeys("q")
        try expectSaneTerminal(session, exitStatus: 0)
    }

    @Test func ctrlCQuitsCleanly() throws {
        let (session, _) = try start()
        try session.sendKeys("C-c")
        try expectSaneTerminal(session, exitStatus: 0)
    }

    /// The three a user sends, and those whose default action (ending the process) left the
    /// terminal raw: the alternate screen, a hidden cursor, mouse reporting, no echo.
    @Test(arguments: [("INT", TerminationSignal.interrupt), ("TERM", .terminate), ("HUP", .hangup), ("USR1", .user1), ("USR2", .user2),
                      ("ALRM", .alarm), ("VTALRM", .virtualAlarm), ("XCPU", .cpuLimit)])
    func signalsQuitCleanly(name: String, signal: TerminationSignal) throws {
        let (session, pid) = try start()
        #expect(kill(pid, signal.rawValue) == 0, "kill -\(name) \(pid)")
        try expectSaneTerminal(session, exitStatus: signal.exitStatus)
    }

    @Test func aClosedTerminalEndsTheProgram() throws {
        let (session, pid) = try start()
        session.kill()
        // Hangup, not a spin on a dead terminal: the process goes away.
        let deadline = ContinuousClock.now + TmuxSession.patience
        while kill(pid, 0) == 0 && ContinuousClock.now < deadline { usleep(50_000) }
        #expect(kill(pid, 0) != 0, "enrollsim \(pid) still runs after its terminal closed")
    }

    @Test func aCrashRestoresTheTerminal() throws {
        let session = try TmuxSession(command: EnrollsimProcess.commandLine("tui-selftest --crash-after-draw"))
        // SIGILL (4): Swift's trap; the backtracer prints first, which takes a few seconds.
        try expectSaneTerminal(session, exitStatus: 128 + 4, timeout: TmuxSession.patienceForCrashReports)
        let screen = try session.capture(history: true)
        // The runtime's message went to the stderr spool while curses had the screen, then was replayed.
        #expect(screen.contains("Fatal error: tui-selftest: crash requested by --crash-after-draw"))
        #expect(screen.contains("Program crashed: Illegal instruction"))
    }

    @Test func terminationSignalsAreTheSystemsNumbers() {
        let pairs: [(TerminationSignal, Int32)] = [(.hangup, SIGHUP), (.interrupt, SIGINT), (.terminate, SIGTERM), (.user1, SIGUSR1),
                                                   (.user2, SIGUSR2), (.alarm, SIGALRM), (.cpuLimit, SIGXCPU), (.virtualAlarm, SIGVTALRM)]
        for (signal, number) in pairs { #expect(signal.rawValue == number, "\(signal)") }
    }

    /// Without SWIFT_BACKTRACE asking for a report, a crash restores the terminal and ends at once
    /// (the backtracer's symbolication took about 30 s), saying how to get the report.
    @Test func aCrashWithoutABacktraceSettingEndsAtOnce() throws {
        let session = try TmuxSession(command: EnrollsimProcess.commandLine("tui-selftest --crash-after-draw", environment: ["SWIFT_BACKTRACE": ""]))
        try expectSaneTerminal(session, exitStatus: 128 + 4)
        let screen = try session.capture(history: true)
        #expect(screen.contains("for a backtrace run it again with SWIFT_BACKTRACE=enable=yes"), "\(screen)")
        #expect(!screen.contains("Program crashed"), "\(screen)")
    }

    /// SIGQUIT, and the crash signals sent from outside: the terminal is given back first, Swift's
    /// crash report follows on the shell's screen (not inside curses' one, where it would be lost
    /// with the alternate screen), and the process ends with the signal's status. Before, SIGQUIT's
    /// report went into the screen and the process lived on, half-stopped, the terminal raw.
    @Test(arguments: [("QUIT", SIGQUIT), ("ABRT", SIGABRT), ("SEGV", SIGSEGV), ("BUS", SIGBUS), ("ILL", SIGILL), ("FPE", SIGFPE)])
    func fatalSignalsRestoreTheTerminalBeforeTheReport(name: String, signal: Int32) throws {
        let (session, pid) = try start()
        #expect(kill(pid, signal) == 0, "kill -\(name) \(pid)")
        try expectSaneTerminal(session, exitStatus: 128 + signal, timeout: TmuxSession.patienceForCrashReports)
        let history = try session.capture(history: true)
        #expect(history.contains("Program crashed"), "no crash report on the shell's screen:\n\(history)")
        try expectBracketedPasteOff(session)
    }

    /// A paste reaches the program as one event, however long, and the terminal mode that made it
    /// so is off again after exit.
    @Test func aPasteArrivesWhole() throws {
        let (session, _) = try start()
        let text = String(repeating: "paste me, q and all\n", count: 512)  // 10,240 characters
        try session.paste(text)
        try session.wait(for: "last: paste 10240 chars ")
        try session.sendKeys("q")
        try expectSaneTerminal(session, exitStatus: 0)
        try expectBracketedPasteOff(session)
    }

    @Test func noColorMeansNoColor() throws {
        let (plain, _) = try start(environment: ["NO_COLOR": "1"])
        let codes = EnrollsimProcess.colorCodes(in: try plain.capture(escapes: true))
        #expect(codes.isEmpty, "colour SGR codes with NO_COLOR=1: \(Set(codes))")
        // Control: the same screen has colour without NO_COLOR, so the check above can fail.
        let (colored, _) = try start()
        #expect(!EnrollsimProcess.colorCodes(in: try colored.capture(escapes: true)).isEmpty)
    }

    @Test func resizeRedrawsAtTheNewSize() throws {
        let (session, pid) = try start()
        try session.resize(width: 100, height: 30)
        try waitForFrame(Showcase.frame(size: Size(width: 100, height: 30), lastEvent: "resize 100×30", processID: pid), in: session)
        try session.resize(width: 60, height: 20)
        try session.wait(for: "Terminal too small: 60×20")
        try session.resize(width: 80, height: 24)
        try session.wait(for: "size: 80×24 ")
        try session.sendKeys("q")
        try expectSaneTerminal(session, exitStatus: 0)
    }
}
