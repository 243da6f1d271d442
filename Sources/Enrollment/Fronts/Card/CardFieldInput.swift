import PIMS

/// CA Strong Authentication's fields as the user types them (docs/card-rules.md §2): the user PIN of 4
/// to 8 digits, the activation code of 8 digits, and the shop's amount with its decimals.
public enum CardFieldInput {
    public static let pinLengths = 4...8
    public static let activationCodeLength = 8
    /// `99999999.999`: more is never a purchase.
    public static let amountLimit = 12
}

extension FieldKind {
    public static let cardPin = FieldKind("cardPin", look: .boxes(lengths: CardFieldInput.pinLengths), movesOn: true, isSecret: true,
                                          sendsAsTyped: true, limit: { _, _ in CardFieldInput.pinLengths.upperBound }, problem: { value, _ in
        if value.isEmpty { return "enter 4 to 8 digits" }
        if !value.isDigitString { return "digits only" }
        return CardFieldInput.pinLengths.contains(value.count) ? nil : "the PIN has 4 to 8 digits"
    }, refusal: { c, value, _ in
        if !c.isASCIIDigit { return "digits only: '\(c)' refused" }
        return value.count >= CardFieldInput.pinLengths.upperBound ? "the PIN has at most 8 digits" : nil
    })

    public static let activationCode = FieldKind("activationCode", look: .text(placeholder: "8 digits"), movesOn: true,
                                                 sendsAsTyped: true, limit: { _, _ in CardFieldInput.activationCodeLength }, problem: { value, _ in
        if value.isEmpty { return "enter the 8 digits the bank gave" }
        if !value.isDigitString { return "digits only" }
        return value.count == CardFieldInput.activationCodeLength ? nil : "8 digits (\(value.count) typed)"
    }, refusal: { c, value, _ in
        if !c.isASCIIDigit { return "digits only: '\(c)' refused" }
        return value.count >= CardFieldInput.activationCodeLength ? "the code has 8 digits" : nil
    })

    public static let amount = FieldKind("amount", look: .text(placeholder: "49.99"), limit: { _, _ in CardFieldInput.amountLimit }, problem: { value, _ in
        if value.isEmpty { return "enter an amount, e.g. 49.99" }
        return value.first == "." || value.last == "." ? "digits, with decimals after one point" : nil
    }, refusal: { c, value, _ in
        if !(c.isASCIIDigit || (c == "." && !value.contains("."))) { return "digits and one decimal point: '\(c)' refused" }
        return value.count >= CardFieldInput.amountLimit ? "at most \(CardFieldInput.amountLimit) characters" : nil
    })
}

extension FieldID {
    public static let cardPin = FieldID("cardPin", "PIN", .cardPin), cardPinConfirm = FieldID("cardPinConfirm", "PIN again", .cardPin)
    public static let displayName = FieldID("displayName", "Display name"), activationCode = FieldID("activationCode", "Activation code", .activationCode)
    public static let merchant = FieldID("merchant", "Merchant"), amount = FieldID("amount", "Amount", .amount)
    public static let currency = FieldID("currency", "Currency"), cardNumber = FieldID("cardNumber", "Card")
}
