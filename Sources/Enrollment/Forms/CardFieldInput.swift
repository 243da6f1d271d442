import PIMS

/// CA Strong Authentication's fields as the user types them (CARD-BEHAVIOUR §2): the user PIN of 4
/// to 8 digits, the activation code of 8 digits, and the shop's amount with its decimals.
public enum CardFieldInput {
    public static let pinLengths = 4...8
    public static let activationCodeLength = 8
    /// `99999999.999`: more is never a purchase.
    public static let amountLimit = 12

    static func problem(_ value: String, kind: FieldKind) -> String? {
        switch kind {
        case .cardPin:
            if value.isEmpty { return "enter 4 to 8 digits" }
            if !value.isDigitString { return "digits only" }
            return pinLengths.contains(value.count) ? nil : "the PIN has 4 to 8 digits"
        case .activationCode:
            if value.isEmpty { return "enter the 8 digits the bank gave" }
            if !value.isDigitString { return "digits only" }
            return value.count == activationCodeLength ? nil : "8 digits (\(value.count) typed)"
        case .amount:
            if value.isEmpty { return "enter an amount, e.g. 49.99" }
            return value.first == "." || value.last == "." ? "digits, with decimals after one point" : nil
        default: return nil
        }
    }

    static func refusal(_ c: Character, after value: String, kind: FieldKind) -> String? {
        switch kind {
        case .cardPin:
            if !c.isASCIIDigit { return "digits only: '\(c)' refused" }
            if value.count >= pinLengths.upperBound { return "the PIN has at most 8 digits" }
        case .activationCode:
            if !c.isASCIIDigit { return "digits only: '\(c)' refused" }
            if value.count >= activationCodeLength { return "the code has 8 digits" }
        case .amount:
            if !(c.isASCIIDigit || (c == "." && !value.contains("."))) { return "digits and one decimal point: '\(c)' refused" }
            if value.count >= amountLimit { return "at most \(amountLimit) characters" }
        default: break
        }
        return nil
    }
}
