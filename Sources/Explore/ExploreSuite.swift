import Foundation

/// After an exploration: a minimal walk for every branch reached and for every oracle finding,
/// written into a folder and each checked as `replay --check` checks it.
public final class ExploreSuite {
    public let explorer: Explorer
    /// The shortest sequence seen so far to each target, from every candidate delta debugging ran:
    /// a later branch starts shrinking from there (most branches lie on the way to others).
    private var best: [ExploreTarget: (start: Int, inputs: [ExploreInput])] = [:]
    public var maxTests = 120

    public struct Written: Sendable {
        public var target: String
        public var file: String
        public var inputs: [ExploreInput]
        /// Why `replay --check` failed on it; nil when it passed.
        public var failure: String?
    }

    public init(_ explorer: Explorer) {
        self.explorer = explorer
        for (target, witness) in explorer.reached { best[target] = (witness.start, witness.inputs) }
    }

    /// Runs `inputs` from a start with no oracles: each target with the step that first reached it,
    /// noting every shorter way found.
    private func reach(_ start: Int, _ inputs: [ExploreInput]) async -> [ExploreTarget: Int] {
        guard let run = try? await ExploreRun(explorer.starts[start], oracles: .none) else { return [:] }
        var first: [ExploreTarget: Int] = [:]
        for (i, input) in inputs.enumerated() {
            for target in await run.apply(input).reached where first[target] == nil {
                first[target] = i
                if let known = best[target], known.inputs.count <= i + 1 { continue }
                best[target] = (start, Array(inputs[...i]))
            }
        }
        return first
    }

    /// The shortest sequence found to `target`, shrunk by delta debugging.
    public func minimal(_ target: ExploreTarget) async -> (start: Int, inputs: [ExploreInput])? {
        guard let known = best[target] else { return nil }
        let inputs = await Minimizer.minimize(known.inputs, maxTests: maxTests) { await self.reach(known.start, $0)[target] }
        return (known.start, inputs)
    }

    /// A walk per branch reached, named by system, rule and branch, shortest first (so that longer
    /// ones start from what the shorter ones found).
    public func writeBranchWalks(to directory: String, progress: (String) -> Void = { _ in }) async throws -> [Written] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let order = explorer.branches.sorted { (best[$0]?.inputs.count ?? 0, $0) < (best[$1]?.inputs.count ?? 0, $1) }
        var written: [Written] = []
        for (i, target) in order.enumerated() {
            guard let (start, inputs) = await minimal(target) else { continue }
            let path = (directory as NSString).appendingPathComponent(target.fileStem + ".jsonl")
            let failure = try await WalkWriter.write(explorer.starts[start], inputs, title: "Reaches \(target) (enrollsim explore)", to: path)
            written.append(Written(target: target.description, file: path, inputs: inputs, failure: failure))
            progress("\(i + 1)/\(order.count) \(target): \(inputs.count) inputs\(failure == nil ? "" : " — replay --check FAILED")")
        }
        return written
    }

    /// A walk per oracle finding, shrunk while the same finding is still made, titled with what was wrong.
    public func writeFindings(to directory: String, progress: (String) -> Void = { _ in }) async throws -> [Written] {
        guard !explorer.findings.isEmpty else { return [] }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [Written] = []
        var counts: [Finding.Kind: Int] = [:]
        for identity in explorer.findings.keys.sorted() {
            let (finding, witness) = explorer.findings[identity]!
            var oracles = explorer.oracles
            oracles.enabled = [finding.kind]
            let start = explorer.starts[witness.start]
            let inputs = await Minimizer.minimize(witness.inputs, maxTests: maxTests) {
                await WalkWriter.findingStep(start, $0, identity, oracles: oracles)
            }
            counts[finding.kind, default: 0] += 1
            let path = (directory as NSString).appendingPathComponent("\(finding.kind.rawValue)-\(counts[finding.kind]!).jsonl")
            let failure = try await WalkWriter.write(start, inputs, title: "Finding: \(finding)", to: path)
            written.append(Written(target: finding.description, file: path, inputs: inputs, failure: failure))
            progress("finding \(finding): \(inputs.count) inputs")
        }
        return written
    }
}
