import PIMS
import SimWorld
import Testing

@Suite("§9 Scenarios: strict loading")
struct ScenarioLoadingTests {
    static let valid = """
        name: t
        description: d
        startTime: "2026-01-05T09:00:00Z"
        seed: 3
        accounts:
          - username: a@example.com
            password: p
            phone: "0612345678"
            pin: "1234"
            enrolledDevices: [dev]
            vehicles:
              - vin: VR1AB12C3D4567890
                carAssociationID: "1"
        session:
          device: dev
          user: a@example.com
        """

    func refusal(_ yaml: String) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.parse(yaml: yaml, origin: "x.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test func aValidScenarioLoads() throws {
        let world = try ScenarioLoader.parse(yaml: Self.valid, origin: "x.yaml")
        #expect(world.accounts[0].pin == PIN("1234"))
        #expect(world.policy == Policy())
        #expect(world.sessions.map(\.name) == ["default"])
    }

    @Test func anUnknownKeyIsNamedWithItsLine() throws {
        let yaml = Self.valid.replacingOccurrences(of: "    pin: \"1234\"", with: "    pin: \"1234\"\n    pincode: \"9\"")
        let e = try #require(refusal(yaml))
        #expect(e.file == "x.yaml")
        #expect(e.line == 10)
        #expect(e.reason == "unknown key \"pincode\" in accounts[0]")
        #expect(e.description == "x.yaml:10: unknown key \"pincode\" in accounts[0]")
    }

    @Test func anUnknownTopLevelKey() throws {
        let e = try #require(refusal(Self.valid + "\nextra: 1\n"))
        #expect(e.reason == "unknown key \"extra\" at the top level")
        #expect(e.line == 17)
    }

    @Test func aWrongTypeIsNamedWithItsLine() throws {
        let yaml = Self.valid.replacingOccurrences(of: "seed: 3", with: "seed: lots")
        let e = try #require(refusal(yaml))
        #expect(e.line == 4)
        #expect(e.reason.hasPrefix("seed"))
    }

    @Test func aMalformedVINIsRefused() throws {
        let yaml = Self.valid.replacingOccurrences(of: "VR1AB12C3D4567890", with: "VR1AB12C3D456789O")
        let e = try #require(refusal(yaml))
        #expect(e.line == 12)
        #expect(e.reason.contains("not a VIN"))
    }

    @Test func aMissingKeyIsRefused() throws {
        let yaml = Self.valid.replacingOccurrences(of: "    password: p\n", with: "")
        let e = try #require(refusal(yaml))
        #expect(e.reason.contains("missing key \"password\""))
        #expect(e.line == 6)
    }

    @Test(arguments: [
        ("    pin: \"1234\"", "    pin: \"1234\"\n    blockState: PINBlocked\n    pinFailures: 1", "PINBlocked account has exactly 3"),
        ("    pin: \"1234\"", "    pin: \"1234\"\n    pinFailures: 3", "would be PINBlocked"),
        ("    pin: \"1234\"", "    pin: \"12\"", "does not fit the policy"),
        ("  user: a@example.com", "  user: b@example.com", "is not an account"),
        ("seed: 3", "seed: 3\npolicy:\n  pinMinLength: 8", "pinMaxLength"),
    ])
    func brokenInvariantsAreRefused(find: String, replace: String, reason: String) throws {
        let e = try #require(refusal(Self.valid.replacingOccurrences(of: find, with: replace)))
        #expect(e.reason.contains(reason), "\(e)")
        #expect(e.line != nil)
    }

    @Test func devicesWithoutAPINAreRefused() throws {
        let e = try #require(refusal(Self.valid.replacingOccurrences(of: "    pin: \"1234\"\n", with: "")))
        #expect(e.reason.contains("no PIN"))
        #expect(e.line == 9)
    }

    @Test func yamlSyntaxErrorsGiveTheLine() throws {
        let e = try #require(refusal("name: a\naccounts: [\n  - x\n"))
        #expect(e.reason.hasPrefix("not valid YAML"))
        #expect(e.line != nil)
    }

    @Test func aMissingFileOrUnknownNameIsClear() {
        #expect(throws: ScenarioError(file: "/nope/x.yaml", line: nil, reason: "no such file")) {
            try ScenarioLoader.load(.file("/nope/x.yaml"))
        }
        do {
            _ = try ScenarioLoader.load(.named("frsh"))
            Issue.record("loaded an unknown built-in")
        } catch {
            #expect(error.reason.contains("no built-in scenario named \"frsh\""))
        }
    }

    @Test func builtInsAreTheDocumentedOnes() {
        #expect(ScenarioLoader.builtinNames == [
            "account-blocked", "card-activation", "card-inactive", "card-replacement", "device-limit", "enrolled", "enrolled-elsewhere",
            "fresh", "futurae-enrolled", "futurae-fresh", "futurae-lock-changed",
            "futurae-pin", "legacy-sdk", "one-attempt-left", "phone-registered", "pin-blocked", "remote-garage", "remote-ready",
            "remote-steps-todo", "stale-steps", "team",
        ])
    }

    /// The PIMS built-ins: every built-in but the Futurae and card ones (FuturaeScenarioTests and
    /// CardScenarioTests check those).
    static let pimsBuiltIns = ScenarioLoader.builtinNames.filter { !$0.hasPrefix("futurae-") && !$0.hasPrefix("card-") }
    /// The PIMS built-ins with no other system's part: `team`, a team server's world, has all three.
    static let pimsOnlyBuiltIns = pimsBuiltIns.filter { $0 != "team" }

    /// Issue 38 (4): a team server's default world lets every system be walked.
    @Test func theTeamWorldHasEverySystem() throws {
        let world = try ScenarioLoader.load(.named("team"))
        #expect(world.systemIDs == ["pims", "futurae", "casa"])
        #expect(world.futurae.users.map(\.username) == ["alice@example.com", "bob@example.com"])
        #expect(world.casa.cards.map(\.accountId) == ["acct-4242"])
        #expect(world.account("bob@example.com") != nil && world.account("carol@example.com") != nil)
    }

    @Test(arguments: pimsBuiltIns)
    func everyPIMSBuiltInHasAliceHerVehicleAndTheDefaultSession(name: String) throws {
        let world = try ScenarioLoader.load(.named(name))
        #expect(!world.description.isEmpty)
        let alice = try #require(world.account("alice@example.com"))
        #expect(alice.password == "alice-pass")
        let vehicle = try #require(alice.vehicles.first)
        #expect(vehicle.vin.value == "VR1AB12C3D4567890")
        #expect(vehicle.carAssociationID.value == "987654")
        #expect(vehicle.carKey.activated == ["remote-ready", "remote-garage"].contains(name))  // R48: keys active
        #expect(vehicle.proximity == Proximity(bluetoothOn: true, paired: true, keyInside: true))
        #expect(world.session.device == "alice-iphone")
        #expect(world.session.platform == .ios)
        #expect(world.session.sdk == (name == "legacy-sdk" ? .v2_0 : .v2_3))
    }

    @Test(arguments: ScenarioLoader.builtinNames)
    func exportLoadExportIsByteIdentical(name: String) throws {
        let world = try ScenarioLoader.load(.named(name))
        let first = try ScenarioExporter.yaml(world)
        let again = try ScenarioLoader.parse(yaml: first, origin: "export")
        #expect(again == world)
        #expect(try ScenarioExporter.yaml(again) == first)
    }
}
