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
            let stems = walk.calls.compactMap { call -> String? in
                guard let t = call.response.trace, let system = t.system, let rule = t.rule else { return nil }
                return ExploreTarget.branch(system: system, rule: rule, branch: t.branch).fileStem
            }
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            #expect(stems.contains(name), "\(name) does not reach its branch: \(stems)")
        }
    }

    @Test func aSmallExplorationFindsNoBranchTheSuiteLacks() async throws {
        var suite = Coverage()
        for file in Self.files { try suite.add(file: file) }
        // As `enrollsim explore` does: the built-in tours first, then the search.
        let explorer = Explorer(starts: try ExploreStart.all(), seed: 1, oracles: .none)
        let tours = URL(fileURLWithPath: Self.folder).deletingLastPathComponent().path
        let walks = try FileManager.default.contentsOfDirectory(atPath: tours).filter { $0.hasSuffix(".jsonl") }.sorted()
            .map { try Walk.read(path: tours + "/" + $0) }
        await explorer.seed(with: walks)
        await explorer.run(Explorer.Budget(steps: explorer.steps + 400))
        #expect(!explorer.branches.isEmpty)
        for case .branch(let system, let rule, let branch) in explorer.branches {
            #expect((suite.hits[system]?[rule]?[branch] ?? 0) > 0, "\(system) \(rule) \(branch) is reached but has no walk in the suite")
        }
    }
}
