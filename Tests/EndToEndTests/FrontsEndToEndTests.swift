import Foundation
import Testing

/// Issue 23, as a new user meets it in the real binary: each system's front on a team server opens
/// on the server's scenario's system, attaches its own device's session, and shows a transport
/// failure in its own terms.
@Suite(.serialized) struct FrontsEndToEndTests {
    typealias Server = TUIOnServerEndToEndTests.Server

    private func terminal(_ server: Server, _ flags: String = "") throws -> TmuxSession {
        let session = try TmuxSession(command: EnrollsimProcess.commandLine("--backend \(server.url) --admin-token \(server.token) \(flags)"))
        try session.wait(for: "Enter log in")
        return session
    }

    /// Presses `y` (the system key) until the session screen shows `system`.
    private func choose(_ system: String, in session: TmuxSession) throws {
        for _ in 0..<3 where try !session.capture().contains(system) {
            try session.sendKeys("y")
            _ = try? session.wait(timeout: .seconds(5), for: system) { $0.contains(system) }
        }
        try session.wait(for: system)
    }

    private func quit(_ session: TmuxSession) throws {
        try session.sendKeys("C-c")
        try session.wait(for: EnrollsimProcess.exitMarker + "0]", history: true)
    }

    @Test("A TUI on a server loaded with a Futurae or card scenario opens on that scenario's system", arguments: [
        ("futurae-pin", "Futurae (activation code", "Futurae SDK on alice-iphone"),
        ("card-replacement", "Card (CA Strong Authentication", "CA Strong Authentication app on alice-iphone (session default)"),
    ])
    func opensOnTheServersSystem(scenario: String, system: String, ready: String) throws {
        let server = try Server(scenario: scenario)
        let session = try terminal(server)
        let start = try session.capture()
        #expect(start.contains(system), "the session screen is not on the scenario's system:\n\(start)")
        try session.sendKeys("Enter")
        try session.wait(for: ready)
        try quit(session)
    }

    @Test("Over the server a card phone attaches its own device's session, not the scenario's phone")
    func aCardPhoneIsItsDevicesSession() throws {
        let server = try Server(scenario: "card-replacement")
        let session = try terminal(server, "--device shop-pos")
        try choose("Card (CA Strong Authentication", in: session)
        try session.sendKeys("Enter")
        let ready = try session.wait(for: "CA Strong Authentication app on shop-pos")
        #expect(ready.contains("(session shop-pos)"), "\(ready)")
        #expect(!ready.contains("(session default)"))
        try quit(session)
    }

    @Test("Futurae shows a transport failure as the URL loading error its SDK passes on, not PIMS's 2202")
    func futuraeTransportFailure() throws {
        let server = try Server(scenario: "futurae-enrolled")
        let session = try terminal(server)
        try choose("Futurae (activation code", in: session)
        try session.sendKeys("Enter")
        try session.wait(for: "Futurae SDK on alice-iphone")
        try session.sendKeys("Down", "Enter")  // Futurae accounts
        try session.wait(for: "Acme Bank · since")
        server.stop()
        try session.sendKeys("g")
        let failed = try session.wait(for: "NSURLErrorDomain -1009")
        #expect(!failed.contains("2202") && !failed.contains("Network problem"), "PIMS's transport error on Futurae:\n\(failed)")
        try quit(session)
    }

    @Test("The card app shows a transport failure in its SDK's style, not PIMS's 2202")
    func cardTransportFailure() throws {
        let server = try Server(scenario: "card-replacement")
        let session = try terminal(server)
        try choose("Card (CA Strong Authentication", in: session)
        try session.sendKeys("Enter")
        try session.wait(for: "CA Strong Authentication app on alice-iphone")
        try session.sendKeys("Down", "Down", "Enter")  // Display Accounts
        try session.wait(for: "Acme Visa · •••• 4242")
        server.stop()
        try session.sendKeys("g")
        let failed = try session.wait(for: "ERROR_NO_NETWORK")
        #expect(!failed.contains("2202") && !failed.contains("Network problem"), "PIMS's transport error on the card app:\n\(failed)")
        try quit(session)
    }

