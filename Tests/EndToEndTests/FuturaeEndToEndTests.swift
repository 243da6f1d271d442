import Foundation
import Testing

/// The Futurae front in the real binary, in tmux, by the keyboard alone (docs/futurae-rules.md §6):
/// the seed's longest path on `futurae-pin` (QR code, SDK PIN, binding token), and the unlocks on
/// `futurae-enrolled`.
@Suite(.serialized) struct FuturaeEndToEndTests {
    /// In process, or on `server` (a team server loaded with the same scenario).
    private func start(_ scenario: String, on server: TUIOnServerEndToEndTests.Server? = nil) throws -> TmuxSession {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let backend = server.map { "--backend \($0.url) --admin-token \($0.token)" } ?? "--scenario \(scenario)"
        let session = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine(backend))
        try session.wait(for: "Enter log in")
        #expect(try session.capture().contains("Futurae (activation code"), "a Futurae scenario opens on Futurae")
        try session.sendKeys("Enter")
        try session.wait(for: "Futurae SDK on alice-iphone")
        return session
    }

    private func quit(_ session: TmuxSession) throws {
        try session.sendKeys("q")
        _ = try session.wait(history: true, for: "the exit marker") { $0.contains(EnrollsimProcess.exitMarker + "0]") }
    }

    @Test("futurae-pin: the QR code drawn, scanned with one key, SDK PIN twice, the binding token read off the back office")
    func qrCodeWithSDKPINAndBindingToken() throws {
        let session = try start("futurae-pin")
        try session.sendKeys("Enter")  // Futurae enrollment, first in the menu
        try session.wait(for: "Scan the activation QR code")
        try session.sendKeys("Enter")
        let qr = try session.wait(for: "s scan")
        // The top finder patterns' row: the two 7-module squares' top edges, dark modules drawn on the bar.
        #expect(qr.split(separator: "\n").contains { $0.components(separatedBy: "█▀▀▀▀▀█").count == 3 }, "no QR code drawn:\n\(qr)")
        try session.sendKeys("s")
        try session.chooseSDKPIN("2468")
        let prompt = try session.wait(for: "Trusted Session Binding")
        // The token is read where the user reads it: in the back office pane, the right column.
        let token = try #require(prompt.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "token     ") else { return nil }
            return String(line[r.upperBound...].prefix(8))
        }.first, "no token in the back office:\n\(prompt)")
        let phone = prompt.split(separator: "\n").map { String($0.prefix(42)) }.joined(separator: "\n")
        #expect(!phone.contains(token), "the binding token is shown on the phone:\n\(prompt)")
        try session.type(token)
        try session.sendKeys("Enter")
        let done = try session.wait(for: "✓ Enrolled")
        #expect(done.contains("Acme Bank") && done.contains("alice@example.com"))
        try quit(session)
    }

    @Test("futurae-enrolled: unlock with the SDK PIN, lock, then unlock by the biometric prompt")
    func unlock() throws {
        let session = try start("futurae-enrolled")
        try session.sendKeys("Down", "Enter")  // Futurae accounts
        try session.wait(for: "Acme Bank · since")
        try session.sendKeys("u")
        try session.wait(for: "Unlock with the SDK PIN")
        try session.type("1234")
        try session.sendKeys("Enter")
        try session.wait(for: "✓ unlocked until")
        try session.sendKeys("l")
        try session.wait(for: "✗ locked")
        try session.sendKeys("b")
        try session.wait(for: "Touch ID / Face ID")
        try session.sendKeys("s")
        try session.wait(for: "✓ unlocked until")
        try quit(session)
    }

    /// Issue 23: the scenario's own pending activation is the one the back office shows and the
    /// enrollment uses (its binding token 57S6KDIM), not another one created beside it.
    @Test("futurae-pin: the back office shows the scenario's pending activation, and the enrollment uses it", arguments: [false, true])
    func theScenariosPendingActivation(onServer: Bool) throws {
        let server = onServer ? try TUIOnServerEndToEndTests.Server(scenario: "futurae-pin") : nil
        defer { withExtendedLifetime(server) {} }
        let session = try start("futurae-pin", on: server)
        try session.sendKeys("Enter")  // Futurae enrollment
        // The back office's read has come once the scenario's activation shows (a server answers later).
        let backOffice = try session.wait(for: "the scenario's activation and no call in flight") {
            $0.contains("Scan the activation QR code") && $0.contains("57S6KDIM") && $0.contains("Enter start")
        }
        #expect(!backOffice.contains("No activation yet") && !backOffice.contains("No pending activation"), "\(backOffice)")
        try session.scanFuturaeQR()
        try session.chooseSDKPIN("2468")
        let prompt = try session.wait(for: "Trusted Session Binding")
        #expect(prompt.contains("token     57S6KDIM"), "another activation's token:\n\(prompt)")
        try session.type("57S6KDIM")
        try session.sendKeys("Enter")
        try session.wait(for: "✓ Enrolled")
        try quit(session)
    }

    /// Issue 23: futurae-enrolled says the SDK is locked (its device has no unlock), and the back
    /// office knows bob's pending activation.
    @Test("futurae-enrolled: Home shows the SDK locked, the back office bob's pending activation", arguments: [false, true])
    func lockedAndBobsActivation(onServer: Bool) throws {
        let server = onServer ? try TUIOnServerEndToEndTests.Server(scenario: "futurae-enrolled") : nil
        defer { withExtendedLifetime(server) {} }
        let session = try start("futurae-enrolled", on: server)
        let home = try session.wait(for: "✗ locked")
        #expect(!home.contains("not known yet"))
        try session.sendKeys("Enter")  // Futurae enrollment
        try session.wait(for: "bob's pending activation, no call in flight") {
            $0.contains("Pending for") && $0.contains("bob@example.com") && $0.contains("Enter start")
        }
        try quit(session)
    }

    /// Issue 23: from Accounts, `n` starts another enrollment, never the last one's result.
    @Test("From Accounts, n starts a new enrollment after the last one's account logged out", arguments: [false, true])
    func enrollAnotherStartsAfresh(onServer: Bool) throws {
        let server = onServer ? try TUIOnServerEndToEndTests.Server(scenario: "futurae-fresh") : nil
        defer { withExtendedLifetime(server) {} }
        let session = try start("futurae-fresh", on: server)
        try session.sendKeys("Enter")  // Futurae enrollment
        try session.wait(for: "the enrollment, no call in flight") { $0.contains("Scan the activation QR code") && $0.contains("Enter start") }
        try session.scanFuturaeQR()
        try session.wait(for: "✓ Enrolled")
        try session.sendKeys("Enter")  // the accounts
        try session.wait(for: "Acme Bank · since")
        try session.sendKeys("o")
        try session.wait(for: "Log out alice@example.com?")
        try session.sendKeys("Enter")  // confirm the logout
        try session.wait(for: "No account")
        try session.sendKeys("n")
        let fresh = try session.wait(for: "Scan the activation QR code")
        #expect(!fresh.contains("✓ Enrolled"), "the last enrollment's result:\n\(fresh)")
        try quit(session)
    }
}
