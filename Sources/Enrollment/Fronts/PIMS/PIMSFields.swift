import PIMS

/// PIMS's fields and what they hold: the PIN and the SMS code (bounded by the backend's policy),
/// the phone number and the VIN.
extension FieldKind {
    public static let pin = FieldKind("pin", look: .boxes { typed, caret, policy in max(policy.pinMinLength, min(policy.pinMaxLength, typed + (caret ? 1 : 0))) },
                                      movesOn: true, isSecret: true, sendsAsTyped: true, limit: { _, policy in policy.pinMaxLength },
                                      problem: { value, policy in
        if value.isEmpty { return "enter \(policy.pinLengths)" }
        if !value.isDigitString { return "digits only" }
        if value.count < policy.pinMinLength || value.count > policy.pinMaxLength { return "a PIN has \(policy.pinLengths)" }
        return nil
    }, refusal: { c, value, policy in
        if !c.isASCIIDigit { return "digits only: '\(c)' refused" }
        return value.count >= policy.pinMaxLength ? "a PIN has at most \(policy.pinMaxLength) digits" : nil
    })

    public static let smsCode = FieldKind("smsCode", look: .boxes { typed, _, policy in max(policy.smsCodeLength, typed) }, movesOn: true,
                                          sendsAsTyped: true, limit: { _, policy in policy.smsCodeLength }, problem: { value, policy in
        if value.isEmpty { return "enter the \(policy.smsCodeLength)-digit code" }
        if !value.isDigitString { return "digits only" }
        if value.count != policy.smsCodeLength { return "the code has \(policy.smsCodeLength) digits" }
        return nil
    }, refusal: { c, value, policy in
        if !c.isASCIIDigit { return "digits only: '\(c)' refused" }
        return value.count >= policy.smsCodeLength ? "the code has \(policy.smsCodeLength) digits" : nil
    })

    public static let phone = FieldKind("phone", look: .text(placeholder: "0612345678 or +33612345678"),
                                        sendsAsTyped: true, limit: { value, _ in value.hasPrefix("+") ? 16 : 10 }, problem: { value, _ in
        if value.isEmpty { return "enter a phone number" }
        return PhoneNumber(value) == nil ? "10 digits starting with 0, or + and 8 to 15 digits" : nil
    }, refusal: { c, value, _ in
        let plusAllowed = c == "+" && value.isEmpty
        if !c.isASCIIDigit && !plusAllowed { return "digits (and a leading +) only: '\(c)' refused" }
        let limit = value.hasPrefix("+") ? 16 : 10
        return value.count >= limit ? "a phone number has at most \(value.hasPrefix("+") ? "15 digits after +" : "10 digits")" : nil
    })

    public static let vin = FieldKind("vin", look: .text(placeholder: "17 letters and digits"), uppercased: true, sendsAsTyped: true, limit: { _, _ in 17 },
                                      problem: { value, _ in
        if value.isEmpty { return "enter a VIN" }
        return VIN(value) == nil ? "17 letters and digits, without I, O or Q" : nil
    }, refusal: { c, value, _ in
        if !(c.isASCIIDigit || ("A"..."Z").contains(c)) { return "letters and digits only: '\(c)' refused" }
        if "IOQ".contains(c) { return "a VIN never holds I, O or Q" }
        return value.count >= 17 ? "a VIN has 17 characters" : nil
    })
}

extension FieldID {
    public static let phone = FieldID("phone", "Phone number", .phone), smsCode = FieldID("smsCode", "SMS code", .smsCode)
    public static let pin = FieldID("pin", "PIN", .pin), pinConfirm = FieldID("pinConfirm", "PIN again", .pin)
    public static let oldPIN = FieldID("oldPIN", "Current PIN", .pin), newPIN = FieldID("newPIN", "New PIN", .pin)
    public static let newPINConfirm = FieldID("newPINConfirm", "New PIN again", .pin)
    public static let vin = FieldID("vin", "VIN", .vin)
    /// The remote commands' parameters (3-1) and the simulator's battery level (R46).
    public static let startNow = FieldID("startNow", "startNow"), deferredTime = FieldID("deferredTime", "deferredTime")
    public static let checkStartCharge = FieldID("checkStartCharge", "checkStartCharge"), programs = FieldID("programs", "programs")
    public static let batteryLevel = FieldID("batteryLevel", "Battery %")
}
