import Explore
import Foundation
import SimWorld
import Testing
import Walk

/// The committed PIMS seeds: each is its script's walk, passes `replay --check`, and reaches the
/// branches it is there for (a change to a flow that moves them fails here, not silently in the
/// explorer's coverage). `ENROLLSIM_RECORD_SEEDS=1` writes them again first.
@Suite(.serialized) struct PIMSSeedTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/walks/seeds").path

    static func path(_ seed: PIMSSeeds.Seed) -> String { folder + "/" + seed.name + ".jsonl" }

    static func start(_ scenario: String) throws -> ExploreStart {
        try #require(try ExploreStart.all([scenario]).first { $0.systemID == "pims" })
    }

    @Test(arguments: PIMSSeeds.all) func theSeedReplaysAndReachesItsBranches(_ seed: PIMSSeeds.Seed) async throws {
        let start = try Self.start(seed.scenario)
        if ProcessInfo.processInfo.environment["ENROLLSIM_RECORD_SEEDS"] == "1" {
            try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
            _ = try await WalkWriter.write(start, seed.inputs, title: seed.title, to: Self.path(seed))
        }
        let walk = try Walk.read(path: Self.path(seed))
        #expect(await WalkWriter.check(Self.path(seed)) == nil)
        let keys: [ExploreInput] = walk.entries.compactMap {
            switch $0.what {
            case .key(let name): .key(name)
            case .paste(let text): .paste(text)
            default: nil
            }
        }
        #expect(keys == seed.inputs, "the committed seed is not its script: record it again")
        let stems = Set(walk.calls.compactMap { call -> String? in
            guard let t = call.response.trace, let system = t.system, let rule = t.rule else { return nil }
            return ExploreTarget.branch(system: system, rule: rule, branch: t.branch).fileStem
        })
        for stem in seed.reaches { #expect(stems.contains(stem), "\(seed.name) does not reach \(stem): \(stems.sorted())") }
    }
}
