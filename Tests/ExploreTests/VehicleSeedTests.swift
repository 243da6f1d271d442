import Explore
import Foundation
import Testing
import Walk

/// The vehicle's seed walks (Assets/walks/seeds/vehicle-*.jsonl), which `enrollsim explore` plays
/// after the tours: each starts the search at a deep flow of R26–R48 the tours do not walk, and
/// together they reach the branches keys reach only by long, exact sequences.
@Suite struct VehicleSeedTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/walks/seeds").path

    @Test("The vehicle seeds, played by the explorer, reach R26 2366, R28's gates, R30's refusals, R35, R36, R39's cache, R40 and R41's 2351 and 2366")
    func seedsReachTheVehicleBranches() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
            .filter { $0.hasPrefix("vehicle-") && $0.hasSuffix(".jsonl") }.sorted()
        #expect(files.count >= 8)
        let walks = try files.map { try Walk.read(path: Self.folder + "/" + $0) }
        let explorer = Explorer(starts: try ExploreStart.all(["remote-ready", "remote-garage", "remote-steps-todo", "fresh"]), seed: 1, oracles: .none)
        await explorer.seed(with: walks)
        var reached: Set<String> = []
        for case .branch("pims", let rule, let branch) in explorer.branches { reached.insert("\(rule) \(branch)") }
        for branch in ["R26 2366", "R28 2307", "R28 2312", "R28 2340", "R28 2366", "R30 2325", "R30 2358", "R30 2359", "R30 2366", "R35 ok", "R36 ok",
                       "R39 cache", "R40 2351", "R41 2351", "R41 2366"] {
            #expect(reached.contains(branch), "\(branch) not reached by the seeds: \(reached.sorted())")
        }
    }
}
