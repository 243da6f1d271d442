import Foundation
import Testing

/// Issue 38, items 1–8: the worst problems of a QA walk of the TUI, each walked again by keys in the
/// real binary, in tmux.
@Suite(.serialized) struct QAWalkWorstItemsEndToEndTests {
    typealias Server = TUIOnServerEndToEndTests.Server

    /// `enrollsim ARGUMENTS` in a fresh folder (where F12 saves); waits for the session screen.
    private func start(_ arguments: String, width: Int = 80, height: Int = 24) throws -> (TmuxSession, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let session = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine(arguments), width: width, height: height)
        try session.wait(for: "Enter log in")
        return (session, dir)
    }

    private func quit(_ session: TmuxSession) throws {
        try session.sendKeys("C-c")
        try session.wait(history: true, for: "the exit marker") { $0.contains(EnrollsimProcess.exitMarker + "0]") }
    }

    // MARK: 1. `y` on the first session screen

    /// A PIMS-only world (`fresh`), in process and on a team server: `y` shows Futurae, and Enter
    /// logs in to Futurae, not to the scenario's PIMS. Its back office then says what to load.
    @Test("Issue 38 (1): y on the first session screen, then Enter, logs in to the system shown", arguments: [false, true])
    func theSystemChosenBeforeTheFirstLogin(onServer: Bool) throws {
        let server = onServer ? try Server(scenario: "fresh") : nil
        defer { withExtendedLifetime(server) {} }
        let (session, _) = try start(server.map { "--backend \($0.url) --admin-token \($0.token)" } ?? "")
        try session.sendKeys("y")
        try session.wait(for: "the session screen on Futurae") { $0.contains("System    Futurae") }
        try session.sendKeys("Enter")
        try session.wait(for: "Futurae SDK on alice-iphone")
        try session.wait(for: "Enter open")  // the SDK's lock read: the footer says "Esc stop waiting" until then
        // fresh has no Futurae users: the back office says which scenarios have some.
        try session.sendKeys("Enter")  // Futurae enrollment
        try session.wait(for: "Scan the activation QR code")
        try session.wait(for: "Enter start")  // the back office read: the footer says "Esc stop waiting" until then
        try session.sendKeys("Enter")
        try session.wait(for: "the advice to load a scenario with Futurae users") { $0.contains("futurae-fresh") && $0.contains("Load a scenario") }
        try quit(session)
    }

    // MARK: 4. Every system on a team server's default world

    /// The team server's default world (`team`) has Futurae's and the card's parts: Futurae's
    /// enrollment draws its QR code, and the card app reaches its activation.
    @Test("Issue 38 (4): a team server's default world has Futurae and Card users")
    func theTeamWorldHasEverySystem() throws {
        let server = try Server(scenario: "team")
        let (session, _) = try start("--backend \(server.url) --admin-token \(server.token)")
        // PIMS first (the world opens on its first system), then Futurae from the session screen.
        try logIn(session)
        try session.sendKeys("Down", "Down", "Down", "Down", "Down", "Down", "Down", "Enter")
        try session.wait(for: "Enter switch")
        try session.sendKeys("y")
        try session.wait(for: "the session screen on Futurae") { $0.contains("System    Futurae") }
        try session.sendKeys("Enter")
        try session.wait(for: "Futurae SDK on alice-iphone")
        try session.wait(for: "Enter open")  // the SDK's lock read: the footer says "Esc stop waiting" until then
        try session.sendKeys("Up", "Up", "Up", "Up", "Up", "Up", "Up", "Enter")  // the menu's first flow, Futurae enrollment
        try session.wait(for: "Scan the activation QR code")
        try session.wait(for: "Enter start")  // the back office read: the footer says "Esc stop waiting" until then
        try session.sendKeys("Enter")
        let qr = try session.wait(for: "s scan")
        #expect(qr.split(separator: "\n").contains { $0.components(separatedBy: "█▀▀▀▀▀█").count == 3 }, "no QR code drawn:\n\(qr)")
        try quit(session)
        let answer = try server.batch([#"{"sim": "export"}"#])
        #expect(answer.contains("acct-4242") && answer.contains("Acme Bank"), "\(answer)")
    }

    // MARK: 2. The QR code of an F12 screenshot scans

    @Test("Issue 38 (2): the QR code in an F12 screenshot (SVG, rendered by rsvg-convert) decodes with zbarimg",
          arguments: ["dark", "light", "mono"], [(80, 24), (120, 40)])
    func screenshotQRCodeScans(theme: String, size: (Int, Int)) throws {
        let (session, dir) = try start("--scenario futurae-fresh --theme \(theme)", width: size.0, height: size.1)
        try session.sendKeys("Enter")
        try session.wait(for: "Futurae SDK on alice-iphone")
        try session.wait(for: "Enter open")  // the SDK's lock read: the footer says "Esc stop waiting" until then
        try session.sendKeys("Enter")
        try session.wait(for: "Scan the activation QR code")
        try session.wait(for: "Enter start")  // the back office read: the footer says "Esc stop waiting" until then
        try session.sendKeys("Enter")
        try session.wait(for: "s scan")
        try session.sendKeys("F12")
        try session.wait(for: "Screenshot saved")
        let svg = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasSuffix(".svg") })
        let png = dir.appendingPathComponent("shot.png").path
        try Self.run(["rsvg-convert", "-o", png, dir.appendingPathComponent(svg).path])
        let decoded = try Self.run(["zbarimg", "--quiet", "--raw", png])
        #expect(decoded.hasPrefix("futurae://enroll?activation_code="), "zbarimg read \(decoded) in the \(theme) theme at \(size.0)×\(size.1)")
        try quit(session)
    }

    // MARK: 3. An open trunk, closed from the simulator panel

    @Test("Issue 38 (3): a lock refused for the open trunk names the panel's key, and that key closes it", arguments: [(80, 24), (120, 40)])
    func theOpenTrunkIsClosedByTheKeyTheAdviceNames(size: (Int, Int)) throws {
        let (session, _) = try start("--scenario remote-garage", width: size.0, height: size.1)
        try logIn(session)
        try session.sendKeys("Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Enter")
        try session.wait(for: "C5 Aircross")
        try session.sendKeys("Down", "Down", "Enter")
        try session.wait(for: "the C5 Aircross selected") { $0.contains("open: trunk") && $0.contains("Commands · their signals") }
        try session.sendKeys("l")
        try session.wait(for: "the OTP page") { $0.contains("2302") && $0.contains("PIN") }
        try session.type("1234")
        try session.sendKeys("Enter")
        try session.wait(for: "900 pending")
        try session.sendKeys("t")
        try session.wait(for: "the 902 2362 advice naming the key") { $0.contains("902 2362") && $0.contains("8 closes all") }
        try session.sendKeys("F8")
        try session.wait(for: "Vehicle · VF7RHRHP8KL246810")
        try session.sendKeys("8")
        try session.wait(for: "Vehicle VF7RHRHP8KL246810 changed")
        try session.sendKeys("Escape")
        try session.wait(for: "Commands · their signals")
        // Unlocking with the trunk open would be 2362 again (R32): it goes through now.
        try session.sendKeys("u")
        try session.wait(for: "the unlock accepted") { $0.contains("unlock the doors") }
        try session.sendKeys("t")
        try session.wait(for: "the doors unlocked by signal 200") { $0.contains("200 done") && $0.contains("Unlocked") }
        try quit(session)
    }

    // MARK: 5. The OTP page's advice after a steps reset

    @Test("Issue 38 (5): after a steps reset, 2312 from otp advises the enrollment, not another reset", arguments: [(80, 24), (120, 40)])
    func afterAStepsResetTheOTPPageAdvisesTheEnrollment(size: (Int, Int)) throws {
        let (session, _) = try start("--scenario stale-steps", width: size.0, height: size.1)
        try logIn(session)
        try session.sendKeys("Down", "Down", "Enter")  // Steps
        try session.wait(for: "Choose")
        try session.sendKeys("Enter")
        try session.wait(for: "stepsID 132324")
        try session.sendKeys("s")
        try session.wait(for: "Cache reset")
        try session.sendKeys("Escape")
        try session.wait(for: "Flows")
        try session.sendKeys("Up", "Enter")  // Account management
        try session.wait(for: "Remove vehicle association")
        try session.sendKeys("e")
        try session.wait(for: "Choose the vehicle to dissociate")
        try session.sendKeys("Enter")
        try session.wait(for: "Enter confirm")
        try session.sendKeys("Enter")
        try session.wait(for: "Strong authentication needed (2302)")
        try session.type("1234")
        try session.sendKeys("Enter")
        let screen = try session.wait(for: "2312 from otp")
        #expect(!screen.contains("^S") && !screen.contains("resetSteps"), "a steps reset advised again:\n\(screen)")
        #expect(screen.contains("guided enrollment"), "no way to the enrollment:\n\(screen)")
        try quit(session)
    }

    // MARK: 6. A burnt SMS code

    @Test("Issue 38 (6): five wrong SMS codes burn it: the advice asks for a new code and the phone says burnt", arguments: [(80, 24), (120, 40)])
    func aBurntCodeIsShownAndAdvisedAsSuch(size: (Int, Int)) throws {
        let (session, _) = try start("--scenario phone-registered", width: size.0, height: size.1)
        try logIn(session)
        try session.sendKeys("Enter")  // the guided enrollment runs to step 6
        try session.wait(for: "types the code")
        for left in ["4 checks left", "3 checks left", "2 checks left", "1 check left", "burnt"] {
            try session.sendKeys("C-u")
            try session.type("1111")
            try session.sendKeys("Enter")
            try session.wait(for: left)
        }
        let screen = try session.wait(for: "the phone showing the code burnt") { $0.contains("✗ burnt") }
        #expect(screen.firstMatch(of: /\d+:\d\d left/) == nil, "the phone still counts the code down:\n\(screen)")
        #expect(!screen.contains("type it again"), "a burnt code to be typed again:\n\(screen)")
        #expect(screen.contains("^N for a new SMS code"), "\(screen)")
        try quit(session)
    }

    // MARK: 7. Fault targets at 80×24

    @Test("Issue 38 (7): every fault target of the simulator panel reads differently at 80×24")
    func faultTargetsAreTellableApartAt80x24() throws {
        let (session, _) = try start("--scenario fresh")
        try logIn(session)
        try session.sendKeys("F8")
        func target(_ screen: String) -> String? {
            screen.firstMatch(of: /target ([^ │─]+)/).map { String($0.1) }
        }
        var seen = [try #require(target(try session.wait(for: "the fault target") { target($0) != nil }))]
        // t cycles through the targets and back to the first.
        while true {
            try session.sendKeys("t")
            let shown = try #require(target(try session.wait(for: "the next target after \(seen.last!)") {
                target($0) != nil && target($0) != seen.last
            }))
            if shown == seen.first { break }
            #expect(!seen.contains(shown), "\(shown) shown for two targets: \(seen)")
            seen.append(shown)
        }
        #expect(seen.count == 13, "\(seen)")
        try quit(session)
    }

    // MARK: 8. The Vehicle screen's car row follows the simulator

    @Test("Issue 38 (8): the car row shows the panel's sleep and offline as soon as the panel closes", arguments: [(80, 24), (120, 40)])
    func theCarRowFollowsThePanel(size: (Int, Int)) throws {
        let (session, _) = try start("--scenario remote-ready", width: size.0, height: size.1)
        try logIn(session)
        try session.sendKeys("Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Enter")
        try session.wait(for: "Choose the vehicle")
        try session.sendKeys("Enter")
        try session.wait(for: "the car awake") { $0.contains("awake · online") && $0.contains("Commands · their signals") }
        try session.sendKeys("F8")
        try session.wait(for: "the panel's vehicle section") { $0.contains("Vehicle · VR1AB12C3D4567890") }
        try session.sendKeys("1")
        try session.wait(for: "the panel's car asleep") { $0.contains("asleep · online") }
        try session.sendKeys("Escape")
        try session.wait(for: "the car row asleep, no key pressed") { $0.contains("Commands · their signals") && $0.contains("asleep · online") }
        try session.sendKeys("F8")
        try session.wait(for: "the panel") { $0.contains("Vehicle · VR1AB12C3D4567890") }
        try session.sendKeys("2")
        try session.wait(for: "the panel's car offline") { $0.contains("asleep · offline") }
        try session.sendKeys("Escape")
        try session.wait(for: "the car row offline, no key pressed") { $0.contains("Commands · their signals") && $0.contains("asleep · offline") }
        try quit(session)
    }

    /// A tool's standard output; a status other than 0 fails.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let result = try CleanSpawn.run(["/usr/bin/env"] + arguments, environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else {
            throw TmuxSession.Failure(description: "\(arguments.joined(separator: " ")) failed (\(result.status)): \(result.errors)")
        }
        return result.output.trimmingCharacters(in: .newlines)
    }
}
