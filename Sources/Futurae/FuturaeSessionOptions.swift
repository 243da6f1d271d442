import SimKernel

/// Futurae's session options (§4): the SDK's lock configuration type, whether the device has
/// biometrics, whether the app has Trusted Session Binding on, and how long an unlock lasts. They are
/// the app's configuration of its SDK instance, so they live in the session's settings (set by the
/// `session` control and by scenarios' `session:`), not in the futurae section. None is written when
/// absent: PIMS-only scenario files and exports stay exactly as they were.
extension SessionSettings {
    public static let defaultUnlockDuration = 60
    public static let unlockDurations = 1...86_400

    /// Default `none`.
    public var lockType: LockConfigurationType {
        get { options["lockType"]?.stringValue.flatMap(LockConfigurationType.init(rawValue:)) ?? .none }
        set { options["lockType"] = .string(newValue.rawValue) }
    }
    /// Whether biometrics are available on the device (option `biometrics`); default true.
    public var biometricsAvailable: Bool {
        get { options["biometrics"]?.boolValue ?? true }
        set { options["biometrics"] = .bool(newValue) }
    }
    /// The app's Trusted Session Binding: when on, the app asks the user for a binding token. The
    /// backend does not read it (F2.7 follows the activation's binding); the front does. Default false.
    public var sessionBinding: Bool {
        get { options["sessionBinding"]?.boolValue ?? false }
        set { options["sessionBinding"] = .bool(newValue) }
    }
    /// Seconds an unlock lasts (F2.9, F4); default 60.
    public var unlockDuration: Int {
        get { options["unlockDuration"]?.intValue ?? Self.defaultUnlockDuration }
        set { options["unlockDuration"] = .int(newValue) }
    }

    static let futuraeOptions: [SessionOption] = [
        .oneOf("lockType", LockConfigurationType.allCases.map(\.rawValue)),
        SessionOption("biometrics", allowed: "true or false") { $0.boolValue.map(JSONValue.bool) },
        SessionOption("sessionBinding", allowed: "true or false") { $0.boolValue.map(JSONValue.bool) },
        SessionOption("unlockDuration", allowed: "a whole number of seconds from 1 to 86400") { v in
            guard let n = v.intValue, unlockDurations.contains(n) else { return nil }
            return .int(n)
        },
    ]
}
