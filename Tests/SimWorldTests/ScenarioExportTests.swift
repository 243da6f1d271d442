import PIMS
import SimKernel
import SimWorld
import Testing
import Yams

/// The exporter writes what Yams's own encoder writes (the same lines), in time linear in the world (issue 14.3).
@Suite("§9 Scenarios: export")
struct ScenarioExportTests {
    /// Yams's `YAMLEncoder` with the exporter's options: the reference text.
    func reference(_ world: World) throws -> String {
        let encoder = YAMLEncoder()
        encoder.options.allowUnicode = true
        encoder.options.width = -1
        return try encoder.encode(world)
    }

    /// The first line where two texts differ, for a readable failure.
    func firstDifference(_ a: String, _ b: String) -> String {
        let (x, y) = (a.split(separator: "\n", omittingEmptySubsequences: false), b.split(separator: "\n", omittingEmptySubsequences: false))
        for i in 0..<max(x.count, y.count) where (i < x.count ? x[i] : nil) != (i < y.count ? y[i] : nil) {
            return "line \(i + 1): \(i < x.count ? String(x[i]) : "<end>") | expected \(i < y.count ? String(y[i]) : "<end>")"
        }
        return "same"
    }

    /// A YAML text's content with mapping order set aside: Yams's encoder places a key whose value is
    /// a nested container (`counters:`) when that container is released, which depends on the build;
    /// the exporter writes every key where it is encoded.
    func content(_ yaml: String) throws -> String {
        func canonical(_ node: Node) -> String {
            switch node {
            case .scalar(let s): return "s(\(s.string))"
            case .sequence(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
            case .mapping(let pairs): return "{" + pairs.map { "\($0.key.string ?? "?")=\(canonical($0.value))" }.sorted().joined(separator: ",") + "}"
            case .alias: return "alias"
            }
        }
        return try Yams.compose(yaml: yaml).map(canonical) ?? ""
    }

    func expectSameExport(_ world: World) throws {
        let (ours, theirs) = (try ScenarioExporter.yaml(world), try reference(world))
        #expect(try content(ours) == content(theirs), "\(firstDifference(ours, theirs))")
        #expect(ours.split(separator: "\n").sorted() == theirs.split(separator: "\n").sorted())
        // Loaded back, it exports the same text again.
        #expect(try ScenarioExporter.yaml(ScenarioLoader.parse(yaml: ours, origin: "export.yaml")) == ours)
    }

    @Test("Every built-in scenario exports what Yams's encoder writes, and loads back equal", arguments: ScenarioLoader.builtinNames)
    func builtInsExportAsYamsWould(_ name: String) throws {
        var world = try ScenarioLoader.load(.named(name))
        try expectSameExport(world)
        // With state the scenario does not start with: sessions, SMS, a fault.
        var simulator = Simulator(world: world)
        _ = simulator.handle(CallRequest(.get, "pims.authentication.trustedphonenumber"), session: "default")
        world = simulator.world
        world.openSession("tablet", settings: SessionSettings(device: "tablet-1"))
        try expectSameExport(world)
    }

    @Test("A world of 2,000 accounts and 2,000 sessions exports what Yams's encoder writes, and loads back equal")
    func aLargeWorldExportsAsYamsWould() throws {
        let accounts = (0..<2_000).map { i in
            Account(username: "user\(i)@example.com", password: "pass\(i)", phone: PhoneNumber(String(format: "+3361%07d", i))!,
                    pin: PIN("4321")!, enrolledDevices: ["device-\(i)"], vehicles: [])
        }
        var world = World(name: "large", description: "line one\nline two", startTime: SimTime(iso8601: "2026-01-05T09:00:00Z")!, seed: 14,
                          accounts: accounts, session: World.DefaultSession(device: "device-0"))
        for s in 0..<2_000 { world.openSession("session-\(s)", settings: SessionSettings(device: "tablet-\(s)")) }
        try expectSameExport(world)
    }
}
