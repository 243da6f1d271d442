import Enrollment
import Foundation
import Screens
import SimKernel
import SimWorld
import Testing
import TerminalUI
import WalkPlayer

/// A fourth system defined only in this folder, registered by one line per layer, walked end to end
/// by keys through the headless front (the store, the screens, the in-process world): its screen,
/// its call, its fault armed from the simulator panel, and the shared clock moved past its deadline.
@Suite struct FourthSystemTests {
    static let scenario = """
        name: locker
        description: A parcel locker whose pickup code expires two minutes after the start.
        startTime: "2026-01-05T09:00:00Z"
        seed: 7
        session:
          device: hall-kiosk
        locker:
          deadline: "2026-01-05T09:02:00Z"
        """

    /// The registration: one line per layer, for this task only (parallel tests never see it).
    func withLocker(_ body: () async throws -> Void) async throws {
        try await World.registering([RegisteredSystem(LockerSystem.self)]) {  // backend
            try await SystemFronts.registering([LockerFront.self]) {  // front
                try await Screens.registering([LockerScreen.entry]) {  // screens
                    try await body()
                }
            }
        }
    }

    @Test func theLockerIsWalkedByKeysWithItsFaultAndTheClock() async throws {
        try await withLocker {
            let world = try ScenarioLoader.parse(yaml: Self.scenario, origin: "locker.yaml")
            #expect(world.systemIDs == ["locker"])
            let backend = InProcessBackend(world: world, honoursLatency: false)
            let front = await HeadlessFront(config: SessionConfig(), size: Size(width: 80, height: 24), backend: backend, clock: PlaybackClock())

            // The session screen: y cycles the systems, the locker's among them.
            for _ in 0..<SystemChoice.allCases.count where front.state.session.config.system != .locker { await front.press(.char("y")) }
            #expect(front.state.session.config.system == .locker)
            #expect(front.frame.textSnapshot.contains("Locker (a parcel locker whose code expires)"))
            await front.press(.enter)
            #expect(front.state.route == .home)
            #expect(front.frame.textSnapshot.contains("Open it with its pickup code"))

            // Its screen, its call.
            await front.press(.enter)
            #expect(front.state.route == .locker)
            #expect(front.frame.textSnapshot.contains("Not opened yet."))
            await front.press(.char("o"))
            #expect(front.frame.textSnapshot.contains("Opened 1 times."))
            #expect(front.state.log.entries.last?.step == "Locker · open")

            // Its fault, armed from the simulator panel on its own call.
            await front.press(.function(8))
            #expect(front.state.route == .simulator)
            #expect(front.frame.textSnapshot.contains("EXPIRED"))
            await front.press(.function(2))
            await front.press(.escape)
            #expect(front.state.route == .locker)
            await front.press(.char("o"))
            let faulted = front.frame.textSnapshot
            #expect(faulted.contains("LOCKER_EXPIRED") && faulted.contains("injected by a fault"))
            await front.press(.char("o"))
            #expect(front.frame.textSnapshot.contains("Opened 2 times."))

            // The shared clock, past the deadline (the panel advances 60 s a press).
            await front.press(.function(8))
            for _ in 0..<3 { await front.press(.char("a")) }
            await front.press(.escape)
            await front.press(.char("o"))
            let expired = front.frame.textSnapshot
            #expect(expired.contains("LOCKER_EXPIRED") && expired.contains("the deadline was 2026-01-05T09:02:00Z"))
            #expect(expired.contains("Refused: LOCKER_EXPIRED"))

            // The world keeps the locker's state in its keyed store, and exports its section.
            let kept = await backend.simulator.world
            #expect(kept.systemStates[StateKey(LockerSystem.id, empty: LockerSystem.emptyState)].opens == 2)
            #expect(World.ruleCatalogues.map(\.system).contains("locker"))
            let export = try #require(await backend.control(.export)["scenario"]?.stringValue)
            #expect(export.contains("locker:\n  deadline: '2026-01-05T09:02:00Z'\n  opens: 2"), "\(export)")
            #expect(try ScenarioLoader.parse(yaml: export, origin: "export").systemStates == kept.systemStates)
        }
    }

    @Test func aRegisteredSystemIsTheRegisteringTasksOnly() async throws {
        #expect(!World.systems.map(\.id).contains("locker"))
        #expect(!SystemChoice.allCases.contains(.locker))
        #expect(throws: ScenarioError.self) { try ScenarioLoader.parse(yaml: Self.scenario, origin: "locker.yaml") }
        try await withLocker {
            #expect(World.systems.map(\.id).last == "locker")
            #expect(SystemChoice.allCases.last == .locker)
            #expect(Route.allCases.last == .locker)
        }
    }