    /// State that changes elsewhere arrives as an event: a code another client consumes shows as
    /// consumed in this terminal's inbox with no key pressed.
    @Test("An SMS code consumed by another client shows consumed here at once")
    func aCodeConsumedElsewhere() throws {
        let server = try Server(scenario: "phone-registered")
        let session = try simulatorInbox(on: server)
        let login = #"{"type": "set", "name": "pims.authentication.user", "params": {"action": "login", "username": "alice@example.com", "password": "alice-pass"}, "session": "other"}"#
        let sent = try server.batch([
            #"{"sim": "session", "session": "other", "device": "alice-ipad"}"#, login,
            #"{"type": "get", "name": "pims.authentication.smscode", "params": {"type": "enrollment"}, "session": "other"}"#,
            #"{"sim": "inbox", "phone": "0612345678"}"#,
        ])
        let code = try #require(sent.firstMatch(of: /"code":"(\d+)"/)?.1, "\(sent)")
        try session.wait(for: "\(code)  enrollment")
        _ = try server.batch([
            login,
            #"{"type": "set", "name": "pims.authentication.smscode", "params": {"type": "enrollment", "smsCode": "\#(code)"}, "session": "other"}"#,
        ])
        try session.wait(for: "✓ consumed")
        try quit(session)
    }

    private func inProcess(_ scenario: String, width: Int = 80, height: Int = 24) throws -> TmuxSession {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let session = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine("--scenario \(scenario)"),
                                      width: width, height: height)
        try session.wait(for: "Enter log in")
        try session.sendKeys("Enter")
        return session
    }

    @Test("Futurae's simulator panel: its back office, faults on its own calls; SDKError 8 walked by keys")
    func futuraePanelAndSDKError8() throws {
        let session = try inProcess("futurae-fresh", width: 120, height: 40)
        try session.wait(for: "Futurae SDK on alice-iphone")
        try session.sendKeys("F8")
        let panel = try session.wait(for: "Back office · activations")
        #expect(!panel.contains("SMS inbox") && !panel.contains("Steps caches"), "\(panel)")
        try session.wait(for: "target futurae.qrCodeType")
        try session.sendKeys("t")
        try session.wait(for: "target futurae.enroll")
        try session.sendKeys("F2")
        try session.wait(for: "Fault added: futurae.enroll → multipleEnrollDisallowed")
        try session.sendKeys("Escape")
        try session.sendKeys("Enter")  // Futurae enrollment
        try session.wait(for: "Scan the activation QR code")
        try session.scanFuturaeQR()
        try session.wait(for: "SDKError 8 multipleEnrollDisallowed")
        try quit(session)
    }

    @Test("Futurae's simulator panel advances the shared clock: the pending activation expires, enroll says so")
    func futuraeExpiredActivation() throws {
        let session = try inProcess("futurae-pin", width: 120, height: 40)
        try session.wait(for: "Futurae SDK on alice-iphone")
        try session.sendKeys("Enter")  // Futurae enrollment, with the scenario's activation (valid 10 minutes)
        try session.wait(for: "Scan the activation QR code")
        try session.sendKeys("Enter")
        try session.wait(for: "s scan")
        try session.sendKeys("F8")
        try session.wait(for: "Back office · activations")
        for minute in 1...11 {
            try session.sendKeys("a")
            try session.wait(for: "Clock advanced to 2026-01-05T09:\(String(format: "%02d", minute))")
        }
        try session.wait(for: "alice@example.com · expired")
        try session.sendKeys("Escape")  // back to the enrollment, where it was
        try session.wait(for: "s scan")
        try session.sendKeys("s")
        try session.chooseSDKPIN("2468")
        try session.wait(for: "Trusted Session Binding")
        try session.type("57S6KDIM")
        try session.sendKeys("Enter")
        try session.wait(for: "SDKURLError 2 activationCodeNotFound")
        try quit(session)
    }

    @Test("The card app's simulator panel: its notifications, faults on casa calls with a latency, no SMS inbox")
    func cardPanel() throws {
        let session = try inProcess("card-replacement", width: 120, height: 40)
        try session.wait(for: "CA Strong Authentication app on alice-iphone")
        try session.sendKeys("F8")
        let panel = try session.wait(for: "Phone · notifications")
        #expect(!panel.contains("SMS inbox") && !panel.contains("Steps caches"), "\(panel)")
        try session.wait(for: "target casa.getTransaction")
        try session.sendKeys("F5")
        try session.wait(for: "Fault added: casa.getTransaction +3000 ms")
        try session.sendKeys("a")
        try session.wait(for: "Clock advanced to 2026-01-05T09:01")
        try quit(session)
    }
}
