import Enrollment
import PIMS
import Screens
import SnapshotTesting
import Testing
import TerminalUI

/// Issue 9.2 and 9.4 on screen, by keys, at 80×24 and 120×40: failed calls on the flow map, the
/// blocked account's way out, each SMS code's state, the fault form, the car key's security code.
@Suite("Screens that tell the truth", .serialized)
struct TruthSnapshotTests {
    private func both(_ h: ScreenHarness, testName: String = #function) async {
        do { let screen = screenSnapshot(await h.frame()); assertSnapshot(of: screen, as: .lines, testName: testName) }
        do { let screen = screenSnapshot(await h.frame(Size(width: 120, height: 40))); assertSnapshot(of: screen, as: .lines, named: "120x40", testName: testName) }
    }

    @Test func guidedReferenceVariantStep3Failed() async throws {
        let h = try await ScreenHarness.start("fresh", SessionConfig(variant: .reference))
        try await h.press(.enter)  // guided: steps 1–3; step 3 answers 2307
        #expect(await h.frame().textSnapshot.contains("✗ 3   Trusted phone? 2307"))
        await both(h)
    }

    @Test func guidedPINBlocked() async throws {
        let h = try await ScreenHarness.start("pin-blocked")
        try await h.press(.enter)
        #expect(await h.frame().textSnapshot.contains("step A: remove all enrollments"))
        await both(h)
    }

    @Test func simulatorFaultForm() async throws {
        let h = try await ScreenHarness.start("fresh")
        try await h.press(.down, .down, .down, .down, .enter, .function(6))
        try await h.type("2307")
        try await h.press(.tab)
        try await h.type("enrollment")
        await both(h)
    }

    @Test func simulatorInboxReplacedAndConsumed() async throws {
        let h = try await ScreenHarness.start("phone-registered")
        try await h.press(.enter)  // guided: steps 1–3 and 5 → step 6 prompt
        try await h.press(.ctrl("n"), .ctrl("f"), .enter)  // a new code, typed, checked: consumed
        try await h.press(.escape, .escape, .down, .down, .down, .down, .enter)
        let text = await h.frame().textSnapshot
        #expect(text.contains("replaced") && text.contains("✓ consumed"), "\(text)")
        await both(h)
    }

    @Test func stepPacingShowsTheLastAnswer() async throws {
        var config = SessionConfig()
        config.pacing = .step
        let h = try await ScreenHarness.start("fresh", config)
        try await h.press(.enter)  // the login, sent
        try await h.press(.enter, .enter)  // guided: step 1 sent, step 2 staged
        #expect(await h.frame().textSnapshot.contains("◀ Enrollment · step 1: SUCCEEDED"))
        await both(h)
    }

    @Test func carKeyFromTheChecklistShowsItsCode() async throws {
        let h = try await ScreenHarness.start("enrolled")
        try await h.press(.down, .down, .enter, .enter)  // steps of the vehicle
        let item = try #require(await h.state.steps.items.firstIndex { $0.name == "mediumCarKey" })
        for _ in 0..<item { try await h.press(.down) }
        try await h.press(.enter, .enter)  // the car key for the checklist, activated
        #expect(await h.frame().textSnapshot.contains("security code"))
        await both(h)
    }
}
