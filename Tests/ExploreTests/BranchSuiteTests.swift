import Explore
import Foundation
import SimKernel
import SimWorld
import Testing
import Walk
import WalkPlayer

/// The explorer's suite in the repository (Tests/BranchWalks, written by `enrollsim explore
/// --out`): every walk passes `replay --check` and reaches the branch it is named after, and a
/// small exploration of every built-in scenario reaches no branch the suite lacks.
@Suite struct BranchSuiteTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/BranchWalks").path

    /// The built-in tours, which `enrollsim explore` plays first.
    static var tours: [Walk] {
        get throws {
            let folder = URL(fileURLWithPath: Self.folder).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Assets/walks").path
            return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jsonl") }.sorted()
                .map { try Walk.read(path: folder + "/" + $0) }
        }
    }

    static var files: [String] { WalkSuite.files([folder]).filter { !$0.contains("/findings/") } }

    @Test func everyBranchWalkReplaysAndReachesItsBranch() async throws {
        let files = Self.files
        #expect(files.count >= 30, "\(Self.folder)")
        let results = await WalkSuite.run(files, parallel: 2) { file in
            try await WalkScreenCheck.check(try Walk.read(path: file), file: file) { origin, yaml in
                InProcessBackend(world: try ScenarioLoader.parse(yaml: yaml, origin: origin), honoursLatency: false)
            }
        }
        for result in results { #expect(result.passed, "\(result.failureDetail ?? result.file)") }
        for file in files {
            let walk = try Walk.read(path: file)
            let stems = walk.calls.compactMap { call in call.response.trace.flatMap(ExploreTarget.branch)?.fileStem }
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            #expect(stems.contains(name), "\(name) does not reach its branch: \(stems)")
        }
    }

    @Test func aSmallExplorationFindsNoBranchTheSuiteLacks() async throws {
        // Each walk is named after the branch it reaches (checked above).
        let suite = Set(Self.files.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent })
        // As `enrollsim explore` does: the built-in tours first, then the search.
        let explorer = Explorer(starts: try ExploreStart.all(), seed: 1, oracles: .none)
        let tours = try Self.tours
        #expect(!tours.isEmpty)
        await explorer.seed(with: tours)
        await explorer.run(Explorer.Budget(steps: explorer.steps + 400))
        #expect(!explorer.branches.isEmpty)
        for target in explorer.branches {
            #expect(suite.contains(target.fileStem), "\(target) is reached but has no walk in the suite")
        }
    }
}
