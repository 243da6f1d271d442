import SimKernel
import SimWorld
import Testing
import Walk

/// Coverage counts a branch reached by an injected fault apart from the rule's own answers (issue 41).
@Suite struct CoverageByFaultTests {
    static func trace(_ rule: String, _ branch: String, injected: Bool) -> AnswerTrace {
        AnswerTrace(system: "pims", rule: rule, branch: branch, at: SimTime(seconds: 0), injected: injected)
    }

    @Test func aBranchReachedOnlyByAFaultIsReachedAndSaysSo() throws {
        var coverage = Coverage()
        coverage.add(Self.trace("R40", "2351", injected: true), code: "2351")
        coverage.add(Self.trace("R40", "copy", injected: false), code: nil)
        let pims = try #require(coverage.report(World.ruleCatalogues).systems.first { $0.id == "pims" })
        let r40 = try #require(pims.rules.first { $0.id == "R40" })
        let faulted = try #require(r40.branches.first { $0.name == "2351" })
        #expect(faulted.count == 0)
        #expect(faulted.injected == 1)
        #expect(faulted.reached)
        #expect(pims.branchesHit == 2)
        #expect(pims.branchesByFaultOnly == 1)
        // A code answered by a fault is not one the system answered.
        #expect(!pims.codesHit.contains("2351"))
        let table = coverage.report(World.ruleCatalogues).table
        #expect(table.contains("2351×1 by fault"))
        #expect(table.contains("(1 of them by an injected fault only)"))
    }

    @Test func aBranchReachedBothWaysCountsOnceAndShowsBoth() throws {
        var coverage = Coverage()
        coverage.add(Self.trace("R3", "2307", injected: false), code: "2307")
        coverage.add(Self.trace("R3", "2307", injected: true), code: "2307")
        let report = coverage.report(World.ruleCatalogues)
        let pims = try #require(report.systems.first { $0.id == "pims" })
        #expect(pims.branchesHit == 1)
        #expect(pims.branchesByFaultOnly == 0)
        #expect(report.table.contains("2307×1 +1 by fault"))
        #expect(report.markdown.contains("2307×1 +1 by fault"))
    }
}
