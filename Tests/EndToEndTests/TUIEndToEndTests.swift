import Foundation
import SimTestSupport
import SimKernel
import SimWorld
import Testing

/// The real TUI in tmux, driven by the keyboard alone, as QA would: every flow of issue 4's list,
/// a resize in the middle of one, clean exits, NO_COLOR, and a storm of random keys.
@Suite(.serialized) struct TUIEndToEndTests {
    /// Starts `enrollsim ARGS` in a fresh temporary directory (a save-as never lands in the tree).
    private func start(_ arguments: String, environment: [String: String] = [:], width: Int = 80, height: Int = 24) throws -> TmuxSession {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let command = "cd '\(dir.path)' && " + EnrollsimProcess.commandLine(arguments, environment: environment)
        let session = try TmuxSession(command: command, width: width, height: height)
        try session.wait(for: "Enter log in")
        return session
    }

    private func expectCleanExit(_ session: TmuxSession, status: Int32 = 0) throws {
        let marker = EnrollsimProcess.exitMarker + "\(status)]"
        let screen = try session.wait(history: true, for: "\(marker) and stty's report") {
            $0.contains(marker) && EnrollsimProcess.terminalModes(in: $0)["icanon"] != nil
        }
        let modes = EnrollsimProcess.terminalModes(in: screen)
        for mode in ["echo", "icanon", "isig", "icrnl", "opost"] {
            #expect(modes[mode] == true, "\(mode) is not on after exit:\n\(screen)")
        }
        #expect(try session.cursorIsVisible(), "the cursor is still hidden after exit")
    }

    /// The process the test started, by the device id only it has, for `pkill`.
    private func signal(_ name: String, device: String) throws {
        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        // Anchored on the binary: the tmux server and the pane's shell carry the same words.
        kill.arguments = ["-\(name)", "-f", "--", "^\(EnrollsimProcess.binary) .*--device \(device)"]
        try ProcessLaunch.run(kill)
        kill.waitUntilExit()
        #expect(kill.terminationStatus == 0, "pkill found no enrollsim process")
    }

    /// Log in (Enter on the session screen) and open the guided enrollment, whose checks then run.
    private func startGuided(_ session: TmuxSession) throws {
        try logIn(session)
        try session.sendKeys("Enter")
        try session.wait(for: "Flow map")
    }

    /// Step 6's code from the simulated phone, then a new PIN twice (step 7), then step 8.
    private func codeThenNewPIN(_ session: TmuxSession) throws {
        try session.wait(for: "Step 6")
        try session.wait(for: "types the code")
        try session.sendKeys("C-f", "Enter")
        try session.wait(for: "Step 7")
        try session.type("2468")
        try session.sendKeys("Tab")
        try session.type("2468")
        try session.sendKeys("Enter")
        try session.wait(for: "alice-iphone is enrolled")
    }

    @Test func shortcutEnrollmentOnFreshByKeyboard() throws {
        let session = try start("--scenario fresh")
        try startGuided(session)
        try session.wait(for: "s shortcut 4·1")
        try session.sendKeys("s")
        try session.wait(for: "Phone number")
        try session.type("0612345678")
        try session.sendKeys("Enter")
        try session.wait(for: "types the code")
        try session.sendKeys("C-f")  // the code, from the simulated phone; the focus moves on to the PIN
        try session.type("1357")
        try session.sendKeys("Tab")
        try session.type("1357")
        try session.sendKeys("Enter")
        // The whole screen, not a capture taken while curses was still redrawing the flow map.
        try session.wait(for: "enrolled, 4·1 done and 4·2 skipped") {
            $0.contains("alice-iphone is enrolled") && $0.contains("✓ 4·1") && $0.contains("– 4·2")
        }
        try session.sendKeys("C-c")
        try expectCleanExit(session)
    }

