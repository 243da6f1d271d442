import SimKernel

/// A `pims.vehicle.command`, its parameters read as 3-1 and the reference spell them (R29).
public enum RemoteCommand: Sendable, Hashable {
    case charge(startNow: Bool)
    case chargeDeferredTime(startNow: Bool, deferredTime: TimeOfDay, checkStartCharge: Bool)
    case doors(lock: Bool)
    case horn
    case warning
    /// `programs` nil: not given (the stored ones stay).
    case preconditioning(startNow: Bool, programs: [PrecondProgram]?)

    public static let actions = ["charge", "chargeDeferredTime", "doors", "horn", "warning", "preconditioning"]

    public var action: String {
        switch self {
        case .charge: "charge"
        case .chargeDeferredTime: "chargeDeferredTime"
        case .doors: "doors"
        case .horn: "horn"
        case .warning: "warning"
        case .preconditioning: "preconditioning"
        }
    }

    /// Whether a vehicle of `type` has this command (§10: `fuel` lacks the energy ones).
    public func serves(_ type: VehicleType) -> Bool {
        switch self {
        case .doors, .horn, .warning: true
        case .charge, .chargeDeferredTime, .preconditioning: type.hasBattery
        }
    }

    /// Reads the parameters of `action` (missing → 2101, wrong → 2102, unknown action → 2002);
    /// extra parameters are ignored (decision).
    static func parse(action: String, _ p: Params) throws(PIMSError) -> RemoteCommand {
        switch action {
        case "charge": return .charge(startNow: try p.flexibleBool("startNow"))
        case "chargeDeferredTime":
            let startNow = try p.flexibleBool("startNow")
            let text = try p.string("deferredTime")
            guard let time = TimeOfDay(text) else {
                throw .invalid("deferredTime", detail: "deferredTime is PT<h>H<m>M, a time of day in UTC (h 0–23, m 0–59)")
            }
            return .chargeDeferredTime(startNow: startNow, deferredTime: time, checkStartCharge: try p.flexibleBool("checkStartCharge"))
        case "doors":
            switch try p.string("doorState") {
            case "lock": return .doors(lock: true)
            case "unlock": return .doors(lock: false)
            default: throw .invalid("doorState", detail: "doorState must be lock or unlock")
            }
        case "horn": return .horn
        case "warning": return .warning
        case "preconditioning":
            let startNow = try p.flexibleBool("startNow")
            guard p.has("programs") else { return .preconditioning(startNow: startNow, programs: nil) }
            return .preconditioning(startNow: startNow, programs: try programs(p.ignore("programs") ?? .null))
        default: throw .notSupported
        }
    }

    /// `programs`: at most 4, slots distinct, each `{hour, minute, isEnabled, occurence, slot}`
    /// (the reference's `occurrence` taken too); errors name the path (decision).
    static func programs(_ value: JSONValue) throws(PIMSError) -> [PrecondProgram] {
        guard let list = value.arrayValue else { throw .invalid("programs", detail: "programs must be an array") }
        guard list.count <= 4 else { throw .invalid("programs", detail: "at most 4 programs") }
        var programs: [PrecondProgram] = []
        for (i, item) in list.enumerated() {
            let path = "programs[\(i)]"
            guard let fields = item.objectValue else { throw .invalid(path, detail: "\(path) must be an object") }
            let p = Params(fields)
            func int(_ key: String, _ range: ClosedRange<Int>) throws(PIMSError) -> Int {
                guard p.has(key) else { throw .missing("\(path).\(key)") }
                guard let n = fields[key]?.intValue, range.contains(n) else {
                    throw .invalid("\(path).\(key)", detail: "\(path).\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
                return n
            }
            let slot = try int("slot", 1...4)
            if programs.contains(where: { $0.slot == slot }) { throw .invalid("\(path).slot", detail: "slot \(slot) is given twice") }
            let hour = try int("hour", 0...23)
            let minute = try int("minute", 0...59)
            let enabled: Bool
            do throws(PIMSError) { enabled = try p.flexibleBool("isEnabled") } catch {
                throw error.code.intValue == 2101 ? .missing("\(path).isEnabled") : .invalid("\(path).isEnabled", detail: "\(path).isEnabled must be true or false")
            }
            let daysKey = p.has("occurence") ? "occurence" : "occurrence"
            guard let days = fields[daysKey], days != .null else { throw .missing("\(path).occurence") }
            guard let names = days.arrayValue else { throw .invalid("\(path).\(daysKey)", detail: "\(path).\(daysKey) must be an array of days") }
            var weekdays: [Weekday] = []
            for name in names {
                guard let s = name.stringValue, let d = Weekday(spelled: s) else {
                    throw .invalid("\(path).\(daysKey)", detail: "days are mon, tue, wed, thu, fri, sat, sun")
                }
                if !weekdays.contains(d) { weekdays.append(d) }
            }
            programs.append(PrecondProgram(slot: slot, hour: hour, minute: minute, isEnabled: enabled,
                                           days: Weekday.allCases.filter(weekdays.contains)))
        }
        return programs
    }
}

/// `pims.vehicle.informations`'s actions (R39–R41).
public enum RemoteInfoAction: String, Sendable, Hashable, CaseIterable {
    case get, refresh, refreshWithWakeUp
}

extension Params {
    /// A Boolean, also written `"true"`/`"false"` (3-1's charge samples, R29).
    func flexibleBool(_ key: String) throws(PIMSError) -> Bool {
        guard has(key), let v = ignore(key) else { throw .missing(key) }
        if let b = v.boolValue { return b }
        switch v.stringValue {
        case "true": return true
        case "false": return false
        default: throw .invalid(key, detail: "\(key) must be true or false")
        }
    }
}
