import Explore
import SimKernel
import Testing

/// What the field dictionary takes from the world, and how branches are named.
@Suite struct HarvestAndTargetTests {
    @Test func theCodesShownAreKeptNotIdsOrTimes() {
        var harvest = Harvest()
        harvest.take(["transactionId": "tx-000042", "at": "2026-01-05T09:00:00Z",
                      "sms": ["text": "Your enrollment code is 4821", "to": "+33612345678"],
                      "token": "K7PQ2XZA", "vin": "VR1AB12C3D4567890", "count": 12])
        #expect(harvest.digits.contains("4821"))
        #expect(!harvest.digits.contains("000042"), "a transaction id is not typed back")
        #expect(!harvest.digits.contains("2026"), "a time is not typed back")
        #expect(harvest.tokens == ["K7PQ2XZA"])
        #expect(harvest.vins == ["VR1AB12C3D4567890"])
        #expect(harvest.digits(count: 4...4) == ["4821"])
    }

    @Test func theNewestValueComesFirstAndFewAreKept() {
        var harvest = Harvest()
        for code in 1000..<1010 { harvest.take(.string("code \(code)")) }
        #expect(harvest.digits.first == "1009")
        #expect(harvest.digits.count == 6)
    }

    @Test func branchesAreNamedForFilesAndForReach() throws {
        #expect(ExploreTarget.branch(system: "pims", rule: "R11", branch: "step 8 · already enrolled").fileStem == "pims-r11-step-8-already-enrolled")
        #expect(ExploreTarget.branch(system: "casa", rule: "C6", branch: "ERROR_BIOMETRIC_FAILED").fileStem == "casa-c6-error_biometric_failed")
        let reach = try #require(ExploreTarget.parseBranch("R11:2317"))
        #expect(reach.system == nil && reach.rule == "R11" && reach.branch == "2317")
        let named = try #require(ExploreTarget.parseBranch("pims:R11:step 8"))
        #expect(named.system == "pims" && named.branch == "step 8")
        #expect(ExploreTarget.parseBranch("R11") == nil)
        #expect(ExploreTarget.parseBranch("R11:") == nil)
        #expect(ExploreTarget.branch(system: "pims", rule: "R11", branch: "2317").matches(system: nil, rule: "r11", branch: "2317"))
        #expect(!ExploreTarget.branch(system: "pims", rule: "R11", branch: "2317").matches(system: "futurae", rule: "R11", branch: "2317"))
    }
}