    @Test func fullEnrollmentOnPhoneRegistered() throws {
        let session = try start("--scenario phone-registered")
        try startGuided(session)
        try codeThenNewPIN(session)
        let screen = try session.capture()
        for step in ["✓ 5", "✓ 6", "✓ 7", "✓ 8"] { #expect(screen.contains(step), "\(step) in\n\(screen)") }
        try session.sendKeys("Escape", "q")
        try expectCleanExit(session)
    }

    @Test func recoveryOnPINBlocked() throws {
        let session = try start("--scenario pin-blocked")
        try logIn(session)
        // Account management, A: remove all enrollments (confirmed), back home.
        try session.sendKeys("Down", "Enter")
        try session.wait(for: "Remove all enrollments")
        try session.sendKeys("a")
        try session.wait(for: "[ Yes ]")
        try session.sendKeys("Enter")
        try session.wait(for: "All enrollments removed")
        try session.sendKeys("Escape", "Escape")
        try session.wait(for: "Flows")
        // The guided enrollment: not enrolled, not blocked, phone kept → 5, 6, 7 (new PIN), 8.
        try session.sendKeys("Up", "Enter")
        try codeThenNewPIN(session)
        try session.sendKeys("C-c")
        try expectCleanExit(session)
    }

    @Test func aResizeInTheMiddleOfAFlow() throws {
        let session = try start("--scenario phone-registered")
        try startGuided(session)
        try session.wait(for: "Step 6")
        try session.resize(width: 120, height: 40)
        // The large layout gives the flow map each step's whole API, the phone under it, and the
        // whole 120 columns are used.
        let wide = try session.wait(for: "the flow map with its APIs") { screen in
            screen.contains("get pims.authentication.account isDeviceActivated") && screen.contains("Step 6")
        }
        #expect(wide.contains("Flow map") && wide.contains("☎"))
        try session.resize(width: 60, height: 20)
        try session.wait(for: "Terminal too small")
        try session.resize(width: 80, height: 24)
        try session.wait(for: "types the code")
        try session.sendKeys("C-f", "Enter")  // the flow goes on where it was
        try session.wait(for: "Step 7")
        try session.sendKeys("C-c")
        try expectCleanExit(session)
    }

    @Test func theScenariosDefaultSessionIsTheTUIs() throws {
        // legacy-sdk's default session is SDK 2.0: no shortcut, and the title says so.
        let session = try start("--scenario legacy-sdk")
        try session.sendKeys("Enter")
        try session.wait(for: "SDK 2.0")
        try session.sendKeys("Enter")
        // No phone and no shortcut below SDK 2.1: straight to 4·2, 4·1 skipped.
        let screen = try session.wait(for: "Step 4·2 with 4·1 skipped") { $0.contains("Step 4·2") && $0.contains("– 4·1") }
        #expect(!screen.contains("s shortcut 4·1"))
        try session.sendKeys("C-c")
        try expectCleanExit(session)
    }

    @Test func ctrlCLeavesTheTerminalSane() throws {
        let session = try start("--scenario enrolled")
        try logIn(session)
        try session.sendKeys("C-c")
        try expectCleanExit(session)
    }

    @Test(arguments: [("TERM", Int32(143)), ("HUP", Int32(129)), ("INT", Int32(130))])
    func aSignalLeavesTheTerminalSane(signal: String, status: Int32) throws {
        // A device id of its own, so that pkill finds this process and no other.
        let device = "e2e-\(UUID().uuidString.prefix(8))"
        let session = try start("--scenario enrolled --device \(device)")
        try logIn(session)
        try self.signal(signal, device: device)
        try expectCleanExit(session, status: status)
    }

    /// SIGQUIT dumps core like a crash: the terminal first, then Swift's crash report on the
    /// shell's screen, then the end, with the signal's status.
    @Test func sigquitLeavesTheTerminalSane() throws {
        let device = "e2e-\(UUID().uuidString.prefix(8))"
        let session = try start("--scenario enrolled --device \(device)")
        try logIn(session)
        try signal("QUIT", device: device)
        let marker = EnrollsimProcess.exitMarker + "131]"
        let screen = try session.wait(timeout: TmuxSession.patienceForCrashReports, history: true, for: "\(marker) and stty's report") {
            $0.contains(marker) && EnrollsimProcess.terminalModes(in: $0)["icanon"] != nil
        }
        #expect(screen.contains("Program crashed"), "no crash report on the shell's screen:\n\(screen)")
        try expectCleanExit(session, status: 131)
        try expectBracketedPasteOff(session)
    }

    /// The paste attack: 10 KB pasted into a field of the session screen. It arrives as one
    /// insertion (its line breaks and q's are text, not Enter or quit), cut at the field's limit
    /// with a banner saying so; Ctrl-C then quits at once. A frame per key and a field that measured
    /// its text once per character made this take minutes.
    @Test func aTenKilobytePasteIsOneInsertion() throws {
        let session = try start("--scenario fresh")
        try session.paste(Self.pasteAttack)
        // 1,019 after "fresh" makes 1,024: 53 lines and 12 characters, with 53 line breaks left out.
        let screen = try session.wait(for: "Paste into Scenario: 1019 of 10240 characters kept")
        #expect(screen.contains("Left out: 53 the field does not take (one line only); 9168 past its"), "\(screen)")
        #expect(!screen.contains("Logged in"), "a line break of the paste acted as Enter:\n\(screen)")
        try session.sendKeys("C-c")
        try expectCleanExit(session)
        try expectBracketedPasteOff(session)
    }

    /// 10,240 characters: 512 lines of 19 (a q among them), 511 line breaks and a last "!".
    static let pasteAttack = String(repeating: "quick brown fox 42!\n", count: 511) + "quick brown fox 42!!"

    /// The same 10 KB typed as keys (a terminal without bracketed paste): every key is taken before
    /// the next frame is drawn, so Ctrl-C behind them is obeyed as soon as they are.
    @Test func tenKilobytesOfKeysThenCtrlC() throws {
        let session = try start("--scenario fresh")
        try session.sendKeys("i")  // into the Scenario field: otherwise its q would quit
        try session.type(Self.pasteAttack.replacingOccurrences(of: "\n", with: " "))
        try session.sendKeys("C-c")
        try expectCleanExit(session)
    }

    /// SIGTERM behind 10 KB of keys: the driver looks at its signal pipe before every key.
    @Test func sigtermBehindTenKilobytesOfKeys() throws {
        let device = "e2e-\(UUID().uuidString.prefix(8))"
        let session = try start("--scenario fresh --device \(device)")
        try session.sendKeys("i")  // into the Scenario field: otherwise its q would quit
        try session.type(Self.pasteAttack.replacingOccurrences(of: "\n", with: " "))
        try signal("TERM", device: device)
        try expectCleanExit(session, status: 143)
    }

    @Test func noColorShowsNoColour() throws {
        let session = try start("--scenario enrolled", environment: ["NO_COLOR": "1"])
        try logIn(session)
        let screen = try session.capture(escapes: true)
        #expect(EnrollsimProcess.colorCodes(in: screen).isEmpty, "colour codes in:\n\(screen)")
        #expect(screen.contains("\u{1B}["), "monochrome still uses attributes (bold, reverse)")
        try session.sendKeys("C-c")
        try expectCleanExit(session)
    }

    /// Issue 9.1: a newcomer's first keys. `?` opens the help and `q` quits with status 0 from the
    /// very first screen; nothing is typed into the session's fields.
    @Test func onTheFirstScreenQuestionMarkHelpsAndQQuits() throws {
        let session = try start("--scenario fresh")
        try session.sendKeys("?")
        try session.wait(for: "Session — keys (")
        try session.sendKeys("Escape")
        let screen = try session.wait(for: "the help closed") { !$0.contains("— keys (") && $0.contains("i edit  ? help  q quit") }
        #expect(screen.contains("Scenario   [fresh "), "nothing typed into the field:\n\(screen)")
        try session.sendKeys("q")
        try expectCleanExit(session)
    }

    @Test func fiveThousandRandomKeysThenQuit() throws {
        let session = try start("--scenario enrolled")
        // Every key a user can press but the ones that end the program (q, ^Q, ^C, ^Z, ^\).
        let keys = ["Enter", "Escape", "Tab", "BTab", "Up", "Down", "Left", "Right", "BSpace", "PPage", "NPage", "Home", "End",
                    "F1", "F2", "F3", "F4", "F5", "C-f", "C-n", "C-r", "C-x", "C-v", "C-g", "C-a", "C-t", "C-p", "C-l", "C-e",
                    "C-w", "C-u", "C-b", "C-o", "C-k"]
            + "abcdefghijklmnoprstuvwxyz0123456789?!. ".map { String($0) }
        var generator = SeededGenerator(state: 20_261_121)  // the same storm on every run
        var sent = 0
        while sent < 5_000 {
            // 50 keys per tmux call (a single character is its own key name): 100 calls, not 5,000.
            let batch = (0..<50).map { _ in keys[Int(generator.next() % UInt64(keys.count))] }
            try session.sendKeys(batch)
            sent += batch.count
        }
        // Alive: the pane still shows the app, not the shell's exit line.
        let screen = try session.wait(for: "the app's title bar") { $0.contains("enrollsim ▸") }
        #expect(!screen.contains(EnrollsimProcess.exitMarker))
        try session.sendKeys("C-c")
        try expectCleanExit(session)
    }
}

/// The TUI on a team server (`enrollsim serve` on loopback, port 0): the flows run in the server's
/// world, and the simulated phone reads its inbox through `/v1/sim`.
@Suite(.serialized) struct TUIOnServerEndToEndTests {
    /// A real server process on a free port and a fresh database seeded with `scenario`.
    final class Server {
        let process = Process()
        let url: String
        let token = "e2e-admin-token-\(UUID().uuidString.prefix(8))"

