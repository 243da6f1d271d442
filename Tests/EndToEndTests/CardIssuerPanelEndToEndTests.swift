import Foundation
import Testing

/// Issue 23: the card app's simulator panel has the issuer's back office, walked by keys in the real
/// binary, in process and on a team server: a new activation code, the card made inactive (a code is
/// then refused, and says why) and active again, a purchase pushed to the phone.
@Suite(.serialized) struct CardIssuerPanelEndToEndTests {
    typealias Server = TUIOnServerEndToEndTests.Server

    @Test("Card's panel: the issuer's code, disable, enable and a pushed purchase, by keys, in process", arguments: [(80, 24), (120, 40)])
    func inProcess(width: Int, height: Int) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let session = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine("--scenario card-replacement"),
                                      width: width, height: height)
        try session.wait(for: "Enter log in")
        try walkIssuer(session)
    }

    @Test("Card's panel: the issuer's code, disable, enable and a pushed purchase, by keys, on a team server")
    func onServer() throws {
        let server = try Server(scenario: "card-replacement")
        let session = try TmuxSession(command: EnrollsimProcess.commandLine("--backend \(server.url) --admin-token \(server.token)"))
        try session.wait(for: "Enter log in")
        try session.wait(for: "Card (CA Strong Authentication")
        try walkIssuer(session)
    }

    private func walkIssuer(_ session: TmuxSession) throws {
        try session.sendKeys("Enter")
        try session.wait(for: "CA Strong Authentication app on alice-iphone")
        try session.sendKeys("F8")
        // The issuer's section and the Card field on 4242 (one frame may be drawn before the other arrives).
        let panel = try session.wait(for: "the issuer's section and the Card field on 4242") {
            $0.contains("Issuer · back office") && $0.contains(/Card +\[4242/)
        }
        #expect(!panel.contains("SMS inbox"), "\(panel)")

        try session.sendKeys("v")
        let issued = try session.wait(for: "a code row") { $0.contains(/code +\d{8}/) }
        #expect(issued.contains("card      •••• 4242"), "\(issued)")

        try session.sendKeys("x")
        try session.wait(for: "state     inactive")
        try session.sendKeys("v")
        let refused = try session.wait(for: "card acct-4242 is inactive")
        #expect(refused.contains("state     inactive"), "a refusal changed the issuer's rows:\n\(refused)")
        try session.sendKeys("s")
        try session.wait(for: "state     active")

        try session.sendKeys("b")
        let pushed = try session.wait(for: "pushed to default")
        #expect(pushed.contains("10.00 EUR · •••• 4242"), "\(pushed)")
        // The phone's notifications, read again after the purchase, list it.
        try session.wait(for: "Simulator · 10.00 EUR")
        try session.wait(for: "Phone · notifications (1)")

        try session.sendKeys("C-c")
        try session.wait(for: EnrollsimProcess.exitMarker + "0]", history: true)
    }
}
