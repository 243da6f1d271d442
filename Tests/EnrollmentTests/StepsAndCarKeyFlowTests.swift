import Enrollment
import PIMS
import SimWorld
import Testing

/// Seed 001's checklist and tutorial 2-6's car key, end to end.
@Suite struct StepsAndCarKeyFlowTests {
    @Test("Checklist: first list by carAssociationID, then by stepsID; filter; next step (R19, R20, R22)")
    func checklist() async throws {
        let app = try await App.start("phone-registered")
        await app.send(.choose(.open(.steps)), .submit)
        var state = await app.state
        #expect(state.steps.carAssociationID == "987654")
        #expect(state.steps.items.map { "\($0.order) \($0.name) \($0.status)" } == [
            "1 trusterPhoneNumber alreadyDone", "2 deviceActivation todo", "3 mediumCarKey todo",
        ])
        let stepsID = try #require(state.steps.stepsID)
        #expect(state.log.entries.last?.request.params["carAssociationID"] == "987654")

        await app.send(.steps(.cycleFilter))
        state = await app.state
        #expect(state.steps.filter == .todo)
        #expect(state.steps.items.map(\.name) == ["deviceActivation", "mediumCarKey"])
        #expect(state.log.entries.last?.request.params["stepsID"] == .int(stepsID), "later lists use the stepsID")

        await app.send(.steps(.askNextStep))
        #expect(await app.state.steps.nextStep == "deviceActivation")
    }

    @Test("Checklist by VIN: the same list and stepsID, its cache too (R21)")
    func checklistByVIN() async throws {
        let app = try await App.start("stale-steps")
        await app.send(.choose(.open(.steps)), .submit)
        let byID = await app.state.steps
        await app.send(.steps(.fetchByVIN))
        let state = await app.state
        #expect(state.log.entries.last?.request.params["vin"] == "VR1AB12C3D4567890")
        #expect(state.log.entries.last?.response?.trace?.rule == "R21")
        #expect(state.log.entries.last?.response?.trace?.branch == "cached", "stepsID 132324's cache says deviceActivation alreadyDone")
        #expect(state.steps.items == byID.items)
        #expect(state.steps.stepsID == byID.stepsID)
        #expect(await app.logSteps().last == "Steps · list by VIN ok")
        #expect(state.steps.message == "Listed again: up to date, nothing changed.")
    }

    @Test("A refresh that changes nothing says so (the explorer's silent-key finding on l)")
    func refreshSaysUpToDate() async throws {
        let app = try await App.start("stale-steps")
        await app.send(.choose(.open(.steps)), .submit)
        #expect(await app.state.steps.message == nil)
        await app.send(.steps(.fetch))
        #expect(await app.state.steps.message == "Listed again: up to date, nothing changed.")
    }

    /// The list a flow asks when it comes back keeps the flow's message (the remote-commands tour
    /// waits for "Car key activated for").
    @Test("A flow's message on its return to the checklist outlives the list asked after it")
    func aReturningFlowsMessageStays() async throws {
        let app = try await App.start("stale-steps")
        await app.send(.choose(.open(.steps)), .submit)
        await app.send(.steps(.resolved("Car key activated for VR1AB12C3D4567890.")))
        #expect(await app.state.steps.message == "Car key activated for VR1AB12C3D4567890.")
        await app.send(.steps(.fetch))
        #expect(await app.state.steps.message == "Listed again: up to date, nothing changed.")
    }

    @Test("Stale steps cache: otp 2312 → resetSteps → deviceActivation todo → enrolled → refreshed list")
    func staleCacheResolvedByReset() async throws {
        let app = try await App.start("stale-steps")
        await app.send(.choose(.open(.steps)), .submit)
        var state = await app.state
        let cachedStep = try #require(state.steps.items.first { $0.name == "deviceActivation" })
        #expect(cachedStep.status == "alreadyDone", "the cache says so")
        #expect(state.isCachedOnly(cachedStep), "the live account says this device is not enrolled: the R19 trap is marked")
        #expect(!state.steps.items.filter { $0.name != "deviceActivation" }.contains { state.isCachedOnly($0) })
        // The next step, asked now, is asked again after the reset below (its answer may change).
        await app.send(.steps(.askNextStep))
        #expect(await app.state.steps.nextStep != nil)
        let asked = await app.state.log.entries.filter { $0.step == "Steps · next step" }.count

        // Something that needs strong authentication: the OTP answers 2312, the device is not enrolled.
        await app.send(.choose(.open(.account)), .account(.startTask(.removeVehicle)), .submit, .submit)
        await app.type("1234")
        await app.send(.submit)
        state = await app.state
        #expect(state.route == .otp)
        #expect(state.notice?.code == "2312")
        #expect(state.otp?.suggestsStepsReset == true)
        #expect(state.availableCommands.contains { $0.action == .otp(.resetSteps) && $0.key == .ctrl("s") })

        await app.send(.otp(.resetSteps))
        state = await app.state
        #expect(state.route == .steps)
        let lastList = state.log.entries.last { $0.step != "Steps · next step" }
        #expect(lastList?.request.params["resetSteps"] == true)
        #expect(state.steps.items.first { $0.name == "deviceActivation" }?.status == "todo")
        #expect(!state.steps.items.contains { state.isCachedOnly($0) })
        #expect(state.log.entries.filter { $0.step == "Steps · next step" }.count == asked + 1, "the next step was asked again")
        #expect(state.steps.nextStep == "deviceActivation")

        // Choosing the todo step starts the guided enrollment, which comes back to a refreshed list.
        let index = try #require(state.steps.items.firstIndex { $0.name == "deviceActivation" })
        await app.send(.moveSelection(index - state.steps.selection), .submit)
        #expect(await app.state.route == .guided)
        await app.send(.choose(.autofillCode), .submit)
        await app.type("1234")
        await app.send(.submit)
        state = await app.state
        #expect(state.guided.stage == .enrolled)
        #expect(state.route == .steps)
        #expect(state.steps.resolving == nil)
        #expect(state.steps.items.first { $0.name == "deviceActivation" }?.status == "alreadyDone")
        #expect(state.log.entries.last { $0.step != "Steps · next step" }?.step == "Steps · list")
    }

    @Test("Checklist: a todo phone step runs 4·2 alone and comes back")
    func phoneStepRunsRegistration() async throws {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.steps)), .submit, .submit)
        var state = await app.state
        #expect(state.route == .guided)
        #expect(state.guided.stage == .registerPhone)
        await app.type("0612345678")
        await app.send(.submit, .choose(.autofillCode), .submit)
        state = await app.state
        #expect(state.route == .steps)
        #expect(state.steps.items.first?.status == "alreadyDone")
        #expect(!state.log.entries.contains { $0.step == "Enrollment · step 5" }, "only the phone was asked for")
    }

    @Test("Leaving a flow the checklist started forgets the way back")
    func leavingForgetsResolving() async throws {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.steps)), .submit, .submit)
        #expect(await app.state.steps.resolving?.name == "trusterPhoneNumber")
        // The prompt is edited at once: the first Esc ends editing, the second leaves.
        await app.send(.cancel)
        #expect(await app.state.route != .home)
        #expect(await app.state.editingField == nil)
        await app.send(.cancel)
        #expect(await app.state.route == .home)
        #expect(await app.state.steps.resolving == nil)
    }

    @Test("Car key: select, status, then each proximity error (2341, 2342, 2354), then activated (R23–R25)")
    func carKeyProximityErrors() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.carKey)), .submit)
        var state = await app.state
        #expect(state.carKey.selectedVIN == "VR1AB12C3D4567890")
        #expect(state.carKey.isVerified == false)
        #expect(state.carKey.cvsStatus == "unknown")

        let cases: [(ProximityPart, ErrorCode)] = [(.bluetooth, .bluetoothOff), (.paired, .notPaired), (.keyInside, .keyNotInside)]
        for (part, code) in cases {
            await app.send(.carKey(.toggleProximity(part)), .submit)
            state = await app.state
            #expect(state.carKey.proximityError == code)
            #expect(state.notice?.code == "\(code)")
            #expect(state.carKey.message == nil, "one explanation: the banner and the proximity line")
            await app.send(.carKey(.toggleProximity(part)))
        }
        await app.send(.submit)
        state = await app.state
        #expect(state.carKey.proximityError == nil)
        #expect(state.carKey.isVerified == true)
        #expect(state.carKey.securityCode != nil)
        #expect(await app.account().vehicles.first?.carKey.activated == true)
    }

    @Test("Car key without a selected vehicle answers 2010; the app says to select first")
    func carKeyNeedsVIN() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.carKey)), .carKey(.checkStatus))
        #expect(await app.state.notice?.code == "2010")
        #expect(await app.state.notice?.advice == "Select a vehicle first (set pims.vehicle.vin).")
        #expect(await app.state.availableCommands.contains { $0.action == .carKey(.checkStatus) }, "s reaches it before a vehicle is chosen")
    }

    @Test("Car key: a VIN typed by hand that is not the account's answers 2366 (R23)")
    func carKeyForeignVIN() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.carKey)), .moveSelection(1))
        var state = await app.state
        #expect(state.carKey.typingVIN)
        #expect(state.activeForm?.has(.vin) == true)
        await app.send(.choose(.edit))
        await app.type("VF3CC8HZ0KT123456")
        await app.send(.submit)
        state = await app.state
        #expect(state.notice?.code == "2366")
        #expect(state.carKey.selectedVIN == nil)
    }

    @Test("Car key from the checklist: the security code and its expiry are shown, Enter returns to the checklist")
    func carKeyFromChecklistShowsTheCode() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.steps)), .submit)
        let item = try #require(await app.state.steps.items.firstIndex { $0.name == "mediumCarKey" })
        await app.send(.moveSelection(item), .submit)
        var state = await app.state
        #expect(state.route == .carKey)
        await app.send(.submit)
        state = await app.state
        #expect(state.route == .carKey, "stays until the code is read")
        let code = try #require(state.carKey.securityCode)
        let expiry = try #require(state.carKey.securityExpiration)
        #expect(state.carKey.message?.contains("security code \(code), valid until \(expiry)") == true)
        #expect(state.availableCommands.contains { $0.key == .enter && $0.title == "back to checklist" })
        await app.send(.submit)
        state = await app.state
        #expect(state.route == .steps)
        #expect(state.steps.items.first { $0.name == "mediumCarKey" }?.status == "alreadyDone")
    }
}
