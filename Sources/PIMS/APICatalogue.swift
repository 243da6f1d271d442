import SimKernel
/// The APIs this contract covers, as the SDK names them: verb, name, sub-API and the parameters
/// each takes. `PIMSCall.parse` is the executable form; this list is the readable one (help texts,
/// docs) and a test keeps the two in step.
public struct APIEntry: Sendable, Hashable {
    public let type: CallType
    public let name: String
    /// The sub-API value, and the parameter that carries it (`type` or `action`).
    public let sub: String?
    public let subKey: String?
    public let required: [String]
    public let optional: [String]
    public let rule: String
    /// Parameters every call of this API carries as written (the remote APIs' `actionType: remote`).
    public var fixed: [String: JSONValue] = [:]

    public var title: String { "\(type.rawValue) \(name)" + (sub.map { " \($0)" } ?? "") }
}

public enum APICatalogue {
    private static func api(_ type: CallType, _ name: String, sub: String? = nil, key: String? = nil, needs required: [String] = [],
                            optional: [String] = [], rule: String, fixed: [String: JSONValue] = [:]) -> APIEntry {
        APIEntry(type: type, name: name, sub: sub, subKey: sub == nil ? nil : key ?? "action", required: required, optional: optional, rule: rule,
                 fixed: fixed)
    }

    /// R26–R41's `actionType` (3-1, 3-2).
    private static let remote: [String: JSONValue] = ["actionType": "remote"]

    public static let all: [APIEntry] = [
        api(.set, "pims.authentication.user", sub: "login", needs: ["username", "password"], rule: "R0a"),
        api(.set, "pims.authentication.user", sub: "logout", rule: "R0b"),
        api(.get, "pims.authentication.account", sub: "isDeviceActivated", key: "type", needs: ["actionType"], rule: "R1"),
        api(.get, "pims.authentication.account", sub: "isAccountBlocked", key: "type", needs: ["actionType"], rule: "R2"),
        api(.get, "pims.authentication.trustedphonenumber", rule: "R3"),
        api(.get, "pims.authentication.smscode", sub: "phoneNumberCertification", key: "type", needs: ["phoneNumber"], rule: "R4"),
        api(.get, "pims.authentication.smscode", sub: "enrollment", key: "type", optional: ["phoneNumber"], rule: "R5"),
        api(.get, "pims.authentication.smscode", sub: "resetPIN", key: "type", optional: ["phoneNumber"], rule: "R6"),
        api(.set, "pims.authentication.enrollment", sub: "enrollWithPhoneNumber", needs: ["pinCode", "smsCode", "phoneNumber"], rule: "R8"),
        api(.set, "pims.authentication.smscode", sub: "addPhoneNumber", key: "type", needs: ["smsCode", "phoneNumber"], rule: "R9"),
        api(.set, "pims.authentication.smscode", sub: "enrollment", needs: ["smsCode"], rule: "R10"),
        api(.set, "pims.authentication.enrollment", sub: "enroll", needs: ["pinCode"], optional: ["smsCode"], rule: "R11"),
        api(.set, "pims.authentication.enrollment", sub: "remove", rule: "R12"),
        api(.set, "pims.authentication.pincode", sub: "reset", needs: ["pinCode", "smsCode"], rule: "R13"),
        api(.set, "pims.authentication.pincode", sub: "update", needs: ["oldPIN", "newPIN"], rule: "R14"),
        api(.set, "pims.authentication.smscode", sub: "modifyPhoneNumber", needs: ["smsCode", "phoneNumber"], rule: "R15"),
        api(.get, "pims.authentication.otp", sub: "withPin", needs: ["pinCode"], rule: "R16"),
        api(.get, "pims.authentication.otp", sub: "withoutPin", rule: "R16"),
        api(.set, "pims.subscription.vehicle", sub: "removeProperty", needs: ["vin"], rule: "R18"),
        api(.get, "pims.subscription.steps", needs: ["carAssociationID"], optional: ["resetSteps", "stepsStatus"], rule: "R19"),
        api(.get, "pims.subscription.steps", needs: ["stepsID"], optional: ["resetSteps", "stepsStatus"], rule: "R20"),
        api(.get, "pims.subscription.steps", needs: ["vin"], optional: ["resetSteps", "stepsStatus"], rule: "R21"),
        api(.get, "pims.subscription.step", needs: ["stepsID"], rule: "R22"),
        api(.set, "pims.vehicle.vin", needs: ["vin"], rule: "R23"),
        api(.get, "pims.vehicle.carkey", rule: "R24"),
        api(.set, "pims.vehicle.carkey", rule: "R25"),
        // Remote commands and vehicle status (docs/pims-rules.md §10–§14).
        api(.set, "pims.vehicle.vin", needs: ["vin"], rule: "R26", fixed: remote),
        api(.subscribe, "pims.vehicle.signal", rule: "R27"),
        api(.subscribe, "pims.vehicle.event", needs: ["type"], rule: "R27", fixed: remote),
        api(.unsubscribe, "pims.vehicle.signal", rule: "R27"),
        api(.unsubscribe, "pims.vehicle.event", rule: "R27"),
        api(.set, "pims.vehicle.command", sub: "doors", needs: ["doorState"], rule: "R32"),
        api(.set, "pims.vehicle.command", sub: "horn", rule: "R33"),
        api(.set, "pims.vehicle.command", sub: "warning", rule: "R33"),
        api(.set, "pims.vehicle.command", sub: "charge", needs: ["startNow"], rule: "R34"),
        api(.set, "pims.vehicle.command", sub: "chargeDeferredTime", needs: ["startNow", "deferredTime", "checkStartCharge"], rule: "R35"),
        api(.set, "pims.vehicle.command", sub: "preconditioning", needs: ["startNow"], optional: ["programs"], rule: "R36"),
        api(.get, "pims.vehicle.informations", sub: "get", rule: "R39", fixed: remote),
        api(.get, "pims.vehicle.informations", sub: "refresh", rule: "R40", fixed: remote),
        api(.get, "pims.vehicle.informations", sub: "refreshWithWakeUp", rule: "R41", fixed: remote),
    ]

    /// A well-formed value for each parameter name, for examples and tests.
    public static func example(_ parameter: String) -> JSONValue {
        switch parameter {
        case "username": "alice@example.com"
        case "password": "alice-pass"
        case "actionType": "strong"
        case "phoneNumber": "0612345678"
        case "pinCode", "oldPIN": "1234"
        case "newPIN": "5678"
        case "smsCode": "0000"
        case "vin": "VR1AB12C3D4567890"
        case "carAssociationID": "987654"
        case "stepsID": 132324
        case "resetSteps": false
        case "stepsStatus": "all"
        case "doorState": "lock"
        case "startNow", "checkStartCharge": false
        case "deferredTime": "PT6H30M"
        case "type": ["remoteChargeFinished"]
        default: "x"
        }
    }

    /// The entry's request with every required parameter (and the sub-API) filled.
    public static func exampleRequest(_ entry: APIEntry) -> PIMSRequest {
        var params = Dictionary(uniqueKeysWithValues: entry.required.map { ($0, example($0)) }).merging(entry.fixed) { a, _ in a }
        if let sub = entry.sub, let key = entry.subKey { params[key] = .string(sub) }
        return PIMSRequest(entry.type, entry.name, params)
    }
}