        init(scenario: String) throws {
            let db = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-\(UUID().uuidString.prefix(8)).db")
            process.executableURL = URL(fileURLWithPath: EnrollsimProcess.binary)
            process.arguments = ["serve", "--port", "0", "--db", db.path, "--scenario", scenario, "--admin-token", token]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try ProcessLaunch.run(process)
            // The log line `listening on http://127.0.0.1:PORT` says which port was picked.
            var seen = ""
            let deadline = ContinuousClock.now + TmuxSession.patience
            while ContinuousClock.now < deadline, !seen.contains("listening on http://") {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += String(decoding: chunk, as: UTF8.self)
            }
            guard let range = seen.range(of: #"listening on http://127\.0\.0\.1:\d+"#, options: .regularExpression) else {
                process.terminate()
                throw TmuxSession.Failure(description: "the server did not say where it listens:\n\(seen)")
            }
            url = String(seen[range].dropFirst("listening on ".count))
            // Keep draining the log so the server never blocks on a full pipe.
            errors.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
        }

        deinit { stop() }

        /// The server goes away (its clients then meet transport failures).
        func stop() {
            guard process.isRunning else { return }
            process.terminate()
            process.waitUntilExit()
        }

        /// Another client of the same server: `enrollsim batch` with the admin token, these lines in,
        /// its answers out.
        func batch(_ lines: [String]) throws -> String {
            let client = Process()
            client.executableURL = URL(fileURLWithPath: EnrollsimProcess.binary)
            client.arguments = ["batch", "--backend", url, "--admin-token", token]
            let input = Pipe(), output = Pipe()
            client.standardInput = input
            client.standardOutput = output
            try ProcessLaunch.run(client)
            input.fileHandleForWriting.write(Data(lines.joined(separator: "\n").utf8 + [10]))
            try input.fileHandleForWriting.close()
            let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            client.waitUntilExit()
            return answer
        }
    }

