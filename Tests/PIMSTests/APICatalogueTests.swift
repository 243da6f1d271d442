import PIMS
import Testing

@Suite("API catalogue")
struct APICatalogueTests {
    @Test(arguments: APICatalogue.all)
    func everyEntryParsesToItsRule(entry: APIEntry) throws {
        #expect(try PIMSCall.parse(APICatalogue.exampleRequest(entry)).rule == entry.rule)
    }

    @Test(arguments: APICatalogue.all.filter { !$0.required.isEmpty && $0.name != "pims.subscription.steps" })
    func everyRequiredParameterIsRequired(entry: APIEntry) {
        for parameter in entry.required {
            var request = APICatalogue.exampleRequest(entry)
            request.params[parameter] = nil
            #expect(throws: PIMSError.missing(parameter), "\(entry.title) without \(parameter)") { try PIMSCall.parse(request) }
        }
    }

    @Test func everyRuleWithACallIsCatalogued() {
        let rules = Set(APICatalogue.all.map(\.rule))
        let expected = ["R0a", "R0b"] + (1...25).filter { ![7, 17].contains($0) }.map { "R\($0)" }  // R7 and R17 are checks inside others
        #expect(rules == Set(expected))
    }
}
