@testable import PIMS
import SimKernel
import Testing

/// An input error (§1) is traced as the call's rule only where that rule lists the code among its
/// branches, and the API names one rule alone (coverage counts R18's and R23's malformed VIN).
@Suite struct InputErrorRuleTests {
    @Test func aMalformedVINIsTheBranchOfTheRuleThatNamesIt() {
        let invalid = PIMSError.invalid("vin")
        #expect(PIMSSystem.ruleNaming(invalid, of: PIMSRequests.selectVehicle("ABC")) == "R23")
        #expect(PIMSSystem.ruleNaming(invalid, of: PIMSRequests.removeProperty("ABC")) == "R18")
    }

    @Test func anInputErrorNoRuleListsBelongsToNone() {
        // R10 lists no 2102; R19 and R21 share an API and both list it; 2101 is listed by R11 only.
        #expect(PIMSSystem.ruleNaming(.invalid("smsCode"), of: PIMSRequests.checkEnrollmentCode(.string("12a"))) == nil)
        #expect(PIMSSystem.ruleNaming(.invalid("vin"), of: PIMSRequests.steps(vin: "ABC", reset: false, filter: .all)) == nil)
        #expect(PIMSSystem.ruleNaming(.missing("vin"), of: PIMSRequests.selectVehicle(nil)) == nil)
    }
}
