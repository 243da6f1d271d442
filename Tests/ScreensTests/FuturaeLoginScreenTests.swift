import Enrollment
import Futurae
import PIMS
import Screens
import SimTestSupport
import SimWorld
import SnapshotTesting
import Testing
import TerminalUI

/// Push authentication's screens at 80×24 and 120×40 (F8–F10): the request as the phone shows it,
/// the unlock it asks for on a locked SDK, the approved ending, and the back office's logins in the
/// simulator panel.
@Suite("Futurae login screens", .serialized)
struct FuturaeLoginScreenTests {
    /// futurae-enrolled (SDK locked, PIN 1234) with a login pushed by the back office's key (F8, y)
    /// and arrived as an event.
    static func pushed() async throws -> ScreenHarness {
        let h = try await FuturaeScreenTests.start("futurae-enrolled")
        try await h.press(.function(8), .char("y"))
        try await arrived(h)
        return h
    }

    /// Waits for the push's event (the store's subscription delivers it beside the calls).
    static func arrived(_ h: ScreenHarness) async throws {
        for _ in 0..<2_000 where await h.state.futuraeLogin.unread == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await h.state.futuraeLogin.unread != nil, "the push never arrived")
        await h.store.settle()
    }

    @Test func futuraeLoginRequest() async throws {
        let h = try await Self.pushed()
        try await h.press(.escape, .function(6))
        await FuturaeScreenTests.both(h)
    }

    @Test func futuraeLoginUnlockFirst() async throws {
        let h = try await Self.pushed()
        try await h.press(.escape, .function(6), .char("y"))
        #expect(await h.state.futuraeLogin.phase == .unlock(.approve))
        await FuturaeScreenTests.both(h)
    }

    @Test func futuraeLoginApproved() async throws {
        let h = try await Self.pushed()
        try await h.press(.escape, .function(6), .char("y"), .char("e"))
        try await h.type("1234")
        try await h.press(.enter)
        #expect(await h.state.futuraeLogin.phase == .answered(.approve))
        await FuturaeScreenTests.both(h)
    }

    @Test func futuraeBackOfficeLogins() async throws {
        let h = try await Self.pushed()
        try await h.press(.escape, .function(6), .char("n"))
        // Unlocked? No: futurae-enrolled's SDK is locked, so reject waits for the unlock too.
        try await h.press(.char("e"))
        try await h.type("1234")
        try await h.press(.enter, .enter, .function(8))
        await h.store.settle()
        #expect(await h.state.futuraeLogin.backOffice.map(\.status) == ["deny"])
        await FuturaeScreenTests.both(h)
    }
}
