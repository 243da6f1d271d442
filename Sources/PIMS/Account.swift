import SimKernel


/// `NotBlocked`, `AccountBlocked` (device limit) or `PINBlocked` (PIN failures at the limit).
public enum BlockState: String, Sendable, Hashable, Codable, CaseIterable {
    case notBlocked = "NotBlocked"
    case accountBlocked = "AccountBlocked"
    case pinBlocked = "PINBlocked"
}

/// One account of the simulated world, with everything the rules read and change.
public struct Account: Sendable, Hashable, Codable {
    public var username: String
    public var password: String
    public var phone: PhoneNumber?
    public var pin: PIN?
    public var pinFailures: Int
    public var blockState: BlockState
    public var enrolledDevices: [String]
    public var vehicles: [Vehicle]
    /// The SMS outbox of this account: every code sent on its behalf, oldest first.
    public var sms: [SMSMessage]
    public var stepsCaches: [StepsCache]

    public init(username: String, password: String, phone: PhoneNumber? = nil, pin: PIN? = nil, pinFailures: Int = 0,
                blockState: BlockState = .notBlocked, enrolledDevices: [String] = [], vehicles: [Vehicle] = [],
                sms: [SMSMessage] = [], stepsCaches: [StepsCache] = []) {
        self.username = username
        self.password = password
        self.phone = phone
        self.pin = pin
        self.pinFailures = pinFailures
        self.blockState = blockState
        self.enrolledDevices = enrolledDevices
        self.vehicles = vehicles
        self.sms = sms
        self.stepsCaches = stepsCaches
    }

    public var isBlocked: Bool { blockState != .notBlocked }

    public func isEnrolled(_ device: String) -> Bool { enrolledDevices.contains(device) }

    enum CodingKeys: String, CodingKey {
        case username, password, phone, pin, pinFailures, blockState, enrolledDevices, vehicles, sms, stepsCaches
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        username = try c.decode(String.self, forKey: .username)
        password = try c.decode(String.self, forKey: .password)
        phone = try c.decodeIfPresent(PhoneNumber.self, forKey: .phone)
        pin = try c.decodeIfPresent(PIN.self, forKey: .pin)
        pinFailures = try c.decodeIfPresent(Int.self, forKey: .pinFailures) ?? 0
        blockState = try c.decodeIfPresent(BlockState.self, forKey: .blockState) ?? .notBlocked
        enrolledDevices = try c.decodeIfPresent([String].self, forKey: .enrolledDevices) ?? []
        vehicles = try c.decodeIfPresent([Vehicle].self, forKey: .vehicles) ?? []
        sms = try c.decodeIfPresent([SMSMessage].self, forKey: .sms) ?? []
        stepsCaches = try c.decodeIfPresent([StepsCache].self, forKey: .stepsCaches) ?? []
    }
}

/// The car key of a vehicle association (R24, R25).
public struct CarKey: Sendable, Hashable, Codable {
    public enum CVSStatus: String, Sendable, Hashable, Codable, CaseIterable {
        case unknown, active, suspended, disabled
    }
    public var activated = false
    public var cvsStatus = CVSStatus.unknown
    public var maxReactivationDate: SimTime?

    public init(activated: Bool = false, cvsStatus: CVSStatus = .unknown, maxReactivationDate: SimTime? = nil) {
        self.activated = activated
        self.cvsStatus = cvsStatus
        self.maxReactivationDate = maxReactivationDate
    }

    enum CodingKeys: String, CodingKey { case activated, cvsStatus, maxReactivationDate }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        activated = try c.decodeIfPresent(Bool.self, forKey: .activated) ?? false
        cvsStatus = try c.decodeIfPresent(CVSStatus.self, forKey: .cvsStatus) ?? .unknown
        maxReactivationDate = try c.decodeIfPresent(SimTime.self, forKey: .maxReactivationDate)
    }
}

/// The simulated surroundings of the phone and the car, that R25 checks in this order.
public struct Proximity: Sendable, Hashable, Codable {
    public var bluetoothOn = true
    public var paired = true
    public var keyInside = true

    public init(bluetoothOn: Bool = true, paired: Bool = true, keyInside: Bool = true) {
        self.bluetoothOn = bluetoothOn
        self.paired = paired
        self.keyInside = keyInside
    }

    enum CodingKeys: String, CodingKey { case bluetoothOn, paired, keyInside }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bluetoothOn = try c.decodeIfPresent(Bool.self, forKey: .bluetoothOn) ?? true
        paired = try c.decodeIfPresent(Bool.self, forKey: .paired) ?? true
        keyInside = try c.decodeIfPresent(Bool.self, forKey: .keyInside) ?? true
    }
}

/// A vehicle associated with an account.
public struct Vehicle: Sendable, Hashable, Codable {
    public var vin: VIN
    public var brand: String
    public var model: String
    public var carAssociationID: CarAssociationID
    public var carKey: CarKey
    public var proximity: Proximity
    /// The car's remote state (§10, R47): written only when it is not the default one, so that
    /// scenarios and exports without remote commands read as they always have.
    public var remote: VehicleRemote

    public init(vin: VIN, brand: String, model: String, carAssociationID: CarAssociationID, carKey: CarKey = CarKey(), proximity: Proximity = Proximity(),
                remote: VehicleRemote = VehicleRemote()) {
        self.vin = vin
        self.brand = brand
        self.model = model
        self.carAssociationID = carAssociationID
        self.carKey = carKey
        self.proximity = proximity
        self.remote = remote
    }

