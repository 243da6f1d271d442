import Enrollment
import Screens
import SnapshotTesting
import Testing
import TerminalUI

/// The Vehicle screen at 80×24 and 120×40: the car read, then a charge started by keys through the
/// OTP page and carried to its 200 by the simulated clock (signals arrive as events: the snapshot is
/// taken once the screen's state says they came).
@Suite("Vehicle screen", .serialized)
struct VehicleScreenTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

    /// The Vehicle screen open, its vehicle not chosen yet (nothing selected in the session).
    static func openChooser() async throws -> ScreenHarness {
        let h = try await ScreenHarness.start("remote-ready")
        try await h.press(.down, .down, .down, .down, .down, .down, .down, .down, .enter)
        return h
    }

    static func opened() async throws -> ScreenHarness {
        let h = try await openChooser()
        try await h.press(.enter)
        return h
    }

    /// The state once `condition` holds, or after 20 s.
    static func until(_ h: ScreenHarness, _ condition: (AppState) -> Bool) async -> AppState {
        for _ in 0..<2000 {
            await h.store.settle()
            let state = await h.state
            if condition(state) { return state }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await h.state
    }

    @Test func vehicleRead() async throws {
        let h = try await Self.opened()
        let state = await Self.until(h) { $0.vehicle.truth != nil && $0.vehicle.status != nil }
        for size in Self.sizes {
            let frame = Screens.render(state, size: size)
            #expect(frame.textSnapshot.contains("Locked · all closed"))
            #expect(frame.wordCuts.isEmpty, "\(frame.wordCuts)")
            assertSnapshot(of: screenSnapshot(frame), as: .lines, named: "\(size.width)x\(size.height)")
        }
    }

    @Test func vehicleCharging() async throws {
        let h = try await Self.opened()
        try await h.press(.char("c"))
        #expect(await h.state.route == .otp)
        try await h.type("1234")
        try await h.press(.enter)
        _ = await Self.until(h) { $0.vehicle.commands.last?.step == .pending }
        try await h.press(.char("t"))
        let state = await Self.until(h) { s in
            s.vehicle.commands.last?.step == .done && s.vehicle.truth?.inFlight.isEmpty == true && s.vehicle.status?.isCharging == true
        }
        for size in Self.sizes {
            let frame = Screens.render(state, size: size)
            #expect(frame.textSnapshot.contains("200 done"))
            #expect(frame.wordCuts.isEmpty, "\(frame.wordCuts)")
            assertSnapshot(of: screenSnapshot(frame), as: .lines, named: "\(size.width)x\(size.height)")
        }
    }

    @Test func deferredChargeForm() async throws {
        let h = try await Self.opened()
        _ = await Self.until(h) { $0.vehicle.status != nil }
        try await h.press(.char("d"))
        let state = await h.state
        for size in Self.sizes {
            let frame = Screens.render(state, size: size)
            #expect(frame.textSnapshot.contains("deferredTime"))
            assertSnapshot(of: screenSnapshot(frame), as: .lines, named: "\(size.width)x\(size.height)")
        }
    }

    /// remote-garage's C5 Aircross: a long brand and model give way on the title line at 80×24 (no
    /// word cut), the VIN, the type and the status's time whole.
    @Test func longModelTitle() async throws {
        let h = try await ScreenHarness.start("remote-garage")
        try await h.press(.down, .down, .down, .down, .down, .down, .down, .down, .enter)
        try await h.press(.down, .down, .enter)
        let state = await Self.until(h) { $0.vehicle.status != nil && $0.vehicle.truth != nil }
        for size in Self.sizes {
            let frame = Screens.render(state, size: size)
            #expect(frame.wordCuts.isEmpty, "\(size.width)x\(size.height): \(frame.wordCuts)")
            #expect(frame.textSnapshot.contains("VF7RHRHP8KL246810 · fuel · status of 2026-01-05T09:00:00Z"))
        }
        #expect(Screens.render(state, size: Size(width: 120, height: 40)).textSnapshot.contains("Citroën C5 Aircross · VF7RHRHP8KL246810"))
        #expect(Screens.render(state, size: Size(width: 80, height: 24)).textSnapshot.contains("Citroën C5 Ai"))
        #expect(Screens.render(state, size: Size(width: 80, height: 24)).textSnapshot.contains("… · VF7RHRHP8KL246810 · fuel"))
    }

    /// The chooser's last row takes a VIN typed by hand (R26's 2366 by keys).
    @Test func chooserTypedVIN() async throws {
        let h = try await Self.openChooser()
        try await h.press(.down)
        let state = await h.state
        #expect(state.vehicle.typingVIN)
        for size in Self.sizes {
            let frame = Screens.render(state, size: size)
            #expect(frame.textSnapshot.contains("▸ Another VIN…"))
            #expect(frame.wordCuts.isEmpty, "\(frame.wordCuts)")
        }
    }
}
