import PIMS
@testable import SimWorld
import Testing

@Suite("Simulator core")
struct SimulatorCoreTests {
    @Test func latencyFaultsAreReportedWithTheOutcome() throws {
        var sim = try Simulator(scenario: "enrolled")
        _ = sim.control(.fault(FaultRule(name: "pims.authentication.trustedphonenumber", latencyMs: 1500, times: 1)))
        let slow = sim.handle(CallRequest(.get, "pims.authentication.trustedphonenumber"), session: "default")
        #expect(slow.latencyMs == 1500)
        #expect(slow.response.status == .succeeded)  // latency only: the rule still runs
        let fast = sim.handle(CallRequest(.get, "pims.authentication.trustedphonenumber"), session: "default")
        #expect(fast.latencyMs == 0)
    }

    /// The terminal app hands its loop's timer to the backend: a fault's latency is slept there,
    /// never with `Task.sleep` (which would start Swift's global pool and its wake-ups).
    @Test func theInProcessBackendSleepsALatencyWithTheSleepItWasGiven() async throws {
        let slept = Slept()
        let backend = try InProcessBackend(scenario: "enrolled", sleep: { await slept.add($0) })
        _ = await backend.control(.fault(FaultRule(name: "pims.authentication.trustedphonenumber", latencyMs: 1500, times: 1)))
        let slow = await backend.send(CallRequest(.get, "pims.authentication.trustedphonenumber"), session: "default")
        #expect(slow.status == .succeeded)
        _ = await backend.send(CallRequest(.get, "pims.authentication.trustedphonenumber"), session: "default")
        #expect(await slept.durations == [.milliseconds(1500)])
    }

    private actor Slept {
        var durations: [Duration] = []
        func add(_ d: Duration) { durations.append(d) }
    }

    /// The sessions of an account hear of a call that changed it, and of no other: a read, and a
    /// call that writes the account back as it was (the steps cache reset and filled again), tell
    /// nobody. The account as it was is taken at the call's first write to it.
    @Test func anAccountChangeIsToldOnlyWhenACallChangedTheAccount() throws {
        var sim = try Simulator(scenario: "enrolled")
        func accountEvents(_ name: String, _ params: [String: JSONValue] = [:]) -> Int {
            let outcome = sim.handle(CallRequest(.get, name, params), session: "default")
            return outcome.events.filter { $0.kind == .accountChanged }.count
        }
        #expect(accountEvents("pims.authentication.trustedphonenumber") == 0)
        // The first steps call caches the vehicle's steps (a new stepsID on the account).
        #expect(accountEvents("pims.subscription.steps", ["carAssociationID": "987654"]) == 1)
        #expect(accountEvents("pims.subscription.steps", ["carAssociationID": "987654"]) == 0)
        // Emptied, then the same steps reported done again: the account ends as it was.
        #expect(accountEvents("pims.subscription.steps", ["carAssociationID": "987654", "resetSteps": true]) == 0)
        // A wrong PIN counts a failure.
        #expect(accountEvents("pims.authentication.otp", ["action": "withPin", "pinCode": "9999"]) == 1)
        // Nobody listening: nothing is built.
        let quiet = sim.handle(CallRequest(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": "9999"]),
                               session: "default", recordingEvents: false)
        #expect(quiet.events.isEmpty)
        #expect(sim.world.accounts[key: "alice@example.com"]?.pinFailures == 2)
    }

    @Test func anUnknownSessionIsAClearFailure() throws {
        var sim = try Simulator(scenario: "enrolled")
        let r = sim.handle(CallRequest(.get, "pims.authentication.trustedphonenumber"), session: "ghost")
        #expect(r.response.error?.detail?.contains("ghost") == true)
    }

    @Test func theSameScenarioGivesTheSameCodes() throws {
        func codes() throws -> [String] {
            var sim = try Simulator(scenario: "phone-registered")
            var out: [String] = []
            for _ in 0..<3 {
                _ = sim.handle(CallRequest(.get, "pims.authentication.smscode", ["type": "enrollment"]), session: "default")
                out += sim.world.inbox(PhoneNumber("0612345678")!).map(\.code)
            }
            return out
        }
        #expect(try codes() == codes())
    }

    @Test func simTimeRoundTripsAndRefusesNonsense() {
        let t = SimTime(iso8601: "2024-02-29T23:59:59Z")
        #expect(t?.iso8601 == "2024-02-29T23:59:59Z")
        #expect((t! + 1).iso8601 == "2024-03-01T00:00:00Z")
        #expect(SimTime(iso8601: "2023-02-29T00:00:00Z") == nil)
        #expect(SimTime(iso8601: "2026-01-05 09:00:00") == nil)
        #expect(SimTime(seconds: 0).iso8601 == "1970-01-01T00:00:00Z")
    }

    @Test func resetReturnsToTheLoadedWorld() throws {
        var sim = try Simulator(scenario: "enrolled")
        _ = sim.handle(CallRequest(.set, "pims.authentication.enrollment", ["action": "remove"]), session: "default")
        #expect(sim.world.accounts[0].pin == nil)
        _ = sim.control(.reset)
        #expect(sim.world == sim.loaded)
        #expect(sim.world.accounts[0].pin == PIN("1234"))
    }
}

@Suite("Bounds on time and policy")
struct BoundsTests {
    @Test func theClockCannotPassTheLastWritableSecond() throws {
        var sim = try Simulator(scenario: "fresh")
        let huge = sim.control(.advance(seconds: Int.max))
        #expect(!huge.ok)
        #expect(huge.error?.contains("9999-12-31T23:59:59Z") == true)
        #expect(sim.world.clock == sim.loaded.clock)  // nothing moved
        let ok = sim.control(.advance(seconds: SimTime.latest - sim.world.clock))
        #expect(ok.ok)
        // The world still exports and loads back.
        let yaml = try ScenarioExporter.yaml(sim.world)
        #expect(try ScenarioLoader.parse(yaml: yaml, origin: "x") == sim.world)
    }

    @Test func absurdPolicyValuesAreRefusedWithTheirLine() throws {
        let yaml = """
            name: t
            startTime: "2026-01-05T09:00:00Z"
            policy:
              smsCodeLifetimeSeconds: 9223372036854775807
            accounts: []
            session:
              device: d
            """
        do {
            _ = try ScenarioLoader.parse(yaml: yaml, origin: "p.yaml")
            Issue.record("an absurd lifetime was accepted")
        } catch {
            #expect(error.line == 4)
            #expect(error.reason.contains("at most"))
        }
    }
}
