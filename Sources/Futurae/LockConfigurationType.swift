/// The SDK's lock configuration type (§2): what protects the SDK, and so what enroll and unlock ask for.
public enum LockConfigurationType: String, Sendable, Hashable, Codable, CaseIterable {
    case none
    case biometricsOnly
    case biometricsOrPasscode
    case sdkPinWithBiometricsOptional

    /// Whether the SDK has a PIN of its own (F2.5, F4).
    public var usesSDKPin: Bool { self == .sdkPinWithBiometricsOptional }
    /// Whether the SDK can be locked at all (F5: under `none` it never is).
    public var locks: Bool { self != .none }
    /// Whether a biometric prompt can unlock it (F4), biometrics being available on the device.
    public var acceptsBiometrics: Bool { self != .none }
}
