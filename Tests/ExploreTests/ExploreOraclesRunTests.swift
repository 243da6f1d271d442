import Explore
import Foundation
import Testing
import Walk

/// The oracles' run in CI (issue 41): the built-in tours, then a small exploration of every built-in
/// scenario with every oracle but `slow` (a deadline of real time says nothing on a busy machine),
/// finds nothing. A finding here is a new one: each of the first full run's is fixed or explained
/// (docs/explore.md).
@Suite struct ExploreOraclesRunTests {
    @Test func aSmallExplorationWithTheOraclesFindsNothing() async throws {
        var kinds = Set(Finding.Kind.allCases)
        kinds.remove(.slow)
        let explorer = Explorer(starts: try ExploreStart.all(), seed: 1, oracles: Oracles(enabled: kinds))
        await explorer.seed(with: try BranchSuiteTests.tours)
        await explorer.run(Explorer.Budget(steps: explorer.steps + 400))
        #expect(explorer.steps > 400)
        let found = explorer.findings.values.map(\.finding.description).sorted()
        #expect(found.isEmpty, "\(found.count) findings:\n\(found.joined(separator: "\n"))")
    }
}
