import SimKernel
import Testing

/// The kernel's control answers and events are read with the same keys they are written with.
@Suite struct KernelAnswerTests {
    static let t = SimTime(iso8601: "2026-01-05T09:00:00Z")!

    @Test func whatTheKernelWritesIsReadBack() {
        #expect(SimAnswer.success(KernelAnswer.now(Self.t)).now == "2026-01-05T09:00:00Z")
        #expect(SimAnswer.success(KernelAnswer.scenario("seed-000")).scenario == "seed-000")
        let first = KernelAnswer.bookmark(name: "before", at: Self.t), second = KernelAnswer.bookmark(name: "after", at: Self.t + 60)
        let taken = SimAnswer.success(KernelAnswer.bookmarks([first, second], taken: second))
        #expect(taken.bookmarkNames == ["before", "after"] && taken.bookmarkedAt == "2026-01-05T09:01:00Z")
        let restored = SimAnswer.success(KernelAnswer.restored(first, now: Self.t))
        #expect(restored.bookmarkedAt == "2026-01-05T09:00:00Z" && restored.now == "2026-01-05T09:00:00Z")
        let rule = FaultRule(name: "pims.vehicle.vin", code: 2201)
        #expect(SimAnswer.success(FaultRule.report([rule])).faultRules == [rule])
        let event = SimEvent(id: 1, kind: .faultsChanged, data: .object(FaultRule.report([rule])), at: Self.t)
        #expect(event.faultRules == [rule])
        #expect(SimEvent(id: 2, kind: .worldReloaded, data: .object(KernelAnswer.scenario("card-fresh")), at: Self.t).scenario == "card-fresh")
    }

    @Test func whatIsMissingOrMalformedReadsAsNothing() {
        let wrong = SimAnswer.success(["now": 5, "scenario": ["name": "x"], "rules": "all", "bookmarks": [["at": "x"], 3], "bookmark": "b"])
        #expect(wrong.now == nil && wrong.scenario == nil && wrong.faultRules.isEmpty && wrong.bookmarkNames.isEmpty && wrong.bookmarkedAt == nil)
        #expect(SimAnswer.failure("no").now == nil)
    }
}
