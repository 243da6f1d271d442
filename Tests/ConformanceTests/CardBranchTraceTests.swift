import Card
import SimKernel
import Testing

/// Coverage counts a branch by the rule and code the answer's trace names: each branch the card rules
/// answer (the contract's and its decisions') is traced under the rule the contract gives it, and
/// the rule catalogue lists it there, or a coverage report would call it unlisted, or never reached.
@Suite("Card: every branch the rules answer is traced under its rule and listed in the catalogue")
struct CardBranchTraceTests {
    /// The rule and branch an answer's trace names, and whether the catalogue lists that branch.
    static func traced(_ response: CallResponse) -> (rule: String?, branch: String?, listed: Bool) {
        let t = response.trace
        let listed = CardSystem.ruleCatalogue.rules.first { $0.id == t?.rule }?.branches.contains(t?.branch ?? "") == true
        return (t?.rule, t?.branch, listed)
    }

    static func expectBranch(_ response: CallResponse, _ rule: String, _ error: CardError, sourceLocation: SourceLocation = #_sourceLocation) {
        let (r, b, listed) = traced(response)
        #expect(r == rule && b == error.code, "traced \(r ?? "–") \(b ?? "–"), expected \(rule) \(error.code)", sourceLocation: sourceLocation)
        #expect(listed, "\(rule) \(error.code) is answered but the catalogue does not list it", sourceLocation: sourceLocation)
    }

    @Test func theSharedChecksOfC6AndC8() async throws {
        // C6 runs C5's checks up to the PIN: the PIN lock among them.
        try await withBackend(.inProcess, "card-replacement") { d in
            try await d.loadYAML(CardScenarios.replacement(pinFailures: 3, pinLocked: true))
            Self.expectBranch(await d.casa.touchID("success", try await d.casa.purchase()), "C6", .pinLocked)
        }
        // C8: the card made inactive after the purchase (decision: at C5's place).
        try await withBackend(.inProcess, "card-replacement") { d in
            let id = try await d.casa.purchase("4242")
            try await d.casa.setCard("4242", "inactive")
            Self.expectBranch(await d.casa.authenticate("1234", id), "C8", .inactiveAccount)
            // C4 on an id this phone never received: the transaction checks' first.
            Self.expectBranch(await d.casa.cancel("FFFFFFFFFFFFFFFF"), "C4", .noTransaction)
        }
    }

    @Test func theDecisionsOfC7C10AndC11() async throws {
        try await withBackend(.inProcess, "card-replacement") { d in
            // C7: verified, then left past its expiry.
            let id = try await d.casa.purchase()
            expectCardSuccess(await d.casa.verifyPIN("1234", id))
            try await d.advance(300)
            Self.expectBranch(await d.casa.autoEnroll(), "C7", .transactionExpired)
            // C10: an account not on this phone.
            Self.expectBranch(await d.casa.delete("acct-0000"), "C10", .invalidParameter)
            // C11: a code of a card made inactive since.
            let code = try await d.casa.newActivationCode("4242")
            try await d.casa.setCard("4242", "inactive")
            Self.expectBranch(await d.casa.verifyActivation(code), "C11", .inactiveAccount)
        }
    }

    /// The contract lists ERROR_INVALID_PARAMETER under C7 (the name) and C12 (the PIN's form): those
    /// rules answer it; a malformed PIN of verifyPIN, which C5 does not list, stays C0's.
    @Test func malformedInputIsTheRuleThatListsIt() async throws {
        try await withBackend(.inProcess, "card-replacement") { d in
            let id = try await d.casa.purchase()
            Self.expectBranch(await d.casa.verifyPIN("12", id), "C0", .invalidParameter)
            expectCardSuccess(await d.casa.verifyPIN("1234", id))
            Self.expectBranch(await d.casa.autoEnroll("   "), "C7", .invalidParameter)
            Self.expectBranch(await d.casa.autoEnroll(String(repeating: "x", count: 33)), "C7", .invalidParameter)
            expectCardSuccess(await d.casa.autoEnroll())  // the refusals changed nothing
        }
        try await withBackend(.inProcess, "card-activation") { d in
            expectCardSuccess(await d.casa.verifyActivation())
            let short = await d.casa.setPin("12")
            expectCardError(short, .invalidParameter, mentioning: "\"pin\" must be 4 to 8 digits")
            Self.expectBranch(short, "C12", .invalidParameter)
            expectCardSuccess(await d.casa.setPin("2468"))
        }
    }
}
