import Enrollment
import PIMS
import SimWorld
import Testing

/// The Vehicle screen on the in-process simulator, by the actions its keys send: every command,
/// and every failure code of R28, R30–R36, R40, R41 and R45 that keys reach from the built-in
/// scenarios (docs/pims-rules.md §10–§14). Signals arrive as events, on their own time: the tests
/// wait for what the screen must show, never for a duration.
@Suite struct VehicleFlowTests {
    // MARK: helpers

    /// Logged in on `scenario`, the Vehicle screen open on `vin` (selected, subscribed, status read).
    static func ready(_ scenario: String = "remote-ready", vin: String = "VR1AB12C3D4567890") async throws -> App {
        let app = try await App.start(scenario)
        await app.send(.choose(.open(.vehicle)))
        let vehicles = await app.state.vehicles
        let index = try #require(vehicles.firstIndex { $0.vin == vin })
        for _ in 0..<index { await app.send(.moveSelection(1)) }
        await app.send(.submit)
        let state = await app.state
        #expect(state.vehicle.phase == .ready, "\(String(describing: state.notice))")
        #expect(state.vehicle.subscribed)
        return app
    }

    /// The state once `condition` holds (signals come by events), or after 20 s.
    static func until(_ app: App, _ condition: (AppState) -> Bool) async -> AppState {
        for _ in 0..<2000 {
            await app.store.settle()
            let state = await app.state
            if condition(state) { return state }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await app.state
    }

    /// The command titled `title`'s step, once it is over (or as it stands after the wait).
    static func finished(_ app: App, _ title: String) async -> VehicleFlow.CommandProgress.Step? {
        let state = await until(app) { s in s.vehicle.commands.last { $0.title == title }?.isOver == true }
        return state.vehicle.commands.last { $0.title == title }?.step
    }

    static func failedCode(_ step: VehicleFlow.CommandProgress.Step?) -> String? {
        if case .failed(_, let code, _, _) = step { code } else { nil }
    }

    /// Opens the strong-authentication window once (a command answers 2302 first, R28).
    static func authenticate(_ app: App, by command: VehicleCommand) async {
        await app.send(.vehicle(.send(command)))
        var state = await app.state
        #expect(state.route == .otp, "R28 (6): no window → 2302 → the OTP page")
        #expect(state.notice == nil, "the OTP page says its 2302 itself (issue 38, 15)")
        await app.type("1234")
        await app.send(.submit)
        state = await app.state
        #expect(state.route == .vehicle, "the same command again, back on the Vehicle screen")
    }

    /// A command from the keys, through the OTP page when the window is closed.
    static func send(_ app: App, _ command: VehicleCommand) async {
        await app.send(.vehicle(.send(command)))
        guard await app.state.route == .otp else { return }
        await app.type("1234")
        await app.send(.submit)
    }

    /// The code a command was refused with at once (R28, R30: no signal), from its progress line.
    static func refusal(_ app: App, _ title: String) async -> String? {
        let state = await app.state
        guard case .failed(nil, let code, _, _)? = state.vehicle.commands.last(where: { $0.title == title })?.step else { return nil }
        #expect(state.notice?.code == code, "the banner says it with its advice")
        return code
    }

    /// The simulator panel's key for a vehicle change (the `vehicle` control, R46): F8 (which reads
    /// the car), the key, Esc back.
    static func car(_ app: App, _ change: VehicleSwitch) async {
        await app.send(.choose(.open(.simulator)), .simulator(.vehicle(change)), .cancel)
    }

    /// Advances the simulated clock from the Vehicle screen (`t` +1 min, `T` +1 h).
    static func advance(_ app: App, _ seconds: Int) async {
        await app.send(.vehicle(.advance(seconds: seconds)))
    }

    // MARK: selection, status, progress

    @Test("R26, R27, R39: Enter selects the VIN for remote use, subscribes to signal and events, reads the status (R42 read back)")
    func selectSubscribeAndRead() async throws {
        let app = try await Self.ready()
        let state = await app.state
        #expect(state.log.entries.map(\.step).suffix(4) == [
            "Vehicle · select VIN (remote)", "Vehicle · subscribe signal", "Vehicle · subscribe charge events", "Vehicle · status get",
        ])
        #expect(state.log.entries.suffix(4).first?.request.params["actionType"] == "remote")
        let status = try #require(state.vehicle.status)
        #expect(status.level == 62 && status.plugged && status.chargingState == "stopped" && status.lock == "Locked")
        #expect(state.vehicle.truth?.asleep == false && state.vehicle.truth?.online == true)
    }

    @Test("R28 (6), R31, R32: unlock → 2302 → OTP → the same command → 900, 901, 200 on the clock; the doors read Unlocked")
    func unlockThroughTheOTP() async throws {
        let app = try await Self.ready()
        await Self.authenticate(app, by: .doors(lock: false))
        var state = await Self.until(app) { $0.vehicle.commands.last?.step == .pending }
        #expect(state.vehicle.commands.last?.title == "unlock the doors")
        await Self.advance(app, 60)
        #expect(await Self.finished(app, "unlock the doors") == .done)
        state = await app.state
        #expect(state.vehicle.log.compactMap(\.code) == [900, 901, 200], "one signal per step, in order (R44)")
        #expect(state.vehicle.status?.lock == "Unlocked")
        #expect(state.notice?.kind == .success)
    }

    @Test("R32: lock when Locked → 902 2361; unlock when Unlocked → 902 2360; a door open → 902 2362 (nothing changed)")
    func doorsFailAtExecution() async throws {
        let app = try await Self.ready()
        await Self.authenticate(app, by: .doors(lock: true))
        await Self.advance(app, 60)
        #expect(Self.failedCode(await Self.finished(app, "lock the doors")) == "2361")
        #expect(await app.state.notice?.code == "2361")
        await Self.send(app, .doors(lock: false))
        await Self.advance(app, 60)
        #expect(await Self.finished(app, "unlock the doors") == .done)
        await Self.send(app, .doors(lock: false))
        await Self.advance(app, 60)
        #expect(Self.failedCode(await Self.finished(app, "unlock the doors")) == "2360")
        await Self.car(app, .driverDoor)
        await Self.send(app, .doors(lock: true))
        await Self.advance(app, 60)
        #expect(Self.failedCode(await Self.finished(app, "lock the doors")) == "2362")
        #expect(await app.state.vehicle.status?.lock == "Unlocked", "nothing changed")
    }

    @Test("R30: another command in flight → 2353, the same action → 2364, the horn within its cool-down → 2358, the lights → 2359")
    func acceptanceRefusals() async throws {
        let app = try await Self.ready()
        await Self.authenticate(app, by: .horn)
        await Self.send(app, .horn)
        #expect(await Self.refusal(app, "horn") == "2364")
        await Self.send(app, .lights)
        #expect(await Self.refusal(app, "lights") == "2353")
        await Self.advance(app, 10)
        let first = await Self.until(app) { $0.vehicle.commands.first?.isOver == true }
        #expect(first.vehicle.commands.first?.title == "horn" && first.vehicle.commands.first?.step == .done)
        await Self.send(app, .horn)
        #expect(await Self.refusal(app, "horn") == "2358")
        await Self.send(app, .lights)
        await Self.advance(app, 10)
        #expect(await Self.finished(app, "lights") == .done)
        await Self.send(app, .lights)
        #expect(await Self.refusal(app, "lights") == "2359")
    }

    @Test("R34, R37: a charge starts, runs on the clock, ends FINISHED with remoteChargeFinished; again while INPROGRESS → 902 2331")
    func chargeToTheEnd() async throws {
        let app = try await Self.ready()
        await Self.authenticate(app, by: .charge(start: true))
        await Self.advance(app, 60)
        #expect(await Self.finished(app, "start charging") == .done)
        var state = await app.state
        #expect(state.vehicle.status?.isCharging == true)
        #expect(state.vehicle.status.flatMap { VehicleStatus.duration($0.remainingTime) } == "3 h 48 min")
        await Self.send(app, .charge(start: true))
        await Self.advance(app, 60)
        #expect(Self.failedCode(await Self.finished(app, "start charging")) == "2331")
        for _ in 0..<4 { await Self.advance(app, 3600) }
        state = await Self.until(app) { $0.vehicle.log.contains { $0.text.hasPrefix("remoteChargeFinished") } }
        #expect(state.vehicle.log.contains { $0.code == nil && $0.text.hasPrefix("remoteChargeFinished") }, "the charge event (R37)")
        #expect(state.vehicle.status?.chargingState == "finished" && state.vehicle.status?.level == 100)
    }

    @Test("R34: stop interrupts a charge (STOPPED); unplugged → 902 2330; the engine on → 902 2329 (R33 for the horn too)")
    func chargeRefusals() async throws {
        let app = try await Self.ready()
        await Self.authenticate(app, by: .charge(start: true))
        await Self.advance(app, 60)
        #expect(await Self.finished(app, "start charging") == .done)
        await Self.send(app, .charge(start: false))
        await Self.advance(app, 60)
        #expect(await Self.finished(app, "stop charging") == .done)
        var state = await Self.until(app) { $0.vehicle.log.contains { $0.text.hasPrefix("remoteChargeInterrupted") } }
        #expect(state.vehicle.status?.chargingState == "stopped")
        await Self.car(app, .plug)
        await Self.send(app, .charge(start: true))
        await Self.advance(app, 60)
        #expect(Self.failedCode(await Self.finished(app, "start charging")) == "2330")
        await Self.car(app, .engine)
        await Self.send(app, .horn)
        await Self.advance(app, 60)
        #expect(Self.failedCode(await Self.finished(app, "horn")) == "2329")
        state = await app.state
        #expect(state.notice?.code == "2329" && state.notice?.advice.contains("engine") == true)
    }

    @Test("R30: a deferred charge in flight refuses an immediate one (2325), and the reverse (2326); the form sends 3-1's parameters")
    func deferredAndImmediateExcludeEachOther() async throws {
        let app = try await Self.ready()
        await app.send(.vehicle(.openForm(.deferredCharge)))
        #expect(await app.state.activeForm?.fields.map(\.id) == [.startNow, .deferredTime, .checkStartCharge])
        await Self.authenticate(app, by: .charge(start: true))
        await app.send(.vehicle(.openForm(.deferredCharge)), .submit)
        #expect(await Self.refusal(app, "deferred charge") == "2326")
        await Self.advance(app, 60)
        #expect(await Self.finished(app, "start charging") == .done)
        await app.send(.vehicle(.openForm(.deferredCharge)), .submit)
        let sent = await app.state.log.entries.last { $0.step == "Vehicle · deferred charge" }?.request.params
        #expect(sent == ["action": "chargeDeferredTime", "startNow": false, "deferredTime": "PT22H30M", "checkStartCharge": true])
        await Self.send(app, .charge(start: true))
        #expect(await Self.refusal(app, "start charging") == "2325")
        await Self.advance(app, 60)
        #expect(await Self.finished(app, "deferred charge") == .done)
        #expect(await app.state.vehicle.status?.nextDeferredChargingDate != nil)
    }

    @Test("R36: preconditioning runs (Enabled); again → 902 2333; stop with no programs and none running → 902 2336; unplugged and low → 902 2000")
    func preconditioning() async throws {
        let app = try await Self.ready()
        await Self.authenticate(app, by: .preconditioning(startNow: .bool(true), programs: nil))
        await Self.advance(app, 60)
        #expect(await Self.finished(app, "preconditioning") == .done)
        #expect(await app.state.vehicle.status?.precondStatus == "enabled")
        await Self.send(app, .preconditioning(startNow: .bool(true), programs: nil))
        await Self.advance(app, 60)
        #expect(Self.failedCode(await Self.finished(app, "preconditioning")) == "2333")
        await Self.advance(app, 1800)
        // The form: startNow false, programs none (an empty list).
        await app.send(.vehicle(.openForm(.preconditioning)))
        #expect(await app.state.editing, "a command's form is typed into at once")
        await app.send(.choose(.clearField))
        await app.type("false")
        await app.send(.focusNext, .choose(.clearField))
        await app.type("none")
        await app.send(.submit)
        if await app.state.route == .otp {
            await app.type("1234")
            await app.send(.submit)
        }
        #expect(await app.state.log.entries.last { $0.step == "Vehicle · preconditioning" }?.request.params["programs"] == [])
        await Self.advance(app, 60)
        #expect(Self.failedCode(await Self.finished(app, "preconditioning")) == "2336")
        await Self.car(app, .plug)
        await app.send(.choose(.open(.simulator)), .choose(.edit))
        await app.send(.focusNext, .focusNext, .choose(.clearField))
        await app.type("15")
        await app.send(.cancel, .simulator(.vehicle(.level)), .cancel)
        #expect(await app.state.route == .vehicle)
        #expect(await app.state.simulator.vehicle?.battery == 15)
        await Self.send(app, .preconditioning(startNow: .bool(true), programs: nil))
        await Self.advance(app, 60)
        #expect(Self.failedCode(await Self.finished(app, "preconditioning")) == "2000")
    }

    @Test("R31: offline → 903 2201 at the timeout; asleep → wakes, then 901 and 200")
    func offlineAndAsleep() async throws {
        let app = try await Self.ready()
        await Self.car(app, .online)
        await Self.authenticate(app, by: .lights)
        await Self.advance(app, 60)
        let step = await Self.finished(app, "lights")
        #expect(Self.failedCode(step) == "2201")
        if case .failed(let signal, _, _, _)? = step { #expect(signal == 903) }
        await Self.car(app, .online)
        await Self.car(app, .sleep)
        #expect(await app.state.simulator.vehicle?.asleep == true)
        await Self.send(app, .lights)
        await Self.advance(app, 60)
        #expect(await Self.finished(app, "lights") == .done)
        #expect(await app.state.vehicle.log.suffix(3).compactMap(\.code) == [900, 901, 200], "the wake-up has no signal of its own")
    }

    @Test("R45: a fault on the signal (pims.vehicle.signal, sub doors, 2339) ends the next doors command 902 2339")
    func signalFault() async throws {
        let app = try await Self.ready()
        await app.send(.choose(.open(.simulator)))
        while await app.state.simulator.faultTargetName != "pims.vehicle.signal" { await app.send(.simulator(.cycleFaultTarget)) }
        await app.send(.simulator(.openFaultForm))
        await app.type("2339")
        await app.send(.focusNext)
        await app.type("doors")
        await app.send(.submit, .cancel)
        let faults = await app.state.simulator.faults
        let said = await app.state.simulator.message
        #expect(faults.map(\.summary) == ["pims.vehicle.signal doors → 2339 ×1"], "\(String(describing: said))")
        await app.send(.choose(.open(.vehicle)))
        await Self.authenticate(app, by: .doors(lock: false))
        await Self.advance(app, 60)
        #expect(Self.failedCode(await Self.finished(app, "unlock the doors")) == "2339")
    }

    @Test("R40, R41: refreshWithWakeUp wakes an asleep car (a later signal names it), a second refresh meanwhile → 2351")
    func refreshes() async throws {
        let app = try await Self.ready()
        await Self.car(app, .sleep)
        await app.send(.vehicle(.informations(.refreshWithWakeUp)))
        #expect(await app.state.notice?.kind != .error)
        await app.send(.vehicle(.informations(.refresh)))
        #expect(await app.state.notice?.code == "2351")
        await Self.advance(app, 60)
        let state = await Self.until(app) { $0.vehicle.log.contains { $0.action == "refreshWithWakeUp" && $0.code == 200 } }
        #expect(state.vehicle.log.contains { $0.action == "refreshWithWakeUp" && $0.code == 200 })
        #expect(state.vehicle.commands.isEmpty, "a status call is no command")
    }

    @Test("remote-garage (R48): the fuel car answers 2366 to a charge (R30) and to refreshWithWakeUp (R41); its open trunk → 902 2362")
    func garage() async throws {
        let app = try await Self.ready("remote-garage", vin: "VF7RHRHP8KL246810")
        #expect(await app.state.vehicle.status?.type == "fuel")
        await Self.authenticate(app, by: .charge(start: true))
        #expect(await Self.refusal(app, "start charging") == "2366")
        await app.send(.vehicle(.informations(.refreshWithWakeUp)))
        #expect(await app.state.notice?.code == "2366")
        await Self.send(app, .doors(lock: true))
        await Self.advance(app, 60)
        #expect(Self.failedCode(await Self.finished(app, "lock the doors")) == "2362")
    }

    @Test("remote-steps-todo (R48): the status answers 2312, then after enrollment 2340, then after the car key the commands work")
    func stepsTodo() async throws {
        let app = try await App.start("remote-steps-todo")
        await app.send(.choose(.open(.vehicle)), .submit)
        var state = await app.state
        #expect(state.notice?.code == "2312")
        #expect(state.notice?.advice.contains("enrol") == true)
        // Enroll this device (the PIN exists: steps 5, 6, 8), then activate the car key (R25).
        await app.send(.choose(.open(.guided)))
        await app.send(.choose(.autofillCode), .submit)
        await app.type("1234")
        await app.send(.submit)
        state = await app.state
        #expect(state.guided.stage == .enrolled, "\(String(describing: state.notice))")
        await app.send(.choose(.open(.vehicle)), .vehicle(.informations(.get)))
        #expect(await app.state.notice?.code == "2340")
        await app.send(.choose(.open(.carKey)), .submit, .submit)
        await app.send(.choose(.open(.vehicle)), .vehicle(.informations(.get)))
        state = await app.state
        #expect(state.notice?.code != "2340" && state.vehicle.status?.level == 62)
    }
}
