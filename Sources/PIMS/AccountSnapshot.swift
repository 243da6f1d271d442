import SimKernel

/// The live account state, as the simulator's `account` control reports it.
public struct AccountSnapshot: Hashable, Sendable {
    public struct Vehicle: Hashable, Sendable {
        public var vin: String
        public var brand: String
        public var model: String
        public var carAssociationID: String
        public var carKeyActivated: Bool
        public var bluetoothOn: Bool
        public var paired: Bool
        public var keyInside: Bool
        public var title: String { "\(brand) \(model) · \(vin)" }
    }

    public struct StepsCacheInfo: Hashable, Sendable {
        public var stepsID: Int
        public var device: String
        public var carAssociationID: String
        public var alreadyDone: [String]
    }

    public var username: String
    public var phone: String?
    public var pin: String?
    public var pinFailures: Int
    public var blockState: String
    public var enrolledDevices: [String]
    public var vehicles: [Vehicle]
    public var stepsCaches: [StepsCacheInfo]

    public var pinSet: Bool { pin != nil }

    /// Reads the control's `account` object (an `Account` as `PIMSSystem.control` encodes it, read
    /// by the same coding keys); nil when it is not one.
    public init?(json: JSONValue) {
        typealias A = Account.CodingKeys
        typealias V = PIMS.Vehicle.CodingKeys
        typealias C = StepsCache.CodingKeys
        guard json.objectValue != nil, let username = json[A.username]?.stringValue else { return nil }
        self.username = username
        phone = json[A.phone]?.stringValue
        pin = json[A.pin]?.stringValue
        pinFailures = json[A.pinFailures]?.intValue ?? 0
        blockState = json[A.blockState]?.stringValue ?? BlockState.notBlocked.rawValue
        enrolledDevices = (json[A.enrolledDevices]?.arrayValue ?? []).compactMap(\.stringValue)
        vehicles = (json[A.vehicles]?.arrayValue ?? []).compactMap { v in
            guard let vin = v[V.vin]?.stringValue else { return nil }
            let proximity = v[V.proximity]
            return Vehicle(vin: vin, brand: v[V.brand]?.stringValue ?? "", model: v[V.model]?.stringValue ?? "",
                           carAssociationID: v[V.carAssociationID]?.stringValue ?? "",
                           carKeyActivated: v[V.carKey]?[CarKey.CodingKeys.activated]?.boolValue ?? false,
                           bluetoothOn: proximity?[Proximity.CodingKeys.bluetoothOn]?.boolValue ?? true,
                           paired: proximity?[Proximity.CodingKeys.paired]?.boolValue ?? true,
                           keyInside: proximity?[Proximity.CodingKeys.keyInside]?.boolValue ?? true)
        }
        stepsCaches = (json[A.stepsCaches]?.arrayValue ?? []).compactMap { c in
            guard let id = c[C.stepsID]?.intValue else { return nil }
            return StepsCacheInfo(stepsID: id, device: c[C.device]?.stringValue ?? "",
                                  carAssociationID: c[C.carAssociationID]?.stringValue ?? "",
                                  alreadyDone: (c[C.alreadyDone]?.arrayValue ?? []).compactMap(\.stringValue))
        }
    }
}

/// The `account` control's answer (`PIMSSystem.control` writes it with `fields`): the account, the
/// scenario's PIN and SMS limits, the simulated clock.
public struct AccountAnswer: Hashable, Sendable {
    public var account: AccountSnapshot?
    public var limits: PolicyLimits?
    public var now: String?

    static let accountKey = "account", policyKey = "policy"

    static func fields(_ account: JSONValue, policy: JSONValue, now: SimTime) -> [String: JSONValue] {
        KernelAnswer.now(now).merging([accountKey: account, policyKey: policy]) { kept, _ in kept }
    }

    public init(_ answer: SimAnswer) {
        account = answer[Self.accountKey].flatMap(AccountSnapshot.init(json:))
        limits = PolicyLimits(answer[Self.policyKey] ?? answer[Self.accountKey]?[Self.policyKey])
        now = answer.now
    }
}

/// The limits of a scenario's `Policy` a front validates input against, as far as an answer gives them.
public struct PolicyLimits: Hashable, Sendable {
    public var pinMinLength: Int?
    public var pinMaxLength: Int?
    public var smsCodeLength: Int?
    public var pinFailuresBeforeBlock: Int?

    /// Nil unless `json` is an object.
    public init?(_ json: JSONValue?) {
        guard let json, json.objectValue != nil else { return nil }
        pinMinLength = json["pinMinLength"]?.intValue
        pinMaxLength = json["pinMaxLength"]?.intValue
        smsCodeLength = json["smsCodeLength"]?.intValue
        pinFailuresBeforeBlock = json["pinFailuresBeforeBlock"]?.intValue
    }
}
