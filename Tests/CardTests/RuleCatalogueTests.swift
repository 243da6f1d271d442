import Card
import SimKernel
import Testing

/// Coverage counts the card rules through this catalogue: it must name every rule of the contract
/// and reach every error code, or a campaign's report would claim untested codes do not exist.
@Suite("Card rule catalogue (coverage)")
struct CardRuleCatalogueTests {
    let catalogue = CardSystem.ruleCatalogue

    @Test("C0 to C12, in the contract's order")
    func everyRule() {
        #expect(catalogue.rules.map(\.id) == (0...12).map { "C\($0)" })
        #expect(catalogue.system == CardSystem.id)
    }

    @Test("Every error code is a branch of some rule, and every branch is ok or a code of the contract")
    func everyCode() {
        let branches = Set(catalogue.rules.flatMap(\.branches))
        let codes = Set(CardError.allCases.map(\.code))
        #expect(codes.subtracting(branches).isEmpty, "codes no rule answers: \(codes.subtracting(branches).sorted())")
        #expect(branches.subtracting(codes).subtracting(["ok"]).isEmpty)
        #expect(Set(catalogue.errorCodes) == codes)
    }
}
