import Explore
import Foundation
import Testing
import Walk

/// The card seeds (`CardSeeds`): each walk in Assets/walks/seeds is its seed's keys, and the explorer,
/// seeded with it, reaches every branch the seed is for. ENROLLSIM_RECORD_SEEDS=1 writes them again
/// (each checked by `replay --check` as it is written).
@Suite struct CardSeedTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/walks/seeds").path

    static func start(_ seed: CardSeeds.Seed) throws -> ExploreStart {
        try #require(try ExploreStart.all([seed.scenario]).first { $0.systemID == "casa" })
    }

    @Test(arguments: CardSeeds.all.map(\.name))
    func theSeedReachesItsBranches(_ name: String) async throws {
        let seed = try #require(CardSeeds.all.first { $0.name == name })
        let path = Self.folder + "/" + name + ".jsonl"
        let start = try Self.start(seed)
        if ProcessInfo.processInfo.environment["ENROLLSIM_RECORD_SEEDS"] == "1" {
            try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
            let failure = try await WalkWriter.write(start, seed.inputs, title: seed.title, to: path)
            #expect(failure == nil, "\(path): \(failure ?? "")")
        }
        let walk = try Walk.read(path: path)
        let kept: [ExploreInput] = walk.entries.compactMap {
            switch $0.what {
            case .key(let key): .key(key)
            case .paste(let text): .paste(text)
            default: nil
            }
        }
        #expect(kept == seed.inputs, "\(path) is not the seed's keys: record it again (ENROLLSIM_RECORD_SEEDS=1)")
        // As `enrollsim explore` starts: the seed played from its scenario, what it reaches counted.
        let explorer = Explorer(starts: [start], seed: 1, oracles: .none)
        await explorer.seed(with: [walk])
        let reached = Set(explorer.branches.map(\.description))
        let missing = seed.branches.filter { !reached.contains("casa " + $0) }
        let trail = missing.isEmpty ? "" : try await Self.trail(start, seed.inputs)
        #expect(missing.isEmpty, "\(name) does not reach \(missing); it reaches \(reached.sorted())\n\(trail)")
    }

    /// Each input with what it reached, and the last screen: where a seed went astray.
    static func trail(_ start: ExploreStart, _ inputs: [ExploreInput]) async throws -> String {
        let run = try await ExploreRun(start, oracles: .none)
        var out = ""
        for input in inputs {
            let step = await run.apply(input)
            out += "\(input) → \(step.reached.map(\.description))\n"
        }
        return out + (0..<run.frame.size.height).map { run.frame.line($0) }.joined(separator: "\n")
    }
}
