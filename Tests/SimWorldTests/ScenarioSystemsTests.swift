import PIMS
import SimKernel
import SimWorld
import Testing

/// Issue 23: a scenario states its systems by the parts it fills (PIMS's accounts, a system's own
/// section), as the loader reads it: not guessed from a session option.
@Suite("§9 Scenarios: the systems a scenario is about")
struct ScenarioSystemsTests {
    @Test(arguments: [
        ("fresh", ["pims"]), ("legacy-sdk", ["pims"]), ("futurae-pin", ["futurae"]), ("futurae-enrolled", ["futurae"]),
        ("card-replacement", ["casa"]), ("card-activation", ["casa"]),
    ])
    func theBuiltInsStateTheirSystem(name: String, systems: [String]) throws {
        #expect(try ScenarioLoader.load(.named(name)).systemIDs == systems)
    }

    @Test func everyBuiltInStatesAtLeastOneSystem() throws {
        for name in ScenarioLoader.builtinNames {
            #expect(!(try ScenarioLoader.load(.named(name)).systemIDs.isEmpty), "\(name)")
        }
    }

    @Test func aScenarioWithTwoSectionsStatesBothInTheSystemsOrder() throws {
        let yaml = """
            name: both
            description: PIMS's accounts and a Futurae service
            startTime: "2026-01-05T09:00:00Z"
            seed: 3
            accounts:
              - username: a@example.com
                password: p
            session:
              device: dev
              lockType: none
            futurae:
              service:
                serviceId: 07b7e1f4-2197-481a-b776-1adcb140af06
                serviceName: Acme Bank
              users:
                - userId: 91133ec4-a568-42f6-a762-2bc180426939
                  username: a@example.com
            """
        let world = try ScenarioLoader.parse(yaml: yaml, origin: "both.yaml")
        #expect(world.systemIDs == ["pims", "futurae"])
        // An option of the session says nothing: a PIMS-only world with a lock type is PIMS's.
        let pimsOnly = try ScenarioLoader.parse(yaml: yaml.components(separatedBy: "futurae:")[0], origin: "pims.yaml")
        #expect(pimsOnly.systemIDs == ["pims"])
    }
}