    /// Issue 8: what another client does reaches this terminal as events, with no key pressed: the
    /// simulated phone's inbox shows an SMS sent from another session, and the fault count follows
    /// a fault added from elsewhere.
    @Test func anotherClientsSMSAndFaultShowUpLive() throws {
        let server = try Server(scenario: "phone-registered")
        let session = try simulatorInbox(on: server)
        try session.wait(for: "no SMS")
        let answers = try server.batch([
            #"{"sim": "session", "session": "sender", "device": "alice-ipad"}"#,
            #"{"type": "set", "name": "pims.authentication.user", "params": {"action": "login", "username": "alice@example.com", "password": "alice-pass"}, "session": "sender"}"#,
            #"{"type": "get", "name": "pims.authentication.smscode", "params": {"type": "enrollment"}, "session": "sender"}"#,
            #"{"sim": "inbox", "phone": "0612345678"}"#,
        ])
        let code = try #require(answers.firstMatch(of: /"code":"(\d+)"/)?.1, "\(answers)")
        try session.wait(for: "\(code)  enrollment")
        _ = try server.batch([#"{"sim": "fault", "name": "pims.authentication.otp", "code": 2201, "times": 2}"#])
        try session.wait(for: "1 fault rule active on the backend")
        try session.sendKeys("C-c")
        try session.wait(for: EnrollsimProcess.exitMarker + "0]")
    }

    @Test func theFullEnrollmentOnTheServersWorld() throws {
        let server = try Server(scenario: "phone-registered")
        let session = try TmuxSession(command: EnrollsimProcess.commandLine("--backend \(server.url) --admin-token \(server.token)"))
        try session.wait(for: "Enter log in")
        try logIn(session)
        try session.sendKeys("Enter")
        try session.wait(for: "Step 6")
        try session.wait(for: "types the code")  // the inbox, read through /v1/sim
        try session.sendKeys("C-f", "Enter")
        try session.wait(for: "Step 7")
        try session.type("2468")
        try session.sendKeys("Tab")
        try session.type("2468")
        try session.sendKeys("Enter")
        try session.wait(for: "alice-iphone is enrolled")
        try session.sendKeys("C-c")
        try session.wait(for: EnrollsimProcess.exitMarker + "0]")
        // The server's world has the enrollment: a second client sees it.
        let answer = try server.batch([#"{"sim": "account", "username": "alice@example.com"}"#])
        #expect(answer.contains(#""enrolledDevices":["alice-iphone"]"#), "\(answer)")
        #expect(answer.contains(#""pin":"2468""#), "\(answer)")
    }

    @Test func withoutTheAdminTokenTheFlowsStillRun() throws {
        let server = try Server(scenario: "fresh")
        let session = try TmuxSession(command: EnrollsimProcess.commandLine("--backend \(server.url) --device e2e-phone"))
        try session.wait(for: "Enter log in")
        try session.sendKeys("Enter")
        try session.wait(for: "Flows")  // logged in: the home menu (the account panel needs the token)
        try session.sendKeys("Enter")
        try session.wait(for: "s shortcut 4·1")  // steps 1–3 ran on the server
        try session.sendKeys("C-c")
        try session.wait(for: EnrollsimProcess.exitMarker + "0]")
    }
}

/// Enter on the session screen logs in; the home screen's banner says so.
func logIn(_ session: TmuxSession) throws {
    try session.sendKeys("Enter")
    try session.wait(for: "Logged in as alice@example.com")
}

/// A TUI on `server` (120×40), logged in as alice, on the simulator panel showing her phone's inbox.
func simulatorInbox(on server: TUIOnServerEndToEndTests.Server) throws -> TmuxSession {
    let session = try TmuxSession(command: EnrollsimProcess.commandLine("--backend \(server.url) --admin-token \(server.token)"),
                                  width: 120, height: 40)
    try session.wait(for: "Enter log in")
    try logIn(session)
    try session.sendKeys("Down", "Down", "Down", "Down", "Enter")
    try session.wait(for: "SMS inbox · 0612345678")
    return session
}
