import SimKernel

/// What PIMS's calls answer, as an app reads them (the rules write them: `Rules.swift`,
/// `Rules+Enrollment.swift`, `Rules+CarKey.swift`, `Rules+Subscription.swift`). Where the variants
/// answer differently both are read.
public enum PIMSAnswer {
    /// The answers' keys, as the rules write them.
    enum Key {
        static let isDeviceActivated = "isDeviceActivated", isAccountBlocked = "isAccountBlocked", phoneNumber = "phoneNumber"
        static let status = "status", otp = "otp"
    }

    /// R1: whether the session's device is enrolled.
    public static func isDeviceActivated(_ result: JSONValue?) -> Bool { result?[Key.isDeviceActivated]?.boolValue == true }

    /// R2: the account's block state as written (`NotBlocked`, `AccountBlocked`, `PINBlocked` or the
    /// reference's `PinBlocked`); the tutorial's sample answers a Boolean, read as blocked or not.
    public static func blockState(_ result: JSONValue?) -> String {
        let value = result?[Key.isAccountBlocked]
        return value?.stringValue ?? (value?.boolValue == true ? BlockState.accountBlocked : BlockState.notBlocked).rawValue
    }

    /// R3: the trusted phone number; nil when the account has none.
    public static func trustedPhone(_ result: JSONValue?) -> String? { result?[Key.phoneNumber]?.stringValue }

    /// R10, R11: the account has a PIN already.
    public static let alreadyEnrolled = "AlreadyEnrolled"

    /// R10, R11: `NotEnrolled`, `AlreadyEnrolled` or `Enrolled`.
    public static func status(_ result: JSONValue?) -> String? { result?[Key.status]?.stringValue }

    /// R16: the one-time password.
    public static func otp(_ result: JSONValue?) -> String? { result?[Key.otp]?.stringValue }
}

/// R24's answer: whether the selected vehicle's car key is active. `isCarKeyVerified` is read as a
/// Boolean or as the text `"true"`.
public struct CarKeyStatusAnswer: Hashable, Sendable {
    public var isVerified: Bool?
    public var cvsStatus: String?
    public var maxReactivationDate: String?

    public init(_ result: JSONValue?) {
        let verified = result?["isCarKeyVerified"]
        isVerified = verified?.boolValue ?? (verified?.stringValue == "true")
        cvsStatus = result?["cvsStatus"]?.stringValue
        maxReactivationDate = result?["maxReactivationDate"]?.stringValue
    }
}

/// R25's answer: the car key activated, its security code and how long it lasts.
public struct CarKeyActivationAnswer: Hashable, Sendable {
    public var vin: String?
    public var securityCode: String?
    public var securityExpiration: String?

    public init(_ result: JSONValue?) {
        vin = result?["vin"]?.stringValue
        securityCode = result?["securityCode"]?.stringValue
        securityExpiration = result?["securityExpiration"]?.stringValue
    }
}

/// R19–R21's answer: the steps list's id and each step (`{name, status, order}` under the step's
/// name, in the session's SDK's spelling).
public struct StepsAnswer: Hashable, Sendable {
    public struct Step: Hashable, Sendable {
        public var name: String
        public var status: String
        public var order: Int
    }

    public var stepsID: Int?
    /// In the answer's order (`order`).
    public var steps: [Step]

    static let stepsIDKey = "stepsID"

    /// Nil unless `result` is an object.
    public init?(_ result: JSONValue?) {
        guard let object = result?.objectValue else { return nil }
        stepsID = object[Self.stepsIDKey]?.intValue
        steps = object.compactMap { key, value -> Step? in
            guard key != Self.stepsIDKey, value.objectValue != nil else { return nil }
            return Step(name: value["name"]?.stringValue ?? key, status: value["status"]?.stringValue ?? "?",
                        order: value["order"]?.intValue ?? 0)
        }.sorted { $0.order < $1.order }
    }
}

extension ServiceStep {
    /// A step as a steps answer names it, in any supported SDK's spelling (2.0's `trustedPhone`).
    public init?(named name: String) {
        guard let step = Self.allCases.first(where: { step in SDKVersion.supported.contains { step.name(for: $0) == name } }) else { return nil }
        self = step
    }
}
