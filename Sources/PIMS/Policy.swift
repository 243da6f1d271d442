import SimKernel


/// The scenario's policy (§2): SMS, PIN, device and strong-authentication limits.
public struct Policy: Sendable, Hashable, Codable {
    public var smsCodeLength = 4
    public var smsCodeLifetimeSeconds = 600
    public var smsChecksPerCode = 5
    public var smsSendsPerWindow = 5
    public var smsSendWindowSeconds = 600
    public var pinMinLength = 4
    public var pinMaxLength = 6
    public var pinFailuresBeforeBlock = 3
    public var maxEnrolledDevices = 5
    public var strongAuthWindowSeconds = 600
    public var otpWithoutPinAllowed = false

    public init() {}

    /// Does `pin` have the policy's form (length within bounds)?
    public func accepts(_ pin: PIN) -> Bool { (pinMinLength...pinMaxLength).contains(pin.digits.count) }

    public var pinFormDescription: String { "a PIN has \(pinMinLength) to \(pinMaxLength) digits" }

    /// Why this policy cannot be used, or nil.
    var problem: (key: String, reason: String)? {
        // Upper bounds keep every sum with the clock far from overflow and within four-digit years.
        let tenYears = 315_360_000
        for (key, value) in [("smsCodeLifetimeSeconds", smsCodeLifetimeSeconds), ("smsSendWindowSeconds", smsSendWindowSeconds),
                             ("strongAuthWindowSeconds", strongAuthWindowSeconds)] where value > tenYears {
            return (key, "must be at most \(tenYears) (ten years)")
        }
        for (key, value) in [("smsChecksPerCode", smsChecksPerCode), ("smsSendsPerWindow", smsSendsPerWindow),
                             ("pinMaxLength", pinMaxLength), ("pinFailuresBeforeBlock", pinFailuresBeforeBlock),
                             ("maxEnrolledDevices", maxEnrolledDevices)] where value > 1_000_000 {
            return (key, "must be at most 1000000")
        }
        if !(1...12).contains(smsCodeLength) { return ("smsCodeLength", "must be between 1 and 12") }
        if smsCodeLifetimeSeconds < 1 { return ("smsCodeLifetimeSeconds", "must be at least 1") }
        if smsChecksPerCode < 1 { return ("smsChecksPerCode", "must be at least 1") }
        if smsSendsPerWindow < 1 { return ("smsSendsPerWindow", "must be at least 1") }
        if smsSendWindowSeconds < 1 { return ("smsSendWindowSeconds", "must be at least 1") }
        if pinMinLength < 1 { return ("pinMinLength", "must be at least 1") }
        if pinMaxLength < pinMinLength { return ("pinMaxLength", "must not be below pinMinLength") }
        if pinFailuresBeforeBlock < 1 { return ("pinFailuresBeforeBlock", "must be at least 1") }
        if maxEnrolledDevices < 1 { return ("maxEnrolledDevices", "must be at least 1") }
        if strongAuthWindowSeconds < 1 { return ("strongAuthWindowSeconds", "must be at least 1") }
        return nil
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case smsCodeLength, smsCodeLifetimeSeconds, smsChecksPerCode, smsSendsPerWindow, smsSendWindowSeconds
        case pinMinLength, pinMaxLength, pinFailuresBeforeBlock, maxEnrolledDevices, strongAuthWindowSeconds
        case otpWithoutPinAllowed
    }

    // Every key is optional in a scenario: a missing one keeps its default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = Policy()
        smsCodeLength = try c.decodeIfPresent(Int.self, forKey: .smsCodeLength) ?? d.smsCodeLength
        smsCodeLifetimeSeconds = try c.decodeIfPresent(Int.self, forKey: .smsCodeLifetimeSeconds) ?? d.smsCodeLifetimeSeconds
        smsChecksPerCode = try c.decodeIfPresent(Int.self, forKey: .smsChecksPerCode) ?? d.smsChecksPerCode
        smsSendsPerWindow = try c.decodeIfPresent(Int.self, forKey: .smsSendsPerWindow) ?? d.smsSendsPerWindow
        smsSendWindowSeconds = try c.decodeIfPresent(Int.self, forKey: .smsSendWindowSeconds) ?? d.smsSendWindowSeconds
        pinMinLength = try c.decodeIfPresent(Int.self, forKey: .pinMinLength) ?? d.pinMinLength
        pinMaxLength = try c.decodeIfPresent(Int.self, forKey: .pinMaxLength) ?? d.pinMaxLength
        pinFailuresBeforeBlock = try c.decodeIfPresent(Int.self, forKey: .pinFailuresBeforeBlock) ?? d.pinFailuresBeforeBlock
        maxEnrolledDevices = try c.decodeIfPresent(Int.self, forKey: .maxEnrolledDevices) ?? d.maxEnrolledDevices
        strongAuthWindowSeconds = try c.decodeIfPresent(Int.self, forKey: .strongAuthWindowSeconds) ?? d.strongAuthWindowSeconds
        otpWithoutPinAllowed = try c.decodeIfPresent(Bool.self, forKey: .otpWithoutPinAllowed) ?? d.otpWithoutPinAllowed
    }
}
