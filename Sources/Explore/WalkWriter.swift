import Foundation
import SimWorld
import Walk
import WalkPlayer

/// Minimal walks: a witness shortened by delta debugging, run again with a recorder, an `expect`
/// line for the screen it ends on, then checked as `replay --check` checks it.
public enum WalkWriter {
    /// The step (0-based) at which `inputs` from `start` first reach `target`, or nil.
    public static func reachingStep(_ start: ExploreStart, _ inputs: [ExploreInput], _ target: ExploreTarget) async -> Int? {
        guard let run = try? await ExploreRun(start, oracles: .none) else { return nil }
        for (i, input) in inputs.enumerated() where await run.apply(input).reached.contains(target) { return i }
        return nil
    }

    /// The step at which `inputs` first show the finding `identity`, or nil.
    public static func findingStep(_ start: ExploreStart, _ inputs: [ExploreInput], _ identity: String, oracles: Oracles) async -> Int? {
        guard let run = try? await ExploreRun(start, oracles: oracles) else { return nil }
        for (i, input) in inputs.enumerated() where await run.apply(input).findings.contains(where: { $0.identity == identity }) { return i }
        return nil
    }

    public static func minimal(_ start: ExploreStart, _ inputs: [ExploreInput], reaching target: ExploreTarget) async -> [ExploreInput] {
        await Minimizer.minimize(inputs) { await reachingStep(start, $0, target) }
    }

    public static func minimal(_ start: ExploreStart, _ inputs: [ExploreInput], finding identity: String, oracles: Oracles) async -> [ExploreInput] {
        await Minimizer.minimize(inputs) { await findingStep(start, $0, identity, oracles: oracles) }
    }

    /// Writes the walk of `inputs` from `start` to `path` (replacing it), ending with what the screen
    /// shows; then checks it as `replay --check` does: nil when it passes, else why not.
    @discardableResult
    public static func write(_ start: ExploreStart, _ inputs: [ExploreInput], title: String, to path: String) async throws -> String? {
        try? FileManager.default.removeItem(atPath: path)
        do {
            let run = try await ExploreRun(start, recordingTo: path, title: title, oracles: .none)
            for input in inputs { await run.apply(input) }
            run.expectScreen()
        }
        return await check(path)
    }

    /// `replay --check` on one walk, in process: nil when it passes.
    public static func check(_ path: String) async -> String? {
        do {
            let report = try await WalkScreenCheck.check(try Walk.read(path: path), file: path) { origin, yaml in
                InProcessBackend(world: try ScenarioLoader.parse(yaml: yaml, origin: origin), honoursLatency: false)
            }
            return report.divergence?.description
        } catch {
            return "\(error)"
        }
    }
}
