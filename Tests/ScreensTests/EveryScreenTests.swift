import Enrollment
import PIMS
import Screens
import SimWorld
import SnapshotTesting
import Testing
import TerminalUI

/// Every screen at 80×24 and 120×40 (issue 9.3): no prose cut mid-word at an edge (it wraps, or
/// scrolls with a mark), and a snapshot of each at both sizes.
@Suite("Every screen", .serialized)
struct EveryScreenTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

    /// The key table's states (every screen's main states), and the overlays and flows beside them.
    static func states() async throws -> [(String, AppState)] {
        var out = try await KeyTableTests.states()
        let enrolled = try await ScreenHarness.start("enrolled")
        try await enrolled.press(.char("?"))
        out.append(("Help overlay", await enrolled.state))
        try await enrolled.press(.escape, .char(":"))
        out.append(("Palette", await enrolled.state))
        try await enrolled.type("car")
        out.append(("Palette: car", await enrolled.state))
        try await enrolled.press(.escape, .down, .enter, .char("e"), .enter, .enter)
        out.append(("OTP", await enrolled.state))
        let fresh = try await ScreenHarness.start("fresh", login: false, catalogues: true)
        try await fresh.press(.enter, .enter)
        out.append(("Guided: quit asks", await fresh.state))
        try await fresh.press(.function(9))
        out.append(("API log after the checks", await fresh.state))
        try await fresh.press(.char("/"))
        try await fresh.type("account")
        out.append(("API log: filtered", await fresh.state))
        try await fresh.press(.escape, .escape)
        try await fresh.press(.char(":"))
        try await fresh.type("coverage")
        try await fresh.press(.enter)
        out.append(("Coverage after the checks", await fresh.state))
        var pacing = SessionConfig()
        pacing.pacing = .step
        let paced = try await ScreenHarness.start("fresh", pacing)
        try await paced.press(.enter, .enter)  // the login call sent, then the guided enrollment's first call staged
        out.append(("Step pacing", await paced.state))
        let blocked = try await ScreenHarness.start("pin-blocked")
        try await blocked.press(.down, .enter, .char("a"))
        out.append(("Account: confirm", await blocked.state))
        let reset = try await ScreenHarness.start("enrolled")
        try await reset.press(.down, .enter, .char("b"), .enter)
        out.append(("Account: reset PIN code", await reset.state))
        let steps = try await ScreenHarness.start("stale-steps")
        try await steps.press(.down, .down, .enter, .enter)
        out.append(("Steps: stale", await steps.state))
        try await steps.press(.function(8))
        out.append(("Simulator: stale steps", await steps.state))
        return out
    }

    @Test func noProseIsCutMidWord() async throws {
        for (name, state) in try await Self.states() {
            for size in Self.sizes {
                let frame = Screens.render(state, size: size)
                #expect(frame.wordCuts.isEmpty, "\(name) at \(size) cuts words:\n\(frame.wordCuts.map(\.description).joined(separator: "\n"))\n\(frame.textSnapshot)")
            }
        }
    }

    /// The terminal loop's table (`helpTexts: false`, the shared rows kept whole) answers every
    /// key as the whole table does, and a frame drawn with it is the same frame.
    @Test func theLoopsKeymapAnswersAndDrawsAsTheWholeOne() async throws {
        var keys: [Key] = [.up, .down, .left, .right, .tab, .backTab, .enter, .escape, .backspace, .delete, .insert,
                           .home, .end, .pageUp, .pageDown, .char(" ")]
        keys += (1...12).map { Key.function($0) }
        keys += "abcdefghijklmnopqrstuvwxyz".map { Key.ctrl($0) }
        keys += "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789?:/.,-+=!".map { Key.char($0) }
        for (name, state) in try await Self.states() {
            let whole = AppKeymap.keymap(for: state), loop = AppKeymap.keymap(for: state, helpTexts: false)
            for key in keys {
                #expect(loop.binding(for: key)?.command == whole.binding(for: key)?.command, "\(name): \(key.label)")
            }
            for size in Self.sizes {
                #expect(Screens.render(state, size: size, keymap: loop) == Screens.render(state, size: size, keymap: whole), "\(name) at \(size)")
            }
        }
    }

    @Test func snapshotsAtBothSizes() async throws {
        for (name, state) in try await Self.states() {
            let slug = String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
            for size in Self.sizes {
                assertSnapshot(of: screenSnapshot(Screens.render(state, size: size)), as: .lines, named: "\(slug)-\(size.width)x\(size.height)")
            }
        }
    }
}
