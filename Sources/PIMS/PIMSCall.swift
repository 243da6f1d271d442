import SimKernel
/// What an SMS code is for (the outbox's `purpose`).
public enum SMSPurpose: String, Sendable, Hashable, Codable, CaseIterable {
    case phoneNumberCertification, enrollment, resetPIN
}

/// Which steps a `pims.subscription.steps` call returns.
public enum StepsFilter: String, Sendable, Hashable, Codable, CaseIterable {
    case all, todo, alreadyDone
}

/// How a steps call names its vehicle (R19, R20, R21).
public enum StepsSelector: Sendable, Hashable {
    case carAssociationID(CarAssociationID)
    case stepsID(Int)
    case vin(VIN)
}

/// A request of the contract, its input checked (§1): the typed form every backend rule works on.
/// `PIMSCall.parse` is where 2101, 2102 and 2002 of the input stage come from.
public enum PIMSCall: Sendable, Hashable {
    case login(username: String, password: String)  // R0a
    case logout  // R0b
    case isDeviceActivated  // R1
    case isAccountBlocked  // R2
    case trustedPhoneNumber  // R3
    case sendSMS(SMSPurpose, phone: PhoneNumber?)  // R4, R5, R6
    case enrollWithPhoneNumber(pin: PIN, code: SMSCode, phone: PhoneNumber)  // R8
    case addPhoneNumber(code: SMSCode, phone: PhoneNumber)  // R9
    case checkEnrollmentCode(SMSCode)  // R10
    case enroll(pin: PIN, code: SMSCode?)  // R11
    case removeEnrollments  // R12
    case resetPIN(pin: PIN, code: SMSCode)  // R13
    case updatePIN(old: PIN, new: PIN)  // R14
    case modifyPhoneNumber(code: SMSCode, phone: PhoneNumber)  // R15
    case otpWithPIN(PIN)  // R16
    case otpWithoutPIN  // R16
    case removeProperty(VIN)  // R18
    case steps(StepsSelector, reset: Bool, filter: StepsFilter)  // R19, R20, R21
    case nextStep(stepsID: Int)  // R22
    case selectVehicle(VIN)  // R23
    case carKeyStatus  // R24
    case activateCarKey  // R25
    case selectRemoteVehicle(VIN)  // R26
    case subscribeSignal  // R27
    case subscribeVehicleEvents([String])  // R27
    case unsubscribe(String)  // R27
    case vehicleCommand(RemoteCommand, params: [String: JSONValue])  // R29–R36
    case vehicleInformations(RemoteInfoAction)  // R39–R41

    /// The contract's rule for this call, for logs, the flow map and fault reports.
    public var rule: String {
        switch self {
        case .login: "R0a"
        case .logout: "R0b"
        case .isDeviceActivated: "R1"
        case .isAccountBlocked: "R2"
        case .trustedPhoneNumber: "R3"
        case .sendSMS(.phoneNumberCertification, _): "R4"
        case .sendSMS(.enrollment, _): "R5"
        case .sendSMS(.resetPIN, _): "R6"
        case .enrollWithPhoneNumber: "R8"
        case .addPhoneNumber: "R9"
        case .checkEnrollmentCode: "R10"
        case .enroll: "R11"
        case .removeEnrollments: "R12"
        case .resetPIN: "R13"
        case .updatePIN: "R14"
        case .modifyPhoneNumber: "R15"
        case .otpWithPIN, .otpWithoutPIN: "R16"
        case .removeProperty: "R18"
        case .steps(.carAssociationID, _, _): "R19"
        case .steps(.stepsID, _, _): "R20"
        case .steps(.vin, _, _): "R21"
        case .nextStep: "R22"
        case .selectVehicle: "R23"
        case .carKeyStatus: "R24"
        case .activateCarKey: "R25"
        case .selectRemoteVehicle: "R26"
        case .subscribeSignal, .subscribeVehicleEvents, .unsubscribe: "R27"
        case .vehicleCommand(let c, _):
            switch c {
            case .doors: "R32"
            case .horn, .warning: "R33"
            case .charge: "R34"
            case .chargeDeferredTime: "R35"
            case .preconditioning: "R36"
            }
        case .vehicleInformations(.get): "R39"
        case .vehicleInformations(.refresh): "R40"
        case .vehicleInformations(.refreshWithWakeUp): "R41"
        }
    }
}

