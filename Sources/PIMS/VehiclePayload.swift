import SimKernel

/// The timings of the remote commands (§10's policy, its defaults; fixed: decision).
public enum RemotePolicy {
    public static let wakeUpSeconds = 20
    public static let sendSeconds = 2
    public static let timeoutSeconds = 60
    public static let hornCoolDownSeconds = 60
    public static let precondSeconds = 1800
    /// Below this battery level an unplugged vehicle refuses preconditioning (R36).
    public static let precondMinimumLevel = Level(tenths: 200)

    /// How long the vehicle takes to execute `action` once sent (R31).
    public static func executionSeconds(_ action: String) -> Int {
        switch action {
        case "doors": 5
        case "horn", "warning": 3
        default: 10
        }
    }
}

/// The status payload (R42): 3-2's example key for key, in the session's variant. Its keys are
/// `Key`'s, which `VehicleStatus` reads too.
public enum VehiclePayload {
    public static func build(_ vehicle: Vehicle, _ copy: VehicleReading, variant: SpecVariant) -> JSONValue {
        typealias K = Key
        let r = vehicle.remote
        let reference = variant == .reference
        let updated = JSONValue.string(copy.lastUpdate.iso8601)

        let doors = copy.doors
        var doorState: [String: JSONValue] = [K.lockState: [.string(doors.lock.rawValue)]]
        for o in K.openings { doorState[o.key.spelt(reference)] = .bool(doors.isOpen(o.opening)) }

        var fuel = JSONValue.null
        if r.type.hasFuel {
            fuel = [
                K.autonomy: .double(Double(copy.fuelAutonomy)),
                K.charging.tutorial: [K.chargingMode: .null, K.chargingRate: 0.0, K.isPlugged: false, K.chargingState: .null,
                                      K.remainingTime: "PT0S"],
                K.level: .double(copy.fuelLevel.percent), K.lastUpdate: updated, K.consumption: 0.0, K.type: "fuel",
            ]
        }

        var electric = JSONValue.null
        var precond = JSONValue.null
        if r.type.hasBattery {
            let c = copy.charging
            let charging = c.state == .inProgress
            let autonomy = copy.level.tenths * r.rangeKm / 1000
            let mode = c.plugged ? c.mode.rawValue : "no"
            let next: JSONValue = c.deferredTime.map { .string($0.next(after: copy.lastUpdate).iso8601) } ?? .null
            let info: JSONValue = [
                K.chargingMode: .string(reference ? mode.uppercased() : mode),
                K.chargingRate: .double(charging ? Double(c.mode.tenthsPerHour) / 10 : 0.0),
                K.isPlugged: .bool(c.plugged),
                K.nextDeferredChargingDate: next,
                K.chargingState: .string(reference ? c.state.rawValue : c.state.rawValue.lowercased()),
                K.remainingTime: .string(charging ? remainingTime(from: copy.level, mode: c.mode) : "PT0S"),
            ]
            electric = [
                K.autonomy: reference ? .int(autonomy) : .double(Double(autonomy)),
                K.charging.spelt(reference): info,
                K.level: .double(copy.level.percent), K.lastUpdate: updated, K.type: "electric",
            ]
            let programs: [JSONValue] = copy.precond.programs.sorted { $0.slot < $1.slot }.map { p in
                ["hour": .int(p.hour), "isEnabled": .bool(p.isEnabled), K.days.spelt(reference): .array(p.days.map { .string($0.written) }),
                 "slot": .int(p.slot), "recurrence": p.days.isEmpty ? "None" : "Daily", "minute": .int(p.minute)]
            }
            let status = copy.precond.status.rawValue
            precond = [
                K.lastUpdate: updated, K.precondStatus: .string(reference ? status : status.lowercased()),
                K.scheduling.spelt(reference): .array(programs),
            ]
        }

        let status: JSONValue = [
            K.lastUpdate: updated, K.fuel: fuel, K.doorState: .object(doorState), K.precond: precond,
            K.electric: electric, K.vehicleType: .string(r.type.rawValue), K.vin: .string(vehicle.vin.value),
        ]
        return [
            K.resources.spelt(reference): [K.status: status],
            K.attributes: [K.engine: .string(r.type.engine), K.vin: .string(vehicle.vin.value), K.brand: .string(vehicle.brand.lowercased())],
        ]
    }

    /// The payload's keys (3-2), for the writer above and the reader (`VehicleStatus`): where the
    /// reference spells one differently, both spellings.
    enum Key {
        struct Spelling: Sendable {
            let tutorial: String
            let reference: String
            init(_ tutorial: String, reference: String? = nil) {
                self.tutorial = tutorial
                self.reference = reference ?? tutorial
            }
            func spelt(_ isReference: Bool) -> String { isReference ? reference : tutorial }
            /// The field under either spelling.
            func read(_ json: JSONValue?) -> JSONValue? { json?[tutorial] ?? json?[reference] }
        }

        /// The reference's status answer wraps the payload (`{"vehicle": …}`, R39–R41).
        static let wrapper = "vehicle"
        static let resources = Spelling("resources", reference: "ressources")
        static let status = "status", attributes = "attributes", vin = "vin", brand = "brand", engine = "engine"
        static let lastUpdate = "lastUpdate", vehicleType = "vehicleType", type = "type"
        static let doorState = "doorStateInformation", lockState = "state"
        static let electric = "electricInformation", fuel = "fuelInformation", precond = "precondInformation"
        static let autonomy = "autonomy", level = "chargingLevel", consumption = "consumption"
        static let charging = Spelling("chargingInformation", reference: "ChargingInfo")
        static let chargingMode = "chargingMode", chargingRate = "chargingRate", isPlugged = "isPlugged"
        static let chargingState = "chargingState", remainingTime = "remainingTime", nextDeferredChargingDate = "nextDeferredChargingDate"
        static let precondStatus = "status"
        static let scheduling = Spelling("precondScheduling", reference: "PrecondScheduling")
        static let days = Spelling("occurence", reference: "occurrence")
        /// `doorStateInformation`'s openings, with their names on screen.
        static let openings: [(opening: Opening, key: Spelling, name: String)] = [
            (.driver, Spelling("isDriverDoorOpened"), "driver"), (.passenger, Spelling("isPassengerDoorOpened"), "passenger"),
            (.rearLeft, Spelling("isRearLeftDoorOpened"), "rear left"), (.rearRight, Spelling("isRearRightDoorOpened"), "rear right"),
            (.rearWindow, Spelling("isRearWindowOpened"), "rear window"), (.roofWindow, Spelling("isRoofWindowOpened"), "roof window"),
            (.trunk, Spelling("isTrunkOpened", reference: "isTrunkDoorOpened"), "trunk"),
        ]
    }

    /// Time to 100 % at `mode`'s rate, rounded up to the minute: `PT1H25M` (§10).
    public static func remainingTime(from level: Level, mode: ChargeMode) -> String {
        let seconds = (1000 - level.tenths) * 3600 / mode.tenthsPerHour
        let minutes = (seconds + 59) / 60
        if minutes == 0 { return "PT0S" }
        let h = minutes / 60, m = minutes % 60
        if h == 0 { return "PT\(m)M" }
        return m == 0 ? "PT\(h)H" : "PT\(h)H\(m)M"
    }
}
