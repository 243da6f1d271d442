import SimKernel

/// The vehicle as the phone last heard of it: a status payload (R42) read in either spelling
/// (tutorial `resources`, `chargingInformation`, lower-case values; reference `ressources`,
/// `ChargingInfo`, `isTrunkDoorOpened`, upper-case values), from a status answer (the object, or
/// `{"vehicle": …}`) or a signal's `vehicle`.
public struct VehicleStatus: Hashable, Sendable {
    public var vin: String
    public var brand: String
    public var type: String
    public var lastUpdate: String
    /// `Locked` or `Unlocked`.
    public var lock: String
    /// The openings that are open, in the payload's order (driver, passenger, …, trunk).
    public var open: [String]
    /// Battery (not `fuel`) or fuel level, and its autonomy in km.
    public var level: Double?
    public var autonomy: Int?
    public var fuelLevel: Double?
    public var plugged: Bool
    /// Spelt as the answer spells them (`slow`/`SLOW`, `inprogress`/`INPROGRESS`).
    public var chargingMode: String?
    public var chargingState: String?
    public var chargingRate: Double
    /// ISO 8601 duration to 100 % (`PT1H25M`), `PT0S` when not charging.
    public var remainingTime: String
    public var nextDeferredChargingDate: String?
    public var precondStatus: String?
    public var programs: Int

    public init?(_ answer: JSONValue?) {
        typealias K = VehiclePayload.Key
        guard let answer else { return nil }
        let payload = answer[K.wrapper] ?? answer
        guard let status = K.resources.read(payload)?[K.status] else { return nil }
        let attributes = payload[K.attributes]
        vin = status[K.vin]?.stringValue ?? attributes?[K.vin]?.stringValue ?? ""
        brand = attributes?[K.brand]?.stringValue ?? ""
        type = status[K.vehicleType]?.stringValue ?? "?"
        lastUpdate = status[K.lastUpdate]?.stringValue ?? ""
        let doors = status[K.doorState]
        lock = doors?[K.lockState]?.arrayValue?.first?.stringValue ?? "?"
        open = K.openings.filter { $0.key.read(doors)?.boolValue == true }.map(\.name)
        let electric = status[K.electric].flatMap { $0 == .null ? nil : $0 }
        let fuel = status[K.fuel].flatMap { $0 == .null ? nil : $0 }
        level = electric?[K.level]?.doubleNumber
        autonomy = (electric ?? fuel)?[K.autonomy]?.doubleNumber.map { Int($0) }
        fuelLevel = fuel?[K.level]?.doubleNumber
        let charging = K.charging.read(electric)
        plugged = charging?[K.isPlugged]?.boolValue ?? false
        chargingMode = charging?[K.chargingMode]?.stringValue
        chargingState = charging?[K.chargingState]?.stringValue
        chargingRate = charging?[K.chargingRate]?.doubleNumber ?? 0
        remainingTime = charging?[K.remainingTime]?.stringValue ?? "PT0S"
        nextDeferredChargingDate = charging?[K.nextDeferredChargingDate]?.stringValue
        let precond = status[K.precond].flatMap { $0 == .null ? nil : $0 }
        precondStatus = precond?[K.precondStatus]?.stringValue
        programs = K.scheduling.read(precond)?.arrayValue?.count ?? 0
    }

    public var hasBattery: Bool { level != nil }

    /// A level as the screens write it: `62.0 %` (one decimal, as the contract keeps levels).
    public static func percent(_ value: Double) -> String { "\((value * 10).rounded() / 10) %" }
    public var isCharging: Bool { chargingState?.uppercased() == "INPROGRESS" }

    /// `PT1H25M` as `1 h 25 min`; `PT0S` as nil.
    public static func duration(_ iso: String) -> String? {
        guard iso.hasPrefix("PT"), iso != "PT0S" else { return nil }
        var out: [String] = []
        var number = ""
        for c in iso.dropFirst(2) {
            if c.isNumber { number.append(c); continue }
            switch c {
            case "H": out.append("\(number) h")
            case "M": out.append("\(number) min")
            case "S": out.append("\(number) s")
            default: break
            }
            number = ""
        }
        return out.isEmpty ? nil : out.joined(separator: " ")
    }
}

/// The car as the simulator holds it (the `vehicle` control's read, R46): what no status payload
/// says — asleep, online, the engine — and the steps under way with their due times.
public struct VehicleTruth: Hashable, Sendable {
    public var vin: String
    public var asleep: Bool
    public var online: Bool
    public var engineOn: Bool
    public var battery: Double?
    public var plugged: Bool
    public var type: String
    public var lock: String
    public var openDoors: [String]
    /// (action, step, due) of each request under way.
    public var inFlight: [InFlight]
    public var now: String

    /// The car in a line: `awake · online · engine off · plugged · 62.0 % · Locked · open: trunk`.
    public var summary: String {
        var parts = [asleep ? "asleep" : "awake", online ? "online" : "offline", engineOn ? "engine on" : "engine off"]
        if let battery {
            parts.append(plugged ? "plugged" : "unplugged")
            parts.append(VehicleStatus.percent(battery))
        }
        parts.append(lock)
        if !openDoors.isEmpty { parts.append("open: " + openDoors.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }

    public struct InFlight: Hashable, Sendable {
        public var action: String
        public var step: String
        public var due: String
    }

    public init?(_ answer: SimAnswer) {
        guard answer.ok, let remote = answer["remote"] else { return nil }
        vin = answer["vin"]?.stringValue ?? ""
        asleep = remote["asleep"]?.boolValue ?? false
        online = remote["online"]?.boolValue ?? true
        engineOn = remote["engineOn"]?.boolValue ?? false
        battery = answer["battery"]?.doubleNumber
        plugged = remote["charging"]?["plugged"]?.boolValue ?? false
        type = remote["type"]?.stringValue ?? "?"
        lock = remote["doors"]?["lock"]?.stringValue ?? "?"
        let open = remote["doors"]?["open"]?.arrayValue ?? []
        openDoors = open.compactMap(\.stringValue)
        inFlight = (answer["inFlight"]?.arrayValue ?? []).map {
            InFlight(action: $0["action"]?.stringValue ?? "?", step: $0["step"]?.stringValue ?? "?", due: $0["due"]?.stringValue ?? "?")
        }
        now = answer.now ?? ""
    }
}
