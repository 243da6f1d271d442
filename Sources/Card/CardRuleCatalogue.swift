import SimKernel

/// CA Strong Authentication's contract as coverage counts it (docs/card-rules.md §3): each rule's
/// branches, by the error code the rule answers, or "ok". C1 is a simulator control (a purchase),
/// not a call: coverage reads calls, so it lists no branch.
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
        rule("C4", "the user says no", [.transactionClosed, .transactionExpired]),
        rule("C5", "auto enrollment with the PIN",
             transactionChecks + [.invalidAutoEnrollID, .pinLocked, .inactiveAccount, .invalidPIN, .attemptsExhausted]),
        rule("C6", "auto enrollment with biometrics",
             [.invalidParameter] + transactionChecks
                 + [.invalidAutoEnrollID, .inactiveAccount, .biometricFailed, .biometricFallback, .biometricCancelled]),
        rule("C7", "the card set up on the phone", [.invalidParameter, .notVerified]),
        rule("C8", "the standard transaction flow", [.invalidParameter] + transactionChecks + [.pinLocked, .invalidPIN, .attemptsExhausted]),
        rule("C9", "Display Accounts", []),
        rule("C10", "delete an account", []),
        rule("C11", "first-card activation", [.invalidActivationCode]),
        rule("C12", "set the user PIN", [.invalidParameter, .pinAlreadySet, .pinNotSet]),
    ]
}
