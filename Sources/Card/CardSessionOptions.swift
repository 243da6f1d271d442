import SimKernel

/// The session option this system reads (§4): whether the phone has biometrics enabled. It is the
/// device's, so it lives in the session's settings, under the key Futurae's option also reads (one
/// phone, one answer); default true. Not written when absent.
extension SessionSettings {
    public var biometricsEnabled: Bool {
        get { options["biometrics"]?.boolValue ?? true }
        set { options["biometrics"] = .bool(newValue) }
    }

    static let cardOptions: [SessionOption] = [
        SessionOption("biometrics", allowed: "true or false") { $0.boolValue.map(JSONValue.bool) },
    ]
}
