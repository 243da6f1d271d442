import Foundation
import Testing

/// Issue 9.5 in a real terminal: a mouse click on a menu row and on the help bar, the command
/// palette, and the API log's filter with a copy that reaches tmux's clipboard over OSC 52.
@Suite(.serialized) struct NavigationEndToEndTests {
    private func start(_ arguments: String) throws -> TmuxSession {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let session = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine(arguments))
        try session.wait(for: "Enter log in")
        return session
    }

    @Test func aClickOpensTheMenuRowAndTheHelpBarsEntry() throws {
        let session = try start("--scenario enrolled")
        try logIn(session)
        try session.wait(for: "Flows")
        #expect(try session.display("#{mouse_any_flag}") == "1", "the TUI did not ask for mouse reports")
        let row = try #require(try session.position(of: "  Simulator"))
        try session.click(x: row.x + 3, y: row.y)
        try session.wait(for: "SMS inbox")
        let help = try #require(try session.position(of: "? help"))
        try session.click(x: help.x + 2, y: help.y)
        try session.wait(for: "Simulator — keys (")
        try session.sendKeys("Escape", "q")
        try session.wait(for: EnrollsimProcess.exitMarker + "0]", history: true)
    }

    @Test func noMouseLeavesTheMouseToTheTerminal() throws {
        let session = try start("--scenario enrolled --no-mouse")
        try logIn(session)
        try session.wait(for: "Flows")
        #expect(try session.display("#{mouse_any_flag}") == "0")
        let row = try #require(try session.position(of: "  Simulator"))
        try session.click(x: row.x + 3, y: row.y)
        try session.sendKeys("?")  // a key after the click: once it shows, the click was read (and ignored)
        let screen = try session.wait(for: "Home — keys (")
        #expect(!screen.contains("SMS inbox"))
        try session.sendKeys("Escape", "q")
        try session.wait(for: EnrollsimProcess.exitMarker + "0]", history: true)
    }

    @Test func thePaletteFindsAScreenByTypedLetters() throws {
        let session = try start("--scenario enrolled")
        try logIn(session)
        try session.sendKeys(":")
        try session.wait(for: "Commands — type to find")
        try session.type("car key")
        try session.wait(for: "> car key")
        try session.sendKeys("Enter")
        try session.wait(for: "Choose the vehicle")
        // ^P opens it too, and q typed there is a letter of the query, not quit.
        try session.sendKeys("C-p")
        try session.wait(for: "Commands — type to find")
        try session.type("q")
        try session.wait(for: "> q")
        try session.sendKeys("Escape")
        try session.wait(for: "Choose the vehicle")
        try session.sendKeys("C-c")
        try session.wait(for: EnrollsimProcess.exitMarker + "0]", history: true)
    }

    @Test func theLogFilterShowsTheMatchingCallsAndYCopiesOne() throws {
        let session = try start("--scenario fresh")
        try session.acceptClipboard()
        try logIn(session)
        try session.sendKeys("Enter")  // the guided enrollment: steps 1–3 run
        try session.wait(for: "s shortcut 4·1")
        try session.sendKeys("F9")
        try session.wait(for: "4 calls")
        try session.sendKeys("/")
        try session.type("trusted")
        let screen = try session.wait(for: "1 of 4 calls")
        #expect(screen.contains("pims.authentication.trustedphonenumber"))
        #expect(!screen.contains("isDeviceActivated"))
        try session.sendKeys("Escape", "y")
        try session.wait(for: "Copied the request of pims.authentication.trustedphonenumber")
        let copied = try session.wait(timeout: TmuxSession.patience, for: "the request in tmux's buffer") { _ in
            (try? session.clipboard())?.contains("\"name\": \"pims.authentication.trustedphonenumber\"") == true
        }
        #expect(!copied.isEmpty)
        try session.sendKeys("C-c")
        try session.wait(for: EnrollsimProcess.exitMarker + "0]", history: true)
    }
}