extension PIMSCall {
    /// Checks a request's input (§1) and types it. Unknown API or sub-API → 2002; a missing required
    /// parameter → 2101; a wrong type, malformed value or unknown enumerated value → 2102.
    public static func parse(_ request: PIMSRequest) throws(PIMSError) -> PIMSCall {
        let p = Params(request.params)
        switch (request.type, request.name) {
        case (.set, "pims.authentication.user"):
            switch try p.subAPI("action") {
            case "login": return .login(username: try p.string("username"), password: try p.string("password"))
            case "logout": return .logout
            default: throw .notSupported
            }
        case (.get, "pims.authentication.account"):
            let actionType = try p.string("actionType")
            let type = try p.subAPI("type")
            guard type == "isDeviceActivated" || type == "isAccountBlocked" else { throw .notSupported }
            guard actionType == "strong" else { throw .invalid("actionType") }
            return type == "isDeviceActivated" ? .isDeviceActivated : .isAccountBlocked
        case (.get, "pims.authentication.trustedphonenumber"):
            return .trustedPhoneNumber
        case (.get, "pims.authentication.smscode"):
            switch try p.subAPI("type") {
            case "phoneNumberCertification", "addPhoneNumber":
                return .sendSMS(.phoneNumberCertification, phone: try p.phone("phoneNumber"))
            case "enrollment":
                _ = p.ignore("phoneNumber")  // R5: an extra phoneNumber is ignored
                return .sendSMS(.enrollment, phone: nil)
            case "resetPIN":
                _ = p.ignore("phoneNumber")
                return .sendSMS(.resetPIN, phone: nil)
            default: throw .notSupported
            }
        case (.set, "pims.authentication.smscode"):
            switch try p.subAPI("action", or: "type") {
            case "addPhoneNumber":
                return .addPhoneNumber(code: try p.smsCode("smsCode"), phone: try p.phone("phoneNumber"))
            case "enrollment":
                return .checkEnrollmentCode(try p.smsCode("smsCode"))
            case "modifyPhoneNumber":
                return .modifyPhoneNumber(code: try p.smsCode("smsCode"), phone: try p.phone("phoneNumber"))
            default: throw .notSupported
            }
        case (.set, "pims.authentication.enrollment"):
            switch try p.subAPI("action") {
            case "enrollWithPhoneNumber":
                return .enrollWithPhoneNumber(
                    pin: try p.pin("pinCode"), code: try p.smsCode("smsCode"), phone: try p.phone("phoneNumber"))
            case "enroll":
                return .enroll(pin: try p.pin("pinCode"), code: try p.optionalSMSCode("smsCode"))
            case "remove":
                return .removeEnrollments
            default: throw .notSupported
            }
        case (.set, "pims.authentication.pincode"):
            switch try p.subAPI("action") {
            case "reset": return .resetPIN(pin: try p.pin("pinCode"), code: try p.smsCode("smsCode"))
            case "update": return .updatePIN(old: try p.pin("oldPIN"), new: try p.pin("newPIN"))
            default: throw .notSupported
            }
        case (.get, "pims.authentication.otp"):
            switch try p.subAPI("action").lowercased() {
            case "withpin": return .otpWithPIN(try p.pin("pinCode"))
            case "withoutpin": return .otpWithoutPIN
            default: throw .notSupported
            }
        case (.set, "pims.subscription.vehicle"):
            switch try p.subAPI("action") {
            case "removeProperty": return .removeProperty(try p.vin("vin"))
            default: throw .notSupported
            }
        case (.get, "pims.subscription.steps"):
            let reset = try p.optionalBool("resetSteps") ?? false
            let filter = try p.optionalEnum("stepsStatus", StepsFilter.self) ?? .all
            let selector: StepsSelector
            if p.has("carAssociationID") {
                selector = .carAssociationID(try p.carAssociationID("carAssociationID"))
            } else if p.has("stepsID") {
                selector = .stepsID(try p.int("stepsID"))
            } else if p.has("vin") {
                selector = .vin(try p.vin("vin"))
            } else {
                throw .missing("carAssociationID")
            }
            return .steps(selector, reset: reset, filter: filter)
        case (.get, "pims.subscription.step"):
            return .nextStep(stepsID: try p.int("stepsID"))
        case (.set, "pims.vehicle.vin"):
            // R26: `remote` is R23 with a sub-API; none is R23 (the SDK 2.0–2.2 form too).
            guard p.has("actionType") else { return .selectVehicle(try p.vin("vin")) }
            guard try p.string("actionType") == "remote" else { throw .notSupported }
            return .selectRemoteVehicle(try p.vin("vin"))
        case (.subscribe, "pims.vehicle.signal"):
            return .subscribeSignal
        case (.subscribe, "pims.vehicle.event"):
            guard try p.string("actionType") == "remote" else { throw .notSupported }
            guard p.has("type") else { throw .missing("type") }
            let known = ["remoteChargeFinished", "remoteChargeInterrupted"]
            guard let list = p.ignore("type")?.arrayValue, !list.isEmpty else {
                throw .invalid("type", detail: "type is a non-empty array of \(known.joined(separator: ", "))")
            }
            var types: [String] = []
            for item in list {
                guard let t = item.stringValue, known.contains(t) else { throw .invalid("type", detail: "type is a non-empty array of \(known.joined(separator: ", "))") }
                if !types.contains(t) { types.append(t) }
            }
            return .subscribeVehicleEvents(types)
        case (.unsubscribe, "pims.vehicle.signal"), (.unsubscribe, "pims.vehicle.event"):
            return .unsubscribe(request.name)
        case (.set, "pims.vehicle.command"):
            let action = try p.subAPI("action")
            var params = request.params
            params["action"] = nil
            return .vehicleCommand(try RemoteCommand.parse(action: action, p), params: params)
        case (.get, "pims.vehicle.informations"):
            guard try p.string("actionType") == "remote" else { throw .notSupported }
            let action = try p.string("action")
            guard let a = RemoteInfoAction(rawValue: action) else {
                throw .invalid("action", detail: "action must be get, refresh or refreshWithWakeUp")
            }
            return .vehicleInformations(a)
        case (.get, "pims.vehicle.carkey"):
            return .carKeyStatus
        case (.set, "pims.vehicle.carkey"):
            return .activateCarKey
        default:
            throw .notSupported
        }
    }
}

