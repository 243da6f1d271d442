import Explore

/// The card app's seed walks (Assets/walks/seeds/card-*.jsonl): the deep flows of CA Strong
/// Authentication as a QA user walks them by keys, so that `enrollsim explore` starts near their
/// branches (Sapienz seeds its search with existing tests). Each seed names the branches it reaches;
/// `CardSeedTests` checks that it still does, and ENROLLSIM_RECORD_SEEDS=1 writes the walks.
enum CardSeeds {
    struct Seed: Sendable {
        let name: String
        let scenario: String
        let title: String
        let inputs: [ExploreInput]
        /// `C2 ok`, `C5 ERROR_PIN_LOCKED`: what the walk reaches, in the trace's words.
        let branches: [String]
    }

    static func keys(_ names: String...) -> [ExploreInput] { names.map { .key($0) } }
    /// Typed a character at a time, as a user types.
    static func typed(_ text: String) -> [ExploreInput] { text.map { .key(String($0)) } }

    /// The session screen, then Home ▸ Shop & issuer, Enter pays (Book Corner, 49.99 EUR, •••• 8888:
    /// the replacement card, an auto enrollment), F6 opens the push on the phone (C2).
    static let payAndOpen = keys("Enter", "↓", "Enter", "Enter", "F6")
    /// The simulator panel's clock, five times its 60 seconds: a purchase's 300 s are over.
    static let fiveMinutesOnThePanel = keys("F8", "a", "a", "a", "a", "a", "Esc")
    /// The panel's `b` pushes a purchase with its Card field's card (•••• 4242: the standard flow).
    static let buyWith4242 = keys("F8", "b", "Esc", "F6")

