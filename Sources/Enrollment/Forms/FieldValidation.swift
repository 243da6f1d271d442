import PIMS

/// Validation as the user types. Without "send as typed", a key that cannot belong to the value
/// (a letter in a PIN, a 7th PIN digit) is refused with a message; with it, everything is taken so
/// that QA can make the backend answer 2101/2102, and the message only warns.
public enum FieldValidation {
    /// The problem with a whole value, or nil when it can be sent.
    public static func problem(_ value: String, kind: FieldKind, policy: PINPolicy) -> String? {
        switch kind {
        case .pin:
            if value.isEmpty { return "enter \(policy.pinLengths)" }
            if !value.isDigitString { return "digits only" }
            if value.count < policy.pinMinLength || value.count > policy.pinMaxLength { return "a PIN has \(policy.pinLengths)" }
            return nil
        case .smsCode:
            if value.isEmpty { return "enter the \(policy.smsCodeLength)-digit code" }
            if !value.isDigitString { return "digits only" }
            if value.count != policy.smsCodeLength { return "the code has \(policy.smsCodeLength) digits" }
            return nil
        case .phone:
            if value.isEmpty { return "enter a phone number" }
            if PhoneNumber(value) == nil { return "10 digits starting with 0, or + and 8 to 15 digits" }
            return nil
        case .vin:
            if value.isEmpty { return "enter a VIN" }
            if VIN(value) == nil { return "17 letters and digits, without I, O or Q" }
            return nil
        case .number:
            return Int(value).map { $0 >= 0 ? nil : "a whole number ≥ 0" } ?? "a whole number"
        case .text, .password:
            return value.isEmpty ? "required" : nil
        case .sdkPin, .shortCode, .bindingToken:
            return FuturaeInput.problem(value, kind: kind)
        case .cardPin, .activationCode, .amount:
            return CardFieldInput.problem(value, kind: kind)
        }
    }

    /// Why `c` may not be typed after `value`, or nil when it may.
    public static func refusal(_ c: Character, after value: String, kind: FieldKind, policy: PINPolicy) -> String? {
        switch kind {
        case .pin:
            if !c.isASCIIDigit { return "digits only: '\(c)' refused" }
            if value.count >= policy.pinMaxLength { return "a PIN has at most \(policy.pinMaxLength) digits" }
        case .smsCode:
            if !c.isASCIIDigit { return "digits only: '\(c)' refused" }
            if value.count >= policy.smsCodeLength { return "the code has \(policy.smsCodeLength) digits" }
        case .phone:
            let plusAllowed = c == "+" && value.isEmpty
            if !c.isASCIIDigit && !plusAllowed { return "digits (and a leading +) only: '\(c)' refused" }
            let limit = value.hasPrefix("+") ? 16 : 10
            if value.count >= limit { return "a phone number has at most \(value.hasPrefix("+") ? "15 digits after +" : "10 digits")" }
        case .vin:
            if !(c.isASCIIDigit || ("A"..."Z").contains(c)) { return "letters and digits only: '\(c)' refused" }
            if "IOQ".contains(c) { return "a VIN never holds I, O or Q" }
            if value.count >= 17 { return "a VIN has 17 characters" }
        case .number:
            if !c.isASCIIDigit { return "digits only: '\(c)' refused" }
            if value.hasAtLeast(numberLimit) { return "at most \(numberLimit) digits" }
        case .text, .password:
            if c.isNewline { return "one line only" }
            if value.hasAtLeast(textLimit) { return "at most \(textLimit) characters" }
        case .sdkPin, .shortCode, .bindingToken:
            return FuturaeInput.refusal(c, after: value, kind: kind)
        case .cardPin, .activationCode, .amount:
            return CardFieldInput.refusal(c, after: value, kind: kind)
        }
        return nil
    }

    /// A VIN is typed in capitals whatever the shift key says.
    static func normalised(_ c: Character, kind: FieldKind) -> Character {
        kind == .vin || kind == .bindingToken ? Character(c.uppercased()) : c
    }
}
