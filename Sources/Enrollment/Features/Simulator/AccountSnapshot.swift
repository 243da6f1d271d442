import PIMS

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

    /// Reads the control's `account` object; nil when it is not one.
    public init?(json: JSONValue) {
        guard let o = json.objectValue, let username = o["username"]?.stringValue else { return nil }
        self.username = username
        phone = o["phone"]?.stringValue
        pin = o["pin"]?.stringValue
        pinFailures = o["pinFailures"]?.intValue ?? 0
        blockState = o["blockState"]?.stringValue ?? "NotBlocked"
        enrolledDevices = (o["enrolledDevices"]?.arrayValue ?? []).compactMap(\.stringValue)
        vehicles = (o["vehicles"]?.arrayValue ?? []).compactMap { v in
            guard let vin = v["vin"]?.stringValue else { return nil }
            return Vehicle(vin: vin, brand: v["brand"]?.stringValue ?? "", model: v["model"]?.stringValue ?? "",
                           carAssociationID: v["carAssociationID"]?.stringValue ?? "",
                           carKeyActivated: v["carKey"]?["activated"]?.boolValue ?? false,
                           bluetoothOn: v["proximity"]?["bluetoothOn"]?.boolValue ?? true,
                           paired: v["proximity"]?["paired"]?.boolValue ?? true,
                           keyInside: v["proximity"]?["keyInside"]?.boolValue ?? true)
        }
        stepsCaches = (o["stepsCaches"]?.arrayValue ?? []).compactMap { c in
            guard let id = c["stepsID"]?.intValue else { return nil }
            return StepsCacheInfo(stepsID: id, device: c["device"]?.stringValue ?? "",
                                  carAssociationID: c["carAssociationID"]?.stringValue ?? "",
                                  alreadyDone: (c["alreadyDone"]?.arrayValue ?? []).compactMap(\.stringValue))
        }
    }
}
