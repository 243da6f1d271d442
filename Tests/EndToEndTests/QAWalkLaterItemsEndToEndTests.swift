import Foundation
import Testing

/// Issue 38, items 9 and 11–15, in the real binary by the keyboard alone: what a QA walk of every
/// path found wrong on the screens (a prompt that closed, a footer that named no way on, stale or
/// repeated lines, typing that went nowhere).
@Suite(.serialized) struct QAWalkLaterItemsEndToEndTests {
    private func start(_ arguments: String, width: Int = 80, height: Int = 24) throws -> TmuxSession {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let session = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine(arguments), width: width, height: height)
        try session.wait(for: "Enter log in")
        return session
    }

    private func quit(_ session: TmuxSession) throws {
        try session.sendKeys("C-c")
        _ = try session.wait(history: true, for: "the exit marker") { $0.contains(EnrollsimProcess.exitMarker + "0]") }
    }

    /// A Futurae scenario's session screen, then Enter: the home menu.
    private func startFuturae(_ arguments: String) throws -> TmuxSession {
        let session = try start(arguments)
        try session.sendKeys("Enter")
        try session.wait(for: "Futurae SDK on alice-iphone")
        return session
    }

    // MARK: 9 — the Futurae unlock

    @Test("9: a wrong SDK PIN keeps the unlock prompt open, saying how many tries are left; the right one then unlocks")
    func aWrongSDKPINIsTypedAgainAtThePrompt() throws {
        let session = try startFuturae("--scenario futurae-enrolled")
        try session.sendKeys("Down", "Enter")  // Futurae accounts
        try session.wait(for: "Acme Bank · since")
        try session.sendKeys("u")
        try session.wait(for: "Unlock with the SDK PIN")
        try session.type("0000")
        try session.sendKeys("Enter")
        let wrong = try session.wait(for: "Wrong SDK PIN: 4 attempts left")
        #expect(wrong.contains("Unlock with the SDK PIN"), "the prompt closed:\n\(wrong)")
        try session.type("1234")
        try session.sendKeys("Enter")
        let unlocked = try session.wait(for: "✓ unlocked until")
        #expect(!unlocked.contains("Unlock with the SDK PIN"), "the prompt stayed after the unlock:\n\(unlocked)")
        try quit(session)
    }

    @Test("9: an enroll answered SDKLockError 3 offers the unlock (SDK PIN, wrong then right), then enrolls")
    func aLockedEnrollmentUnlocksThenEnrolls() throws {
        // bob's pending activation (QR, no binding), on the scenario's SDK instance: PIN 1234, locked.
        let session = try startFuturae("--scenario futurae-enrolled --user bob@example.com")
        try session.sendKeys("Enter")  // Futurae enrollment
        try session.wait(for: "Scan the activation QR code")
        try session.scanFuturaeQR()
        let locked = try session.wait(for: "SDKLockError 3")
        #expect(locked.contains("Enter unlock") && !locked.contains("Enter retry"), "the footer names no way on:\n\(locked)")
        #expect(locked.contains("Enter unlocks with the SDK PIN"), "\(locked)")
        try session.sendKeys("Enter")
        try session.wait(for: "The SDK is locked: unlock it")
        try session.type("0000")
        try session.sendKeys("Enter")
        let wrong = try session.wait(for: "Wrong SDK PIN: 4 attempts left")
        #expect(wrong.contains("The SDK is locked: unlock it"), "the prompt closed:\n\(wrong)")
        try session.type("1234")
        try session.sendKeys("Enter")
        let done = try session.wait(for: "✓ Enrolled")
        #expect(done.contains("bob@example.com"), "\(done)")
        try quit(session)
    }

    // MARK: 11 — step names and the phone box

    @Test("11: step 6 is titled Check SMS code; at step 7 the phone box shows the SMS it holds")
    func stepSixAndTheSMSAtStepSeven() throws {
        let session = try start("--scenario phone-registered", width: 120, height: 40)
        try logIn(session)
        try session.sendKeys("Enter")
        let six = try session.wait(for: "Step 6 · ")
        #expect(six.contains("Step 6 · Check SMS code"), "\(six)")
        try session.wait(for: "types the code")
        try session.sendKeys("C-f", "Enter")
        let seven = try session.wait(for: "the phone box at step 7") { $0.contains("Step 7 · ") && $0.contains("☎") }
        #expect(!seven.contains("No SMS yet."), "three SMS sent, the phone says none:\n\(seven)")
        #expect(seven.contains("SMS enrollment") && seven.contains("no code asked at this step"), "\(seven)")
        try quit(session)
    }

    // MARK: 12 — the home menu after a system switch

    @Test("12: after switching the system, the home menu has its first flow selected and Enter opens it")
    func theHomeMenuAfterASystemSwitch() throws {
        let session = try start("--scenario fresh")
        try logIn(session)
        // The session screen, last in PIMS's menu (8th), then Futurae.
        try session.sendKeys("Down", "Down", "Down", "Down", "Down", "Down", "Down", "Enter")
        try session.wait(for: "Enter switch")
        try session.sendKeys("y")
        try session.wait(for: "System    Futurae")
        try session.sendKeys("Enter")
        let home = try session.wait(for: "Futurae SDK on alice-iphone")
        #expect(home.contains("▶ Futurae enrollment"), "no selection:\n\(home)")
        try session.sendKeys("Enter")
        try session.wait(for: "Scan the activation QR code")
        try quit(session)
    }

    // MARK: 13 — digit fields run on

    @Test("13: an SMS code, then the PIN, then its confirmation typed in one go fill the three fields")
    func codesAndPINsTypedInOneGo() throws {
        let session = try start("--scenario fresh")
        try logIn(session)
        try session.sendKeys("Enter")
        try session.wait(for: "s shortcut 4·1")
        try session.sendKeys("s")
        try session.wait(for: "Phone number")
        try session.type("0612345678")
        try session.sendKeys("Enter")
        try session.wait(for: "types the code")
        // The phone's code (the scenario's seed: 9047), the PIN, a space, the PIN again.
        try session.type("90471357 1357")
        try session.sendKeys("Enter")
        try session.wait(for: "alice-iphone is enrolled")
        try quit(session)
    }

    // MARK: 14 — a suggested name is replaced by what is typed

    @Test("14: a bookmark's name typed over the suggested mark-1 replaces it")
    func aTypedBookmarkNameReplacesTheSuggestion() throws {
        let session = try start("--scenario fresh")
        try logIn(session)
        try session.sendKeys("F8")
        try session.wait(for: "SMS inbox")
        try session.sendKeys("d")
        try session.wait(for: "mark-1")
        try session.type("before")
        let typed = try session.wait(for: "[before")
        #expect(!typed.contains("mark-1before"), "\(typed)")
        try session.sendKeys("Enter")
        try session.wait(for: "Bookmark before taken")
        // Backspace keeps the suggestion to edit it: mark-2 becomes mark-7.
        try session.sendKeys("d")
        try session.wait(for: "mark-2")
        try session.sendKeys("BSpace")
        try session.type("7")
        try session.sendKeys("Enter")
        try session.wait(for: "Bookmark mark-7 taken")
        try quit(session)
    }

    // MARK: 15 — repeated and stale lines

    @Test("15: the OTP page says its 2302 once")
    func theOTPPageSaysItOnce() throws {
        let session = try start("--scenario enrolled")
        try logIn(session)
        try session.sendKeys("Down", "Enter")  // account management
        try session.wait(for: "Remove vehicle association")
        try session.sendKeys("e")
        try session.wait(for: "Choose the vehicle to dissociate")
        try session.sendKeys("Enter")
        try session.wait(for: "Enter: yes")
        try session.sendKeys("Enter")
        let page = try session.wait(for: "Strong authentication needed (2302)")
        #expect(page.components(separatedBy: "2302").count - 1 == 1, "2302 said more than once:\n\(page)")
        try quit(session)
    }

    @Test("15: the simulator names the scenario the session started on")
    func theSimulatorNamesTheScenario() throws {
        let session = try start("--scenario stale-steps")
        try logIn(session)
        try session.sendKeys("F8")
        let panel = try session.wait(for: "Clock and scenario")
        #expect(panel.contains("scenario stale-steps"), "\(panel)")
        try quit(session)
    }

    @Test("15: after a silent enrollment the back office says the code was handed to the app, and used")
    func silentEnrollmentShowsNoQRForThePhone() throws {
        let session = try startFuturae("--scenario futurae-fresh")
        try session.sendKeys("Enter")  // Futurae enrollment
        try session.wait(for: "Silent enrollment")
        try session.sendKeys("Down", "Down", "Enter")
        let done = try session.wait(for: "✓ Enrolled")
        #expect(!done.contains("shown for the phone"), "\(done)")
        #expect(done.contains("handed to the app") && done.contains("✓ used"), "\(done)")
        try quit(session)
    }

    @Test("15: an activation the clock expired is no longer shown pending by the back office")
    func anExpiredActivationIsNotPending() throws {
        let session = try startFuturae("--scenario futurae-pin")
        try session.sendKeys("Enter")  // Futurae enrollment: the scenario's activation, 10 minutes
        try session.wait(for: "57S6KDIM")
        #expect(try session.capture().contains("status    pending"))
        try session.sendKeys("F8")
        try session.wait(for: "Clock and scenario")
        try session.sendKeys("i", "C-u")
        try session.type("700")
        try session.sendKeys("Escape", "a")
        try session.wait(for: "alice@example.com · expired")
        try session.sendKeys("Escape")
        let back = try session.wait(for: "the back office read again") { $0.contains("Back office · web session") && !$0.contains("57S6KDIM") }
        #expect(!back.contains("status    pending") && back.contains("No pending activation"), "\(back)")
        try quit(session)
    }
}
