import Enrollment
import PIMS
import SimWorld
import Testing

/// The Vehicle screen's keys always say what they did (issue 41's silent-key findings): a re-read
/// that finds the car unchanged, the same refusal again, the panel's close all with nothing open;
/// and the VIN typed by hand, which reaches R26's 2366 by keys.
@Suite struct VehicleKeysSayTests {
    @Test("R39: g re-reads a car that has not changed and says it is up to date")
    func rereadUnchangedSaysUpToDate() async throws {
        let app = try await VehicleFlowTests.ready()
        #expect(await app.state.notice == nil, "the first read fills the car panel: nothing to say")
        await app.send(.vehicle(.informations(.get)))
        let state = await app.state
        #expect(state.notice?.kind == .info)
        #expect(state.notice?.label.hasPrefix("Up to date: the server's copy of ") == true, "\(String(describing: state.notice))")
    }

    @Test("R39: a re-read that finds the car changed (unsubscribed: no signal said it) shows it, with no up-to-date banner")
    func rereadChangedSaysNothingExtra() async throws {
        let app = try await VehicleFlowTests.ready()
        await app.send(.vehicle(.toggleSubscription))
        #expect(await app.state.vehicle.subscribed == false)
        await VehicleFlowTests.car(app, .plug)
        #expect(await app.state.vehicle.status?.plugged == true, "no signal heard: the screen still has it plugged")
        await app.send(.vehicle(.informations(.get)))
        let state = await app.state
        #expect(state.vehicle.status?.plugged == false)
        #expect(state.notice?.label.hasPrefix("Up to date") != true)
    }

    @Test("R28: the same refusal again says so, in the banner and on the screen (remote-steps-todo's 2312)")
    func sameRefusalAgainIsCounted() async throws {
        let app = try await App.start("remote-steps-todo")
        await app.send(.choose(.open(.vehicle)), .submit)
        var state = await app.state
        #expect(state.notice?.code == "2312")
        let first = state.vehicle.message
        await app.send(.vehicle(.informations(.get)))
        state = await app.state
        #expect(state.notice?.code == "2312")
        #expect(state.notice?.detail?.hasSuffix("the same answer again (×2)") == true, "\(String(describing: state.notice))")
        #expect(state.vehicle.message != first)
        #expect(state.vehicle.message?.hasSuffix("The same answer again (×2).") == true)
        // Another refusal starts the count again.
        await app.send(.vehicle(.informations(.refresh)))
        state = await app.state
        #expect(state.notice?.detail?.contains("the same answer again") != true)
        // Choosing another vehicle leaves what was said of this one behind.
        await app.send(.vehicle(.chooseVehicle))
        #expect(await app.state.vehicle.message == nil)
    }

    @Test("R46: the panel's close all with every opening closed says the car is unchanged")
    func closeAllWithNothingOpenSaysSo() async throws {
        let app = try await VehicleFlowTests.ready()
        await app.send(.choose(.open(.simulator)), .simulator(.vehicle(.closeAll)))
        let message = await app.state.simulator.message ?? ""
        #expect(message == "Nothing to change: every door, window and the trunk are closed.", "\(message)")
    }

    @Test("R46: once the Vehicle screen's car left the account (E, R18), the panel's keys say there is no vehicle to change")
    func panelAfterTheVehicleLeft() async throws {
        let app = try await VehicleFlowTests.ready()
        await app.send(.cancel, .choose(.open(.account)), .account(.startTask(.removeVehicle)), .submit, .submit)
        await app.type("1234")
        await app.send(.submit)
        #expect(await app.account().vehicles.isEmpty)
        await app.send(.choose(.open(.simulator)))
        var state = await app.state
        #expect(state.notice?.label != "Simulator control failed.", "the panel no longer reads a car the account lost")
        await app.send(.simulator(.vehicle(.driverDoor)))
        state = await app.state
        #expect(state.simulator.message == "No vehicle to change: the account has none.")
    }

    @Test("R26: the row after the vehicles takes a VIN typed by hand; one the account does not have answers 2366")
    func typedVINNotOfTheAccount() async throws {
        let app = try await App.start("remote-ready")
        await app.send(.choose(.open(.vehicle)))
        let count = await app.state.vehicles.count
        for _ in 0..<count { await app.send(.moveSelection(1)) }
        var state = await app.state
        #expect(state.vehicle.typingVIN)
        #expect(state.activeForm?.has(.vin) == true)
        await app.send(.choose(.edit))
        await app.type("WVWZZZ1JZXW000001")
        await app.send(.submit)
        state = await app.state
        #expect(state.notice?.code == "2366")
        #expect(state.log.entries.last?.request.params["actionType"] == "remote")
        #expect(state.log.entries.last?.response?.trace?.rule == "R26")
        #expect(state.vehicle.phase == .choose, "still choosing: nothing selected")
        // Up again: the account's vehicle, selected as before.
        await app.send(.moveSelection(-1), .submit)
        state = await app.state
        #expect(state.vehicle.phase == .ready && state.vehicle.vin == "VR1AB12C3D4567890")
    }
}
