import SimKernel

/// The session option this system reads (§4): whether the phone has biometrics enabled. It is the
/// device's, so it lives in the session's settings, under the key Futurae's option also reads (one
/// phone, one answer); default true. Not written when absent.
extension SessionSettings {
    public var biometricsEnabled: Bool {
        get { biometricsOption ?? true }
        set { options["biometrics"] = .bool(newValue) }
    }
    /// The option as given; nil when absent.
    public var biometricsOption: Bool? { options["biometrics"]?.boolValue }

    static let cardOptions: [SessionOption] = [
        SessionOption("biometrics", allowed: "true or false") { $0.boolValue.map(JSONValue.bool) },
    ]
}
