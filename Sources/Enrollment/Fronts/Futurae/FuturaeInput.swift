import Futurae

/// Futurae's fields as the user types them (docs/futurae-rules.md §2): the SDK PIN of 4 to 8 digits, the
/// shortcode of 16 digits (the screen draws the spaces of its groups of four), the binding token
/// of 8 characters from A–Z and 2–9.
public enum FuturaeInput {
    public static let sdkPinLengths = 4...8
    public static let shortCodeLength = 16
    public static let bindingTokenLength = 8
    /// A QR code holds at most a few hundred characters; a typed payload stops at 512.
    public static let qrPayloadLimit = 512
    static let tokenAlphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789")

    /// The shortcode as the back office shows it: `1234 5678 9012 3456`.
    public static func grouped(_ digits: String) -> String { FieldLook.inGroupsOfFour(digits) }
}

extension FieldKind {
    public static let sdkPin = FieldKind("sdkPin", look: .boxes(lengths: FuturaeInput.sdkPinLengths), movesOn: true, isSecret: true,
                                         sendsAsTyped: true, limit: { _, _ in FuturaeInput.sdkPinLengths.upperBound }, problem: { value, _ in
        if value.isEmpty { return "enter 4 to 8 digits" }
        if !value.isDigitString { return "digits only" }
        return FuturaeInput.sdkPinLengths.contains(value.count) ? nil : "an SDK PIN has 4 to 8 digits"
    }, refusal: { c, value, _ in
        if !c.isASCIIDigit { return "digits only: '\(c)' refused" }
        return value.count >= FuturaeInput.sdkPinLengths.upperBound ? "an SDK PIN has at most 8 digits" : nil
    })

    public static let shortCode = FieldKind("shortCode", look: .groupsOfFour, sendsAsTyped: true, limit: { _, _ in FuturaeInput.shortCodeLength }, problem: { value, _ in
        if value.isEmpty { return "enter the 16 digits the service shows" }
        if !value.isDigitString { return "digits only" }
        return value.count == FuturaeInput.shortCodeLength ? nil : "16 digits (\(value.count) typed)"
    }, refusal: { c, value, _ in
        if !c.isASCIIDigit { return c == " " ? "the spaces are drawn for you" : "digits only: '\(c)' refused" }
        return value.count >= FuturaeInput.shortCodeLength ? "the shortcode has 16 digits" : nil
    })

    public static let bindingToken = FieldKind("bindingToken", look: .text(placeholder: "8 letters and digits"), uppercased: true,
                                               sendsAsTyped: true, limit: { _, _ in FuturaeInput.bindingTokenLength }, problem: { value, _ in
        if value.isEmpty { return "enter the 8 characters the web session shows" }
        if !value.allSatisfy(FuturaeInput.tokenAlphabet.contains) { return "letters A–Z and digits 2–9 only" }
        return value.count == FuturaeInput.bindingTokenLength ? nil : "the token has 8 characters"
    }, refusal: { c, value, _ in
        if !FuturaeInput.tokenAlphabet.contains(c) { return "letters A–Z and digits 2–9 only: '\(c)' refused" }
        return value.count >= FuturaeInput.bindingTokenLength ? "the token has 8 characters" : nil
    })
}

extension FieldKind {
    /// What a QR code holds, typed on the phone instead of scanned (a code from elsewhere, or a
    /// malformed one on purpose): one line of text.
    public static let qrPayload = FieldKind("qrPayload", look: .text(placeholder: "futurae://enroll?activation_code=…"),
                                            sendsAsTyped: true, limit: { _, _ in FuturaeInput.qrPayloadLimit }, problem: { value, _ in
        value.isEmpty ? "type or paste what the QR code holds" : nil
    }, refusal: { c, value, _ in
        if c.isNewline { return "one line only" }
        return value.count >= FuturaeInput.qrPayloadLimit ? "at most \(FuturaeInput.qrPayloadLimit) characters" : nil
    })
}

extension FieldID {
    public static let qrPayload = FieldID("qrPayload", "Payload", .qrPayload)
    public static let shortCode = FieldID("shortCode", "Shortcode", .shortCode), bindingToken = FieldID("bindingToken", "Binding token", .bindingToken)
    public static let sdkPin = FieldID("sdkPin", "SDK PIN", .sdkPin), sdkPinConfirm = FieldID("sdkPinConfirm", "SDK PIN again", .sdkPin)
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
