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
        // R7 and R17 are checks inside others; R28, R30, R31, R37, R38 and R42–R48 are gates, the clock,
        // payloads, faults, controls and scenarios (docs/pims-rules.md §10–§14).
        let calls = (1...41).filter { ![7, 17, 28, 29, 30, 31, 37, 38].contains($0) }
        let expected = ["R0a", "R0b"] + calls.map { "R\($0)" }
        #expect(rules == Set(expected))
    }
}
