import Enrollment
import Screens
import Testing
import TerminalUI

/// R28's gates (2) and (5) reached by keys on the Vehicle screen: a status read before any vehicle
/// is selected in the session answers 2010; with the signals unsubscribed, a command answers 2365
/// before the strong-authentication window is asked for (gate 5 comes before gate 6).
@Suite("Vehicle screen: R28 gates by keys", .serialized)
struct VehicleGateKeysTests {
    @Test("R28 (2): g on the chooser, before any selection in this session → 2010 vin not set")
    func statusWithoutVehicle() async throws {
        let h = try await VehicleScreenTests.openChooser()
        #expect(await h.state.vehicle.phase == .choose)
        try await h.press(.char("g"))
        let state = await h.state
        #expect(state.notice?.code == "2010", "\(String(describing: state.notice))")
        #expect(state.notice?.advice.contains("Enter on the chooser") == true)
        #expect(state.vehicle.phase == .choose, "still choosing: nothing was selected")
        #expect(Screens.render(state, size: Size(width: 80, height: 24)).textSnapshot.contains("2010"))
        // Selecting then works as before (R26): the gate was the missing selection.
        try await h.press(.enter)
        #expect(await h.state.vehicle.phase == .ready)
    }

    @Test("R27, R28 (5): S unsubscribes; a command → 2365 without the OTP page; S subscribes again and the command goes to 2302 → OTP")
    func unsubscribedCommand() async throws {
        let h = try await VehicleScreenTests.opened()
        _ = await VehicleScreenTests.until(h) { $0.vehicle.subscribed && $0.vehicle.status != nil }
        try await h.press(.char("S"))
        var state = await h.state
        #expect(!state.vehicle.subscribed)
        for size in VehicleScreenTests.sizes {
            #expect(Screens.render(state, size: size).textSnapshot.contains("signals   off: commands get 2365"))
        }
        try await h.press(.char("l"))
        state = await h.state
        #expect(state.route == .vehicle, "gate 5 refuses before gate 6 asks for the OTP")
        #expect(state.notice?.code == "2365", "\(String(describing: state.notice))")
        #expect(state.notice?.advice.contains("S subscribes again") == true)
        guard case .failed(nil, "2365", _, _)? = state.vehicle.commands.last?.step else {
            Issue.record("the refusal is listed with its code: \(state.vehicle.commands)")
            return
        }
        for size in VehicleScreenTests.sizes {
            // The refusal's label wraps under its step in the commands panel: nothing is cut.
            let frame = Screens.render(state, size: size)
            #expect(frame.wordCuts.isEmpty, "\(size): \(frame.wordCuts)")
        }
        try await h.press(.char("S"))
        state = await h.state
        #expect(state.vehicle.subscribed)
        #expect(!Screens.render(state, size: Size(width: 80, height: 24)).textSnapshot.contains("commands get 2365"))
        try await h.press(.char("l"))
        state = await h.state
        #expect(state.route == .otp, "subscribed again: the next gate (6) asks for the OTP")
        // The OTP page says its 2302 itself: no banner repeats it (issue 38, 15).
        #expect(state.otp?.original.request.name == "pims.vehicle.command" && state.notice == nil)
    }
}
