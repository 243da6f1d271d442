import Enrollment
import PIMS
import Screens
import SnapshotTesting
import Testing
import TerminalUI

/// Every screen at 80×24 (text and style grid), some at 120×40, the too-small screen, and
/// monochrome attributes. CI runs with SNAPSHOT_TESTING_RECORD=never: a missing snapshot fails.
@Suite("Screens", .serialized)
struct ScreenSnapshotTests {
    @Test func start() async throws {
        let h = try await ScreenHarness.start("fresh", login: false)
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func home() async throws {
        let h = try await ScreenHarness.start("enrolled")
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
        do { let screen = screenSnapshot(await h.frame(Size(width: 120, height: 40))); assertSnapshot(of: screen, as: .lines, named: "120x40") }
    }

    @Test func guidedChooseMethod() async throws {
        let h = try await ScreenHarness.start("fresh")
        try await h.press(.enter)  // Guided enrollment: steps 1–3 run on their own
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
        do { let screen = screenSnapshot(await h.frame(Size(width: 120, height: 40))); assertSnapshot(of: screen, as: .lines, named: "120x40") }
    }

    @Test func guidedShortcutCodeWithThePhone() async throws {
        let h = try await ScreenHarness.start("fresh")
        try await h.press(.enter, .char("s"))
        try await h.type("0612345678")
        try await h.press(.enter)
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func accountMenu() async throws {
        let h = try await ScreenHarness.start("enrolled")
        try await h.press(.down, .enter)
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func tooSmall() async throws {
        let h = try await ScreenHarness.start("fresh")
        do { let screen = screenSnapshot(await h.frame(Size(width: 60, height: 20))); assertSnapshot(of: screen, as: .lines) }
    }
}

@Suite("Screens in flows", .serialized)
struct FlowScreenSnapshotTests {
    @Test func wrongSMSCodeBanner() async throws {
        let h = try await ScreenHarness.start("phone-registered")
        try await h.press(.enter)  // guided: steps 1–3 and 5 run → step 6 prompt
        try await h.type("0000")
        try await h.press(.enter)
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func accountResetPINCode() async throws {
        let h = try await ScreenHarness.start("enrolled")
        try await h.press(.down, .enter)  // account management
        try await h.press(.char("b"))
        try await h.press(.enter)  // send the resetPIN SMS
        try await h.type("5678")
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func accountRemoveAllConfirmation() async throws {
        let h = try await ScreenHarness.start("pin-blocked")
        try await h.press(.down, .enter, .char("a"))
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func otpPrompt() async throws {
        let h = try await ScreenHarness.start("enrolled")
        try await h.press(.down, .enter, .char("e"))
        try await h.press(.enter, .enter)  // choose the vehicle, confirm → 2302 → OTP page
        try await h.type("12")
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func stepsChecklistStale() async throws {
        let h = try await ScreenHarness.start("stale-steps")
        try await h.press(.down, .down, .enter)  // steps
        try await h.press(.enter)  // the vehicle
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func carKeyWithAProximityError() async throws {
        let h = try await ScreenHarness.start("enrolled")
        try await h.press(.down, .down, .down, .enter)  // car key
        try await h.press(.enter)  // select the vehicle
        try await h.press(.char("b"))  // Bluetooth off
        try await h.press(.enter)  // activate → 2341
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func simulatorPanel() async throws {
        let h = try await ScreenHarness.start("stale-steps")
        try await h.press(.down, .down, .down, .down, .enter)
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
        do { let screen = screenSnapshot(await h.frame(Size(width: 120, height: 40))); assertSnapshot(of: screen, as: .lines, named: "120x40") }
    }

    @Test func apiLog() async throws {
        let h = try await ScreenHarness.start("fresh")
        try await h.press(.enter, .escape)  // guided runs steps 1–3; back home
        try await h.press(.down, .down, .down, .down, .down, .enter)
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func stepPacing() async throws {
        var config = SessionConfig()
        config.pacing = .step
        let h = try await ScreenHarness.start("fresh", config)
        try await h.press(.enter)
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func helpOverlay() async throws {
        let h = try await ScreenHarness.start("enrolled")
        try await h.press(.char("?"))
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func quitDuringAFlowAsks() async throws {
        let h = try await ScreenHarness.start("fresh")
        try await h.press(.enter, .char("q"))
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines) }
    }

    @Test func monochromeAttributes() async throws {
        let h = try await ScreenHarness.start("fresh")
        try await h.press(.enter, .char("s"))
        let frame = await h.frame()
        let attributes = frame.attributeSnapshot(theme: .monochrome)
        assertSnapshot(of: attributes, as: .lines)
    }
}
