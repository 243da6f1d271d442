import Foundation
import Testing

/// The card app in the real binary, in tmux, by the keyboard alone (docs/card-rules.md §6): the seed's
/// auto enrollment on `card-replacement` from a purchase at the shop pane to the new card under
/// Display Accounts; and two terminals on one team server, where a purchase made in one lights up
/// the phone of the other.
@Suite(.serialized) struct CardEndToEndTests {
    /// `keys`: q, ^Q while a field is edited, q then Enter while a purchase waits for an answer.
    private func quit(_ session: TmuxSession, _ keys: String...) throws {
        try session.sendKeys(keys.isEmpty ? ["q"] : keys)
        _ = try session.wait(history: true, for: "the exit marker") { $0.contains(EnrollsimProcess.exitMarker + "0]") }
    }

    @Test("card-replacement: shop, push, YES, biometric fallback, PIN, display name, the new card in Display Accounts")
    func autoEnrollmentByPush() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let session = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine("--scenario card-replacement"))
        let start = try session.wait(for: "Enter log in")
        #expect(start.contains("Card (CA Strong Authentication"), "a card scenario opens on the card app")
        try session.sendKeys("Enter")
        try session.wait(for: "CA Strong Authentication app on alice-iphone")
        try session.sendKeys("Down", "Enter")  // Shop & issuer
        try session.wait(for: "Enter pay")
        try session.sendKeys("Enter")
        let pushed = try session.wait(for: "Push: Book Corner · 49.99 EUR · card •••• 8888")
        #expect(pushed.contains("F6 open push") || pushed.contains("F6 opens it"))
        try session.sendKeys("F6")
        try session.wait(for: "Did you make this purchase?")
        try session.sendKeys("y")
        try session.wait(for: "e PIN · b biometric")
        try session.sendKeys("b")
        try session.wait(for: "Touch ID / Face ID")
        try session.sendKeys("k")
        try session.wait(for: "Enter your PIN to approve")
        try session.type("1234")
        try session.sendKeys("Enter")
        try session.wait(for: "Name your new card")
        try session.type("Travel card")
        try session.sendKeys("Enter")
        try session.wait(for: "✓ Transaction approved")
        try session.sendKeys("Enter")  // back to the notifications
        try session.wait(for: "•••• 8888 · approved")
        try session.sendKeys("Escape")
        try session.wait(for: "Enter open")
        try session.sendKeys("Up", "Up", "Up", "Down", "Down", "Enter")  // Display Accounts
        let accounts = try session.wait(for: "Travel card · •••• 8888")
        #expect(accounts.contains("Acme Visa · •••• 4242"))
        try quit(session)
    }

    @Test("Two terminals on one server: a purchase made in one shows on the phone of the other")
    func purchaseReachesAnotherTerminal() throws {
        let server = try TUIOnServerEndToEndTests.Server(scenario: "card-replacement")
        func terminal() throws -> TmuxSession {
            let session = try TmuxSession(command: EnrollsimProcess.commandLine("--backend \(server.url) --admin-token \(server.token)"))
            // The server's scenario is a card one: the session screen opens on the card app.
            let start = try session.wait(for: "Enter log in")
            #expect(start.contains("Card (CA Strong Authentication"), "\(start)")
            try session.sendKeys("Enter")
            try session.wait(for: "CA Strong Authentication app on alice-iphone (session default)")
            return session
        }
        let shop = try terminal()
        let phone = try terminal()
        try shop.sendKeys("Down", "Enter")
        try shop.wait(for: "Enter pay")
        try shop.sendKeys("Enter")
        try shop.wait(for: "Paid: the bank pushed the purchase")
        // The other terminal, on Home, pressed nothing: the push arrives over the server's event stream.
        let lit = try phone.wait(for: "Push: Book Corner · 49.99 EUR · card •••• 8888")
        #expect(lit.contains("Book Corner · 49.99 EUR"), "the notification list on Home")
        try phone.sendKeys("F6")
        let details = try phone.wait(for: "Did you make this purchase?")
        #expect(details.contains("Book Corner") && details.contains("•••• 8888"))
        try quit(shop, "C-q")
        try quit(phone, "q", "Enter")
    }

    /// Issue 23: a purchase answered NO shows rejected in the notifications at once, not its countdown.
    @Test("A purchase answered NO on the phone shows rejected in its notification at once", arguments: [false, true])
    func declinedShowsAtOnce(onServer: Bool) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let server = onServer ? try TUIOnServerEndToEndTests.Server(scenario: "card-replacement") : nil
        defer { withExtendedLifetime(server) {} }
        let backend = server.map { "--backend \($0.url) --admin-token \($0.token)" } ?? "--scenario card-replacement"
        let session = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine(backend))
        try session.wait(for: "Enter log in")
        try session.sendKeys("Enter")
        try session.wait(for: "CA Strong Authentication app on alice-iphone")
        try session.sendKeys("Down", "Enter")  // Shop & issuer
        try session.wait(for: "Enter pay")
        try session.sendKeys("Enter")
        try session.wait(for: "Push: Book Corner · 49.99 EUR · card •••• 8888")
        try session.sendKeys("F6")
        try session.wait(for: "Did you make this purchase?")
        try session.sendKeys("n")
        try session.wait(for: "the purchase is rejected")
        let rejected = try session.wait(for: "•••• 8888 · rejected")
        #expect(!rejected.contains(" left"), "a countdown beside the rejected purchase:\n\(rejected)")
        try quit(session)
    }
}
