import SimKernel

/// The user PIN: 4 to 8 digits (§2), one per cardholder, set at the first activation (C12).
public typealias UserPIN = DigitsPIN<UserPINForm>

public enum UserPINForm: PINForm {
    public static let lengths = 4...8
    public static let form = "a user PIN (4 to 8 digits)"
}
