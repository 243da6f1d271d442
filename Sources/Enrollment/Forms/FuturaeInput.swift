import Futurae

/// Futurae's fields as the user types them (FUTURAE-BEHAVIOUR §2): the SDK PIN of 4 to 8 digits, the
/// shortcode of 16 digits (the screen draws the spaces of its groups of four), the binding token
/// of 8 characters from A–Z and 2–9.
public enum FuturaeInput {
    public static let sdkPinLengths = 4...8
    public static let shortCodeLength = 16
    public static let bindingTokenLength = 8
    static let tokenAlphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789")

    static func problem(_ value: String, kind: FieldKind) -> String? {
        switch kind {
        case .sdkPin:
            if value.isEmpty { return "enter 4 to 8 digits" }
            if !value.isDigitString { return "digits only" }
            return sdkPinLengths.contains(value.count) ? nil : "an SDK PIN has 4 to 8 digits"
        case .shortCode:
            if value.isEmpty { return "enter the 16 digits the service shows" }
            if !value.isDigitString { return "digits only" }
            return value.count == shortCodeLength ? nil : "16 digits (\(value.count) typed)"
        case .bindingToken:
            if value.isEmpty { return "enter the 8 characters the web session shows" }
            if !value.allSatisfy(tokenAlphabet.contains) { return "letters A–Z and digits 2–9 only" }
            return value.count == bindingTokenLength ? nil : "the token has 8 characters"
        default: return nil
        }
    }

    static func refusal(_ c: Character, after value: String, kind: FieldKind) -> String? {
        switch kind {
        case .sdkPin:
            if !c.isASCIIDigit { return "digits only: '\(c)' refused" }
            if value.count >= sdkPinLengths.upperBound { return "an SDK PIN has at most 8 digits" }
        case .shortCode:
            if !c.isASCIIDigit { return c == " " ? "the spaces are drawn for you" : "digits only: '\(c)' refused" }
            if value.count >= shortCodeLength { return "the shortcode has 16 digits" }
        case .bindingToken:
            if !tokenAlphabet.contains(c) { return "letters A–Z and digits 2–9 only: '\(c)' refused" }
            if value.count >= bindingTokenLength { return "the token has 8 characters" }
        default: break
        }
        return nil
    }

    /// The shortcode as the back office shows it: `1234 5678 9012 3456`.
    public static func grouped(_ digits: String) -> String {
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && i % 4 == 0 { out.append(" ") }
            out.append(c)
        }
        return out
    }
}

extension FieldKind {
    /// Masked unless the user asks to see it.
    public var isSecret: Bool { self == .pin || self == .password || self == .sdkPin || self == .cardPin }
}


extension LockConfigurationType {
    /// A few words for the title bar and the panels.
    public var shortTitle: String {
        switch self {
        case .none: "no lock"
        case .biometricsOnly: "biometrics"
        case .biometricsOrPasscode: "biometrics/passcode"
        case .sdkPinWithBiometricsOptional: "SDK PIN"
        }
    }
}