    enum CodingKeys: String, CodingKey { case vin, brand, model, carAssociationID, carKey, proximity, remote }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(vin, forKey: .vin)
        try c.encode(brand, forKey: .brand)
        try c.encode(model, forKey: .model)
        try c.encode(carAssociationID, forKey: .carAssociationID)
        try c.encode(carKey, forKey: .carKey)
        try c.encode(proximity, forKey: .proximity)
        if remote != VehicleRemote() { try c.encode(remote, forKey: .remote) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        vin = try c.decode(VIN.self, forKey: .vin)
        brand = try c.decodeIfPresent(String.self, forKey: .brand) ?? ""
        model = try c.decodeIfPresent(String.self, forKey: .model) ?? ""
        carAssociationID = try c.decode(CarAssociationID.self, forKey: .carAssociationID)
        carKey = try c.decodeIfPresent(CarKey.self, forKey: .carKey) ?? CarKey()
        proximity = try c.decodeIfPresent(Proximity.self, forKey: .proximity) ?? Proximity()
        remote = try c.decodeIfPresent(VehicleRemote.self, forKey: .remote) ?? VehicleRemote()
    }
}

/// One SMS of the outbox (§2).
public struct SMSMessage: Sendable, Hashable, Codable {
    public var phone: PhoneNumber
    public var purpose: SMSPurpose
    public var code: String
    public var sentAt: SimTime
    public var expiresAt: SimTime
    public var checksUsed: Int
    public var consumed: Bool

    public init(phone: PhoneNumber, purpose: SMSPurpose, code: String, sentAt: SimTime, expiresAt: SimTime, checksUsed: Int = 0, consumed: Bool = false) {
        self.phone = phone
        self.purpose = purpose
        self.code = code
        self.sentAt = sentAt
        self.expiresAt = expiresAt
        self.checksUsed = checksUsed
        self.consumed = consumed
    }

    enum CodingKeys: String, CodingKey { case phone, purpose, code, sentAt, expiresAt, checksUsed, consumed }

    /// What the phone receives: the `smsDelivered` event's data.
    public var eventData: JSONValue {
        let fields: [(CodingKeys, JSONValue)] = [(.phone, .string(phone.written)), (.purpose, .string(purpose.rawValue)), (.code, .string(code)),
                                                 (.sentAt, .string(sentAt.iso8601)), (.expiresAt, .string(expiresAt.iso8601))]
        return .object(Dictionary(uniqueKeysWithValues: fields.map { ($0.0.stringValue, $0.1) }))
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        phone = try c.decode(PhoneNumber.self, forKey: .phone)
        purpose = try c.decode(SMSPurpose.self, forKey: .purpose)
        code = try c.decode(String.self, forKey: .code)
        sentAt = try c.decode(SimTime.self, forKey: .sentAt)
        expiresAt = try c.decode(SimTime.self, forKey: .expiresAt)
        checksUsed = try c.decodeIfPresent(Int.self, forKey: .checksUsed) ?? 0
        consumed = try c.decodeIfPresent(Bool.self, forKey: .consumed) ?? false
    }
}

/// The steps cache of one stepsID (R19): the steps it has once reported `alreadyDone`.
public struct StepsCache: Sendable, Hashable, Codable {
    public var stepsID: Int
    public var device: String
    public var carAssociationID: CarAssociationID
    public var alreadyDone: [ServiceStep]

    public init(stepsID: Int, device: String, carAssociationID: CarAssociationID, alreadyDone: [ServiceStep] = []) {
        self.stepsID = stepsID
        self.device = device
        self.carAssociationID = carAssociationID
        self.alreadyDone = alreadyDone
    }

    enum CodingKeys: String, CodingKey { case stepsID, device, carAssociationID, alreadyDone }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stepsID = try c.decode(Int.self, forKey: .stepsID)
        device = try c.decode(String.self, forKey: .device)
        carAssociationID = try c.decode(CarAssociationID.self, forKey: .carAssociationID)
        alreadyDone = try c.decodeIfPresent([ServiceStep].self, forKey: .alreadyDone) ?? []
    }
}

/// The service activation steps, in their fixed order (§5).
public enum ServiceStep: String, Sendable, Hashable, Codable, CaseIterable {
    case trusterPhoneNumber, deviceActivation, mediumCarKey

    /// The name the session's SDK uses: 2.0 says `trustedPhone`.
    public func name(for sdk: SDKVersion) -> String {
        self == .trusterPhoneNumber && sdk == .v2_0 ? "trustedPhone" : rawValue
    }
}

/// An account is found by username, and by phone: its trusted phone, and the phones its codes went to
/// (the send limit counts per phone, the inbox lists a phone's codes).
extension Account: KeyedRow {
    public enum Tag: Hashable, Sendable {
        case trustedPhone(PhoneNumber)
        case sentTo(PhoneNumber)
    }

    public var rowKey: String { username }

    public var rowTags: [Tag] {
        var tags: [Tag] = []
        if let phone { tags.append(.trustedPhone(phone)) }
        for m in sms where !tags.contains(.sentTo(m.phone)) { tags.append(.sentTo(m.phone)) }
        return tags
    }

    /// `rowTags.contains(tag)`, read off the phone or the codes without building the list.
    public func isTagged(_ tag: Tag) -> Bool {
        switch tag {
        case .trustedPhone(let p): phone == p
        case .sentTo(let p): sms.contains { $0.phone == p }
        }
    }

    /// `rowTags == tags`, read off the phone and the codes without building the list.
    public func hasRowTags(_ tags: [Tag]) -> Bool {
        var next = tags.startIndex
        if let phone {
            guard next < tags.endIndex, tags[next] == .trustedPhone(phone) else { return false }
            next += 1
        }
        for (k, m) in sms.enumerated() where !sms[..<k].contains(where: { $0.phone == m.phone }) {
            guard next < tags.endIndex, tags[next] == .sentTo(m.phone) else { return false }
            next += 1
        }
        return next == tags.endIndex
    }
}