    @Test func theLockersOptionFieldDelegateControlEventPanelsAndWalkHeader() async throws {
        try await withLocker {
            let world = try ScenarioLoader.parse(yaml: Self.scenario, origin: "locker.yaml")
            let backend = InProcessBackend(world: world, honoursLatency: false)
            let front = await HeadlessFront(config: SessionConfig(), size: Size(width: 80, height: 24), backend: backend, clock: PlaybackClock())
            for _ in 0..<SystemChoice.allCases.count where front.state.session.config.system != .locker { await front.press(.char("y")) }

            // The system key's help is derived from the registered fronts: the locker's among them.
            let systemKey = try #require(front.state.availableCommands.first { $0.action == .session(.cycle(.system)) })
            #expect(systemKey.help.hasSuffix("Card (CA Strong Authentication) or Locker (a parcel locker)."), "\(systemKey.help)")

            // Its session option: its key cycles it, the session screen shows it, the session's settings carry it.
            #expect(front.frame.textSnapshot.contains("small compartment"))
            await front.press(.char("z"))
            await front.press(.char("z"))
            #expect(front.state.session.config.compartment == "large")
            #expect(front.frame.textSnapshot.contains("large compartment"))
            await front.press(.enter)
            #expect(front.state.session.settings?.options["compartment"] == .string("large"))

            // Its Home panel.
            #expect(front.frame.textSnapshot.contains("Locker · large · 0 opens"))

            // Its field, of its own kind: a letter is refused in the kind's words; the value stays.
            await front.press(.enter)
            #expect(front.state.route == .locker)
            await front.press(.char("i"))
            await front.press(.char("x"))
            #expect(front.frame.textSnapshot.contains("digits only: 'x' refused"))
            #expect(front.state.state(of: LockerFlow.self)?.form[.pickupCode] == "123456")
            await front.press(.escape)

            // Its call answers with the session's option; its delegate reaches the handler its registration names.
            await front.press(.char("o"))
            #expect(front.state.log.entries.last?.response?.result?["compartment"] == .string("large"))
            #expect(front.state.notice?.label == "Parcel collected (the locker opened 1 times).")

            // Its control, answered to the flow through its registration.
            await front.press(.char("d"))
            #expect(front.frame.textSnapshot.contains("Door: closed · 1 opens"))

            // Its event kind (the door opened), heard by its front while the subscription runs beside the keys.
            for _ in 0..<500 where front.state.state(of: LockerFlow.self)?.heard != 1 {
                try await Task.sleep(for: .milliseconds(10))
                await front.refresh()
            }
            #expect(front.state.state(of: LockerFlow.self)?.heard == 1)

            // Its section of the simulator panel.
            await front.press(.function(8))
            #expect(front.frame.textSnapshot.contains("Locker door") && front.frame.textSnapshot.contains("events heard: 1"))

            // Its walk-header field, from its option's declaration, written and read back.
            let header = front.state.session.config.walkFields
            #expect(header["system"] == .string("Locker"))
            #expect(header["compartment"] == .string("large"))
            #expect(header["platform"] == nil, "another system's options stay out of the locker's header")
            let read = SessionConfig(walkFields: header)
            #expect(read.system == .locker && read.compartment == "large")
        }
    }

    /// Its command-line flag, from its option's declaration only: parsed, checked, listed.
    @Test func theLockersOptionIsACommandLineFlagThroughItsDeclaration() async throws {
        // Outside its registration the flag is no flag of the program's.
        #expect(throws: SessionFlags.Refusal.self) { try SessionFlags.parse(["--compartment", "large"]) }
        try await withLocker {
            var config = SessionConfig()
            try SessionFlags.parse(["--compartment", "large"]).apply(to: &config)
            #expect(config.compartment == "large")
            try SessionFlags.parse(["--compartment=medium"]).apply(to: &config)
            #expect(config.compartment == "medium")
            do {
                _ = try SessionFlags.parse(["--compartment", "huge"])
                Issue.record("a compartment the locker has not was taken")
            } catch {
                #expect("\(error)" == "the value 'huge' is invalid for '--compartment': Locker's compartment is small, medium or large")
            }
            #expect(SessionFlags.help.contains("Locker: --compartment small, medium or large (the compartment the parcel is in)."))
        }
    }

    @Test func theLockersEventReachesItsFrontThroughTheRegistry() async throws {
        var app = AppState()
        let event = SimEvent(id: 1, kind: LockerSystem.doorOpened, data: .object(["opens": .int(3)]), at: SimTime(seconds: 0))
        // Unregistered, the locker's event is nobody's: nothing changes.
        let before = app
        #expect(reduce(&app, .event(event)).isEmpty)
        #expect(app == before)
        try await withLocker {
            var app = AppState()
            _ = reduce(&app, .event(event))
            #expect(app.state(of: LockerFlow.self)?.heard == 3)
        }
    }
}
