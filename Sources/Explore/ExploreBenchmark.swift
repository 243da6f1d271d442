import Foundation

/// The guided search beside random keys, with the same budget and seeds: steps per second, and the
/// branches reached at each quarter of the budget (branches over time), as a Markdown table.
public enum ExploreBenchmark {
    public struct Row: Sendable {
        public var strategy: Explorer.Strategy
        public var seed: UInt64
        public var steps: Int
        public var stepsPerSecond: Double
        /// Branches reached by 25, 50, 75 and 100 % of the steps.
        public var quarters: [Int]
    }

    public static func run(starts: [ExploreStart], budget: Explorer.Budget, seeds: [UInt64]) async -> [Row] {
        var rows: [Row] = []
        for strategy in Explorer.Strategy.allCases {
            for seed in seeds {
                let explorer = Explorer(starts: starts, strategy: strategy, seed: seed, oracles: .none)
                let began = ContinuousClock.now
                await explorer.run(budget)
                let p = explorer.progress(since: began)
                let quarters = (1...4).map { q in
                    let by = explorer.steps * q / 4
                    return explorer.timeline.last { $0.step <= by }?.branches ?? 0
                }
                rows.append(Row(strategy: strategy, seed: seed, steps: p.steps, stepsPerSecond: p.stepsPerSecond, quarters: quarters))
            }
        }
        return rows
    }

    public static func table(starts: [ExploreStart], budget: Explorer.Budget, seeds: [UInt64]) async -> String {
        let rows = await run(starts: starts, budget: budget, seeds: seeds)
        var out = "| strategy | seed | steps | steps/s | branches at 25 % | 50 % | 75 % | 100 % |\n|---|---|---|---|---|---|---|---|\n"
        for r in rows {
            out += "| \(r.strategy.rawValue) | \(r.seed) | \(r.steps) | \(Int(r.stepsPerSecond)) | "
            out += r.quarters.map(String.init).joined(separator: " | ") + " |\n"
        }
        for strategy in Explorer.Strategy.allCases {
            let mine = rows.filter { $0.strategy == strategy }
            guard !mine.isEmpty else { continue }
            let mean = Double(mine.map { $0.quarters[3] }.reduce(0, +)) / Double(mine.count)
            out += "\n\(strategy.rawValue): \(String(format: "%.1f", mean)) branches on average over \(mine.count) seeds"
        }
        return out + "\n"
    }
}
