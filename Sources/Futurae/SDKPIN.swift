import SimKernel

/// The SDK PIN of lock type `sdkPinWithBiometricsOptional`: 4 to 8 digits (§2 policy, decision).
public typealias SDKPIN = DigitsPIN<SDKPINForm>

public enum SDKPINForm: PINForm {
    public static let lengths = 4...8
    public static let form = "an SDK PIN (4 to 8 digits)"
}
