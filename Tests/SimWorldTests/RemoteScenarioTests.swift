import PIMS
import SimKernel
import SimWorld
import Testing

@Suite("R47–R48 The remote: state in scenarios, strict, and the remote built-ins")
struct RemoteScenarioTests {
    // Every built-in's export → load → export round trip: ScenarioLoadingTests.exportLoadExportIsByteIdentical.

    /// Line numbers below are this text's (line 1 is `name: t`).
    static let valid = """
        name: t
        startTime: "2026-01-05T09:00:00Z"
        accounts:
          - username: alice@example.com
            password: p
            vehicles:
              - vin: VR1AB12C3D4567890
                carAssociationID: "987654"
                remote:
                  type: electric
                  level: 62.5
                  charging:
                    plugged: true
                    state: STOPPED
        session:
          device: dev
          user: alice@example.com
        """

    func refusal(_ yaml: String) -> ScenarioError? { scenarioRefusal(yaml, origin: "r.yaml") }

    @Test func aRemoteBlockLoads() throws {
        let world = try ScenarioLoader.parse(yaml: Self.valid, origin: "r.yaml")
        let remote = try #require(world.account("alice@example.com")?.vehicles.first?.remote)
        #expect(remote.level == Level(tenths: 625))
        #expect(remote.charging.plugged && remote.charging.state == .stopped)
        #expect(remote.isLive && remote.reported == nil)
    }

    @Test func noBlockIsTheDefaultVehicleAndOldScenariosExportUnchanged() throws {
        let world = try ScenarioLoader.load(.named("enrolled"))
        let remote = try #require(world.account("alice@example.com")?.vehicles.first?.remote)
        #expect(remote == VehicleRemote())
        #expect(remote.type == .electric && remote.rangeKm == 340 && remote.level == Level(tenths: 800) && !remote.charging.plugged)
        #expect(!(try ScenarioExporter.yaml(world)).contains("remote:"))
    }

    @Test(arguments: [
        ("level: 62.5", "colour: red", 11, "unknown key \"colour\""),
        ("level: 62.5", "level: 120", 11, "between 0 and 100"),
        ("state: STOPPED", "state: INPROGRESS", 12, "INPROGRESS"),
        ("plugged: true", "plugged: false", 14, "unplugged"),
        ("type: electric", "type: fuel", 12, "fuel vehicle has no charging"),
        ("type: electric", "type: diesel", 10, "allowed values"),
    ])
    func strictReadingNamesTheLine(find: String, replace: String, line: Int, reason: String) throws {
        let yaml = Self.valid.replacingOccurrences(of: find, with: replace)
        #expect(yaml != Self.valid)
        let e = try #require(refusal(yaml))
        #expect(e.file == "r.yaml")
        #expect(e.line == line, "\(e)")
        #expect(e.reason.contains(reason), "\(e.reason)")
    }

    @Test func remoteReadyIsAsR48Says() throws {
        let world = try ScenarioLoader.load(.named("remote-ready"))
        let e208 = try #require(world.account("alice@example.com")?.vehicles.first)
        #expect(e208.carKey.activated)
        #expect(e208.remote.type == .electric && e208.remote.isLive && e208.remote.level == Level(tenths: 620))
        #expect(e208.remote.charging == Charging(plugged: true, mode: .slow, state: .stopped))
        #expect(e208.remote.doors.lock == .locked)
    }

    @Test func remoteGarageHasTheHybridAsleepAndTheFuelCarOpen() throws {
        let world = try ScenarioLoader.load(.named("remote-garage"))
        let vehicles = try #require(world.account("alice@example.com")?.vehicles)
        #expect(vehicles.map(\.vin.value) == ["VR1AB12C3D4567890", "VR3ATTENTKY102274", "VF7RHRHP8KL246810"])
        #expect(vehicles.allSatisfy { $0.carKey.activated })
        let hybrid = vehicles[1].remote
        #expect(hybrid.type == .hybrid && hybrid.asleep && hybrid.charging.state == .inProgress)
        #expect(hybrid.reported?.lastUpdate == SimTime(iso8601: "2026-01-05T08:00:00Z"))
        #expect(vehicles[2].remote.type == .fuel && vehicles[2].remote.doors.open == [.trunk])
    }

    @Test func anAsleepVehicleWithoutACopyIsAsReportedAtTheStart() throws {
        let yaml = Self.valid.replacingOccurrences(of: "type: electric", with: "type: electric\n          asleep: true")
        let world = try ScenarioLoader.parse(yaml: yaml, origin: "r.yaml")
        let remote = try #require(world.account("alice@example.com")?.vehicles.first?.remote)
        #expect(remote.reported?.lastUpdate == world.startTime)
        #expect(remote.reported?.level == Level(tenths: 625))
    }
}