    static let all: [Seed] = [
        Seed(name: "card-expired-purchase", scenario: "card-replacement",
             title: "A purchase left to expire on the phone, then the app opened with no push (C2)",
             inputs: payAndOpen + keys("w", "w", "w", "w", "w", "Enter", "o"),
             branches: ["C2 ok", "C2 ERROR_TRANSACTION_EXPIRED", "C2 ERROR_NO_TRANSACTION"]),
        Seed(name: "card-no-too-late", scenario: "card-replacement",
             title: "NO to a purchase whose time ran out while the phone showed it (C4)",
             inputs: payAndOpen + fiveMinutesOnThePanel + keys("n"),
             branches: ["C4 ERROR_TRANSACTION_EXPIRED"]),
        Seed(name: "card-pin-too-late", scenario: "card-replacement",
             title: "The PIN sent after the purchase expired (C3, C5)",
             inputs: payAndOpen + keys("y", "e") + fiveMinutesOnThePanel + typed("1234") + keys("Enter"),
             branches: ["C3 ok", "C5 ERROR_TRANSACTION_EXPIRED"]),
        Seed(name: "card-biometric-too-late", scenario: "card-replacement",
             title: "The biometric prompt answered after the purchase expired (C6)",
             inputs: payAndOpen + keys("y", "b") + fiveMinutesOnThePanel + keys("s"),
             branches: ["C6 ERROR_TRANSACTION_EXPIRED"]),
        Seed(name: "card-name-too-late", scenario: "card-replacement",
             title: "The new card named after the verified purchase expired (C5, C7)",
             inputs: payAndOpen + keys("y", "e") + typed("1234") + keys("Enter") + fiveMinutesOnThePanel + typed("Travel") + keys("Enter"),
             branches: ["C5 ok", "C7 ERROR_TRANSACTION_EXPIRED"]),
        Seed(name: "card-standard-too-late", scenario: "card-replacement",
             title: "The standard flow's PIN sent after the purchase expired (C8)",
             inputs: keys("Enter") + buyWith4242 + fiveMinutesOnThePanel + keys("y") + typed("1234") + keys("Enter"),
             branches: ["C8 ERROR_TRANSACTION_EXPIRED"]),
        Seed(name: "card-standard-flow", scenario: "card-replacement",
             title: "The standard flow: a wrong PIN, the right one; then three wrong PINs (C8)",
             inputs: keys("Enter") + buyWith4242 + keys("y") + typed("0000") + keys("Enter") + typed("1234") + keys("Enter", "Enter")
                 + buyWith4242 + keys("y") + (0..<3).flatMap { _ in typed("0000") + keys("Enter") },
             branches: ["C8 ok", "C8 ERROR_INVALID_PIN", "C8 ERROR_ATTEMPTS_EXHAUSTED"]),
        Seed(name: "card-pin-locked", scenario: "card-replacement",
             title: "Three wrong PINs lock the PIN; the next purchases meet the lock (C5, C6, C8)",
             inputs: keys("Enter", "↓", "Enter", "Enter", "Enter", "F6", "y", "e")
                 + (0..<3).flatMap { _ in typed("0000") + keys("Enter") }
                 + keys("Enter", "o", "y", "e") + typed("1234") + keys("Enter")
                 + keys("Enter", "o", "y", "b", "s")
                 + keys("Esc", "Esc") + buyWith4242 + keys("y") + typed("1234") + keys("Enter"),
             branches: ["C5 ERROR_INVALID_PIN", "C5 ERROR_ATTEMPTS_EXHAUSTED", "C5 ERROR_PIN_LOCKED", "C6 ERROR_PIN_LOCKED",
                        "C8 ERROR_PIN_LOCKED"]),
        Seed(name: "card-send-as-typed", scenario: "card-replacement",
             title: "Send as typed: a PIN too short (C0), then an empty name for the new card (C7)",
             inputs: payAndOpen + keys("y", "e", "Ctrl-X") + typed("12") + keys("Enter", "Enter", "Enter", "y", "e") + typed("1234")
                 + keys("Enter", "Enter") + typed("Travel") + keys("Enter"),
             branches: ["C0 ERROR_INVALID_PARAMETER", "C5 ok", "C7 ERROR_INVALID_PARAMETER", "C7 ok"]),
        Seed(name: "card-biometric", scenario: "card-replacement",
             title: "The biometric prompt cancelled, then recognising the user (C6)",
             inputs: payAndOpen + keys("y", "b", "c", "b", "s"),
             branches: ["C6 ERROR_BIOMETRIC_CANCELLED", "C6 ok"]),
        Seed(name: "card-say-no", scenario: "card-replacement",
             title: "NO: not my purchase (C4)",
             inputs: payAndOpen + keys("n"),
             branches: ["C4 ok"]),
        Seed(name: "card-disabled-after-purchase", scenario: "card-replacement",
             title: "The issuer disables the card while its purchase waits: the standard flow's PIN meets it (C8)",
             inputs: keys("Enter") + buyWith4242 + keys("F8", "x", "Esc", "y") + typed("1234") + keys("Enter"),
             branches: ["C8 ERROR_INACTIVE_ACCOUNT"]),
        Seed(name: "card-inactive-pin", scenario: "card-inactive",
             title: "Every linked card inactive: the PIN meets it (C5)",
             inputs: payAndOpen + keys("y", "e") + typed("1234") + keys("Enter"),
             branches: ["C5 ERROR_INACTIVE_ACCOUNT"]),
        Seed(name: "card-inactive-biometric", scenario: "card-inactive",
             title: "Every linked card inactive: the biometric prompt meets it too (C6)",
             inputs: payAndOpen + keys("y", "b", "s"),
             branches: ["C6 ERROR_INACTIVE_ACCOUNT"]),
        Seed(name: "card-first-activation", scenario: "card-activation",
             title: "Display Accounts: the PIN before any activation, a wrong code, the code, the PIN as typed and twice, a delete (C9–C12)",
             inputs: keys("Enter", "↓", "↓", "Enter", "s") + typed("2468") + keys("Tab") + typed("2468") + keys("Enter", "Esc", "Esc", "a")
                 + typed("00000000") + keys("Tab") + typed("Everyday") + keys("Enter", "Esc", "Esc", "a") + typed("40718263") + keys("Tab")
                 + typed("Everyday") + keys("Enter", "Ctrl-X") + typed("12") + keys("Tab") + typed("12") + keys("Enter", "Esc", "Esc", "s", "Ctrl-X")
                 + typed("2468") + keys("Tab") + typed("2468") + keys("Enter", "s") + typed("1357") + keys("Tab") + typed("1357")
                 + keys("Enter", "Esc", "Esc", "d", "Enter"),
             branches: ["C9 ok", "C12 ERROR_PIN_NOT_SET", "C11 ERROR_INVALID_ACTIVATION_CODE", "C11 ok", "C12 ERROR_INVALID_PARAMETER",
                        "C12 ok", "C12 ERROR_PIN_ALREADY_SET", "C10 ok"]),
        Seed(name: "card-inactive-code", scenario: "card-replacement",
             title: "An activation code of a card the issuer made inactive since (C11)",
             inputs: keys("Enter", "F8", "v", "x", "Esc", "↓", "↓", "Enter", "a") + typed(inactiveCode) + keys("Tab") + typed("Spare") + keys("Enter"),
             branches: ["C11 ERROR_INACTIVE_ACCOUNT"]),
    ] + answeredElsewhere

