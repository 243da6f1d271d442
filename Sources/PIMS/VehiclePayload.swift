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

/// The status payload (R42): 3-2's example key for key, in the session's variant.
public enum VehiclePayload {
    public static func build(_ vehicle: Vehicle, _ copy: VehicleReading, variant: SpecVariant) -> JSONValue {
        let r = vehicle.remote
        let reference = variant == .reference
        let updated = JSONValue.string(copy.lastUpdate.iso8601)
        func spelt(_ tutorial: String, _ referenceForm: String) -> JSONValue { .string(reference ? referenceForm : tutorial) }

        let doors = copy.doors
        let doorState: JSONValue = [
            "isDriverDoorOpened": .bool(doors.isOpen(.driver)), "isPassengerDoorOpened": .bool(doors.isOpen(.passenger)),
            "isRearLeftDoorOpened": .bool(doors.isOpen(.rearLeft)), "isRearRightDoorOpened": .bool(doors.isOpen(.rearRight)),
            "isRearWindowOpened": .bool(doors.isOpen(.rearWindow)), "isRoofWindowOpened": .bool(doors.isOpen(.roofWindow)),
            (reference ? "isTrunkDoorOpened" : "isTrunkOpened"): .bool(doors.isOpen(.trunk)),
            "state": [.string(doors.lock.rawValue)],
        ]

        var fuel = JSONValue.null
        if r.type.hasFuel {
            fuel = [
                "autonomy": .double(Double(copy.fuelAutonomy)),
                "chargingInformation": ["chargingMode": .null, "chargingRate": 0.0, "isPlugged": false, "chargingState": .null,
                                        "remainingTime": "PT0S"],
                "chargingLevel": .double(copy.fuelLevel.percent), "lastUpdate": updated, "consumption": 0.0, "type": "fuel",
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
                "chargingMode": .string(reference ? mode.uppercased() : mode),
                "chargingRate": .double(charging ? Double(c.mode.tenthsPerHour) / 10 : 0.0),
                "isPlugged": .bool(c.plugged),
                "nextDeferredChargingDate": next,
                "chargingState": .string(reference ? c.state.rawValue : c.state.rawValue.lowercased()),
                "remainingTime": .string(charging ? remainingTime(from: copy.level, mode: c.mode) : "PT0S"),
            ]
            electric = [
                "autonomy": reference ? .int(autonomy) : .double(Double(autonomy)),
                (reference ? "ChargingInfo" : "chargingInformation"): info,
                "chargingLevel": .double(copy.level.percent), "lastUpdate": updated, "type": "electric",
            ]
            let days = reference ? "occurrence" : "occurence"
            let programs: [JSONValue] = copy.precond.programs.sorted { $0.slot < $1.slot }.map { p in
                ["hour": .int(p.hour), "isEnabled": .bool(p.isEnabled), days: .array(p.days.map { .string($0.written) }),
                 "slot": .int(p.slot), "recurrence": p.days.isEmpty ? "None" : "Daily", "minute": .int(p.minute)]
            }
            let status = copy.precond.status.rawValue
            precond = [
                "lastUpdate": updated, "status": .string(reference ? status : status.lowercased()),
                (reference ? "PrecondScheduling" : "precondScheduling"): .array(programs),
            ]
        }

        let status: JSONValue = [
            "lastUpdate": updated, "fuelInformation": fuel, "doorStateInformation": doorState, "precondInformation": precond,
            "electricInformation": electric, "vehicleType": .string(r.type.rawValue), "vin": .string(vehicle.vin.value),
        ]
        return [
            (reference ? "ressources" : "resources"): ["status": status],
            "attributes": ["engine": .string(r.type.engine), "vin": .string(vehicle.vin.value), "brand": .string(vehicle.brand.lowercased())],
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
