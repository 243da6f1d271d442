/// The input policy the fields validate against as the user types (§2 of the contract). The backend's
/// policy is per scenario; these defaults are the contract's, replaced by the account answer's
/// `policy` when a backend reports one.
public struct PINPolicy: Hashable, Sendable {
    public var pinMinLength = 4
    public var pinMaxLength = 6
    public var smsCodeLength = 4
    public var pinFailuresBeforeBlock = 3

    public init(pinMinLength: Int = 4, pinMaxLength: Int = 6, smsCodeLength: Int = 4, pinFailuresBeforeBlock: Int = 3) {
        self.pinMinLength = pinMinLength
        self.pinMaxLength = pinMaxLength
        self.smsCodeLength = smsCodeLength
        self.pinFailuresBeforeBlock = pinFailuresBeforeBlock
    }

    public var pinLengths: String {
        pinMinLength == pinMaxLength ? "\(pinMinLength) digits" : "\(pinMinLength) to \(pinMaxLength) digits"
    }
}