/// Typed reads of `params`, each failing with the contract's input error.
struct Params {
    let values: [String: JSONValue]
    init(_ values: [String: JSONValue]) { self.values = values }

    /// The value of `key` unless it is absent or null (one look-up; a match, not JSON equality).
    private func present(_ key: String) -> JSONValue? {
        guard let v = values[key] else { return nil }
        if case .null = v { return nil }
        return v
    }

    func has(_ key: String) -> Bool { present(key) != nil }
    func ignore(_ key: String) -> JSONValue? { values[key] }

    func string(_ key: String) throws(PIMSError) -> String {
        guard let v = present(key) else { throw .missing(key) }
        guard let s = v.stringValue else { throw .invalid(key, detail: "\(key) must be a string, not a \(v.typeName)") }
        return s
    }

    /// The sub-API selector; an unknown value is an unknown sub-API (2002), not a bad value.
    func subAPI(_ key: String, or alternative: String? = nil) throws(PIMSError) -> String {
        if let alternative, !has(key), has(alternative) { return try string(alternative) }
        return try string(key)
    }

    func int(_ key: String) throws(PIMSError) -> Int {
        guard let v = present(key) else { throw .missing(key) }
        guard let i = v.intValue else { throw .invalid(key, detail: "\(key) must be a whole number") }
        return i
    }

    func optionalBool(_ key: String) throws(PIMSError) -> Bool? {
        guard let v = present(key) else { return nil }
        guard let b = v.boolValue else { throw .invalid(key, detail: "\(key) must be true or false") }
        return b
    }

    func optionalEnum<E: RawRepresentable & CaseIterable>(_ key: String, _: E.Type) throws(PIMSError) -> E? where E.RawValue == String {
        guard has(key) else { return nil }
        let s = try string(key)
        guard let e = E(rawValue: s) else {
            throw .invalid(key, detail: "\(key) must be one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return e
    }

    func phone(_ key: String) throws(PIMSError) -> PhoneNumber {
        let s = try string(key)
        guard let p = PhoneNumber(s) else {
            throw .invalid(key, detail: "a phone number is 10 digits starting with 0, or + and 8 to 15 digits")
        }
        return p
    }

    func pin(_ key: String) throws(PIMSError) -> PIN {
        let s = try string(key)
        guard let p = PIN(s) else { throw .invalid(key, detail: "a PIN is made of digits only") }
        return p
    }

    func smsCode(_ key: String) throws(PIMSError) -> SMSCode {
        let s = try string(key)
        guard let c = SMSCode(s) else { throw .invalid(key, detail: "an SMS code is made of digits only") }
        return c
    }

    func optionalSMSCode(_ key: String) throws(PIMSError) -> SMSCode? {
        guard has(key) else { return nil }
        return try smsCode(key)
    }

    func vin(_ key: String) throws(PIMSError) -> VIN {
        let s = try string(key)
        guard let v = VIN(s) else { throw .invalid(key, detail: "a VIN is 17 letters and digits, without I, O or Q") }
        return v
    }

    func carAssociationID(_ key: String) throws(PIMSError) -> CarAssociationID {
        // The reference types it as a string; a JSON number of digits is taken too, as the SDKs do.
        if let i = values[key]?.intValue, i >= 0 { return CarAssociationID(String(i))! }
        let s = try string(key)
        guard let c = CarAssociationID(s) else { throw .invalid(key, detail: "a carAssociationID is made of digits") }
        return c
    }
}
