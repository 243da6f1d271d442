import Explore
import Foundation
import SimWorld
import Testing
import Walk

/// The vehicle's seed walks (Assets/walks/seeds/vehicle-*.jsonl), which `enrollsim explore` plays
/// after the tours: each starts the search at a deep flow of R26–R48 the tours do not walk, and
/// together they reach every branch of R26–R48 in the catalogue.
@Suite struct VehicleSeedTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/walks/seeds").path

    /// R26–R48's branches in PIMS's catalogue (coverage's list).
    static var vehicleBranches: [String] {
        let pims = World.ruleCatalogues.first { $0.system == "pims" }?.rules ?? []
        return pims.filter { rule in Int(rule.id.dropFirst()).map { (26...48).contains($0) } ?? false }
            .flatMap { rule in rule.branches.map { "\(rule.id) \($0)" } }
    }

    @Test("The vehicle seeds, played by the explorer, reach every branch of R26–R48 in the catalogue")
    func seedsReachEveryVehicleBranch() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
            .filter { $0.hasPrefix("vehicle-") && $0.hasSuffix(".jsonl") }.sorted()
        #expect(files.count >= 9)
        let walks = try files.map { try Walk.read(path: Self.folder + "/" + $0) }
        let explorer = Explorer(starts: try ExploreStart.all(["remote-ready", "remote-garage", "remote-steps-todo", "fresh", "pin-blocked"]),
                                seed: 1, oracles: .none)
        await explorer.seed(with: walks)
        var reached: Set<String> = []
        for case .branch("pims", let rule, let branch) in explorer.branches { reached.insert("\(rule) \(branch)") }
        #expect(Self.vehicleBranches.count == 32)
        let missing = Self.vehicleBranches.filter { !reached.contains($0) }
        #expect(missing.isEmpty, "not reached by the seeds: \(missing)")
    }
}
