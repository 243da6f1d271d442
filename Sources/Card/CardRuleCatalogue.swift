import SimKernel

/// CA Strong Authentication's contract as coverage counts it (docs/card-rules.md §3 and its
/// decisions): each rule's branches, by the error code the rule answers, or "ok". Every code a rule
/// answers is listed under it, the decisions' too (C6 and C8 share C5's checks; C7 meets an expiry;
/// C11 a card made inactive), or coverage would report an answered branch no rule has. C1 is a
/// simulator control (a purchase), not a call: coverage reads calls, so it lists no branch.
extension CardSystem {
    public static let ruleCatalogue = RuleCatalogue(system: id, rules: cardRules, errorCodes: CardError.allCases.map(\.code).sorted())

    private static func rule(_ id: String, _ summary: String, ok: Bool = true, _ errors: [CardError]) -> RuleCatalogue.Rule {
        let codes: [String] = errors.map(\.code)
        return RuleCatalogue.Rule(id, summary, branches: (ok ? ["ok"] : []) + codes)
    }

    private static let transactionChecks: [CardError] = [.noTransaction, .transactionExpired, .transactionClosed]

    private static let cardRules: [RuleCatalogue.Rule] = [
        rule("C0", "input checks", ok: false, [.invalidParameter]),
        rule("C1", "a purchase pushes the transaction", ok: false, []),
        rule("C2", "transaction details", [.noTransaction, .transactionExpired]),
        rule("C3", "enabled authentication types", []),
        rule("C4", "the user says no", transactionChecks),
        rule("C5", "auto enrollment with the PIN",
             transactionChecks + [.invalidAutoEnrollID, .pinLocked, .inactiveAccount, .invalidPIN, .attemptsExhausted]),
        rule("C6", "auto enrollment with biometrics",
             [.invalidParameter] + transactionChecks
                 + [.invalidAutoEnrollID, .pinLocked, .inactiveAccount, .biometricFailed, .biometricFallback, .biometricCancelled]),
        rule("C7", "the card set up on the phone", [.invalidParameter, .notVerified, .transactionExpired]),
        rule("C8", "the standard transaction flow", [.invalidParameter] + transactionChecks + [.pinLocked, .inactiveAccount, .invalidPIN, .attemptsExhausted]),
        rule("C9", "Display Accounts", []),
        rule("C10", "delete an account", [.invalidParameter]),
        rule("C11", "first-card activation", [.invalidActivationCode, .inactiveAccount]),
        rule("C12", "set the user PIN", [.invalidParameter, .pinAlreadySet, .pinNotSet]),
    ]
}