    /// The panel's back office on the purchase the phone shows: `k` another phone of the cardholder
    /// says NO, `y` the bank withdraws the purchase; then the phone answers (C4–C8).
    static func onThePanel(_ key: String) -> [ExploreInput] { keys("F8", key, "Esc") }
    static let answeredElsewhere: [Seed] = [
        Seed(name: "card-other-phone-no", scenario: "card-replacement",
             title: "Another phone of the cardholder says NO first: this phone's NO is too late (C4)",
             inputs: payAndOpen + onThePanel("k") + keys("n"),
             branches: ["C4 ERROR_TRANSACTION_CLOSED"]),
        Seed(name: "card-other-phone-pin", scenario: "card-replacement",
             title: "Another phone of the cardholder says NO first: this phone's PIN is too late (C5)",
             inputs: payAndOpen + onThePanel("k") + keys("y", "e") + typed("1234") + keys("Enter"),
             branches: ["C5 ERROR_TRANSACTION_CLOSED"]),
        Seed(name: "card-other-phone-biometric", scenario: "card-replacement",
             title: "Another phone of the cardholder says NO first: this phone's fingerprint is too late (C6)",
             inputs: payAndOpen + onThePanel("k") + keys("y", "b", "s"),
             branches: ["C6 ERROR_TRANSACTION_CLOSED"]),
        Seed(name: "card-other-phone-standard", scenario: "card-replacement",
             title: "Another phone of the cardholder says NO to the standard purchase first: this phone's PIN is too late (C8)",
             inputs: keys("Enter") + buyWith4242 + onThePanel("k") + keys("y") + typed("1234") + keys("Enter"),
             branches: ["C8 ERROR_TRANSACTION_CLOSED"]),
        Seed(name: "card-other-phone-after-pin", scenario: "card-replacement",
             title: "The PIN verified here, then another phone says NO: the new card's name has nothing to wait for (C5, C7)",
             inputs: payAndOpen + keys("y", "e") + typed("1234") + keys("Enter") + onThePanel("k") + typed("Travel") + keys("Enter"),
             branches: ["C5 ok", "C7 ERROR_NOT_VERIFIED"]),
        Seed(name: "card-withdrawn-no", scenario: "card-replacement",
             title: "The bank withdraws the purchase the phone shows: NO to it is unknown (C4)",
             inputs: payAndOpen + onThePanel("y") + keys("n"),
             branches: ["C4 ERROR_NO_TRANSACTION"]),
        Seed(name: "card-withdrawn-pin", scenario: "card-replacement",
             title: "The bank withdraws the purchase the phone shows: the PIN for it is unknown (C5)",
             inputs: payAndOpen + onThePanel("y") + keys("y", "e") + typed("1234") + keys("Enter"),
             branches: ["C5 ERROR_NO_TRANSACTION"]),
        Seed(name: "card-withdrawn-biometric", scenario: "card-replacement",
             title: "The bank withdraws the purchase the phone shows: the fingerprint for it is unknown (C6)",
             inputs: payAndOpen + onThePanel("y") + keys("y", "b", "s"),
             branches: ["C6 ERROR_NO_TRANSACTION"]),
        Seed(name: "card-withdrawn-standard", scenario: "card-replacement",
             title: "The bank withdraws the standard purchase the phone shows: the PIN for it is unknown (C8)",
             inputs: keys("Enter") + buyWith4242 + onThePanel("y") + keys("y") + typed("1234") + keys("Enter"),
             branches: ["C8 ERROR_NO_TRANSACTION"]),
    ]

    /// The code the issuer gives •••• 4242 first on card-replacement (the world's seeded codes).
    static let inactiveCode = "90474521"
}
