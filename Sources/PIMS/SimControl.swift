import SimKernel

/// PIMS's simulator controls (§8): the user's phone (the SMS inbox), the car's surroundings, and the
/// account as the simulator holds it.
public enum PIMSControl: Sendable, Hashable {
    case inbox(phone: PhoneNumber)
    case proximity(username: String, vin: VIN, bluetoothOn: Bool?, paired: Bool?, keyInside: Bool?)
    case account(username: String)
    case vehicle(VehicleChange)

    public static let kinds = ["inbox", "proximity", "account", "vehicle"]

    /// PIMS's reading of a control, or nil when `kind` is not PIMS's.
    public init?(_ control: SimControl) throws(ControlError) {
        let f = control.read
        switch control.kind {
        case "inbox":
            let text = try f.string("phone")
            guard let phone = PhoneNumber(text) else { throw f.fail("\"\(text)\" is not a phone number") }
            self = .inbox(phone: phone)
        case "proximity":
            let vinText = try f.string("vin")
            guard let vin = VIN(vinText) else { throw f.fail("\"\(vinText)\" is not a VIN") }
            self = .proximity(
                username: try f.string("username"), vin: vin,
                bluetoothOn: try f.optionalBool("bluetoothOn"), paired: try f.optionalBool("paired"),
                keyInside: try f.optionalBool("keyInside"))
        case "account":
            self = .account(username: try f.string("username"))
        case "vehicle":
            self = .vehicle(try VehicleChange(control))
        default:
            return nil
        }
    }

    public var control: SimControl {
        switch self {
        case .inbox(let phone): SimControl("inbox", ["phone": .string(phone.written)])
        case .proximity(let u, let vin, let b, let p, let k):
            SimControl("proximity", ["username": .string(u), "vin": .string(vin.value)]
                .merging(["bluetoothOn": b.map(JSONValue.bool), "paired": p.map(JSONValue.bool), "keyInside": k.map(JSONValue.bool)]
                    .compactMapValues { $0 }) { a, _ in a })
        case .account(let u): SimControl("account", ["username": .string(u)])
        case .vehicle(let c): c.control
        }
    }
}

extension SimControl {
    public static func inbox(phone: PhoneNumber) -> SimControl { PIMSControl.inbox(phone: phone).control }
    public static func proximity(username: String, vin: VIN, bluetoothOn: Bool?, paired: Bool?, keyInside: Bool?) -> SimControl {
        PIMSControl.proximity(username: username, vin: vin, bluetoothOn: bluetoothOn, paired: paired, keyInside: keyInside).control
    }
    public static func account(username: String) -> SimControl { PIMSControl.account(username: username).control }
    public static func vehicle(_ change: VehicleChange) -> SimControl { PIMSControl.vehicle(change).control }
}
