import SimKernel

/// The vehicle's kind (§10): `fuel` lacks the charge, deferred charge, preconditioning and
/// `refreshWithWakeUp`.
public enum VehicleType: String, Sendable, Hashable, Codable, CaseIterable {
    case electric, hybrid, fuel

    /// `attributes.engine` of the payload (R42).
    public var engine: String {
        switch self {
        case .electric: "BEV"
        case .hybrid: "PHEV"
        case .fuel: "Thermal"
        }
    }
    public var hasBattery: Bool { self != .fuel }
    public var hasFuel: Bool { self != .electric }
}

public enum LockState: String, Sendable, Hashable, Codable, CaseIterable {
    case locked = "Locked", unlocked = "Unlocked"
}

/// What can be open (`doorStateInformation`'s flags).
public enum Opening: String, Sendable, Hashable, Codable, CaseIterable {
    case driver, passenger, rearLeft, rearRight, rearWindow, roofWindow, trunk
}

/// The charger's mode while plugged (`no` is reported when unplugged: decision, R47).
public enum ChargeMode: String, Sendable, Hashable, Codable, CaseIterable {
    case slow, quick

    /// Tenths of a percent per hour (§10: slow 10.0, quick 60.0 %/h).
    var tenthsPerHour: Int { self == .slow ? 100 : 600 }
}

public enum ChargeState: String, Sendable, Hashable, Codable, CaseIterable {
    case disconnected = "DISCONNECTED", stopped = "STOPPED", inProgress = "INPROGRESS", finished = "FINISHED", failure = "FAILURE"
}

public enum PrecondStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case disabled = "Disabled", enabled = "Enabled", finished = "Finished", failure = "Failure"
}

public enum Weekday: String, Sendable, Hashable, Codable, CaseIterable {
    case mon, tue, wed, thu, fri, sat, sun

    /// "Mon" (the payload's spelling).
    public var written: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// Any case; `wen` is `wed`, as 3-1 writes it (R29).
    public init?(spelled: String) {
        let s = spelled.lowercased()
        self.init(rawValue: s == "wen" ? "wed" : s)
    }
}

/// A preconditioning program (R29): stored, reported, never run by the simulator (§10).
public struct PrecondProgram: Sendable, Hashable, Codable {
    public var slot: Int
    public var hour: Int
    public var minute: Int
    public var isEnabled: Bool
    public var days: [Weekday]

    public init(slot: Int, hour: Int, minute: Int, isEnabled: Bool, days: [Weekday]) {
        self.slot = slot
        self.hour = hour
        self.minute = minute
        self.isEnabled = isEnabled
        self.days = days
    }
}

/// A time of day in UTC, written `PT<h>H<m>M` (R29's `deferredTime`).
public struct TimeOfDay: Sendable, Hashable, Codable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    public init?(_ text: String) {
        guard text.hasPrefix("PT"), text.hasSuffix("M"), let h = text.firstIndex(of: "H") else { return nil }
        let hours = text[text.index(text.startIndex, offsetBy: 2)..<h]
        let minutes = text[text.index(after: h)..<text.index(before: text.endIndex)]
        guard !hours.isEmpty, !minutes.isEmpty, hours.allSatisfy(\.isASCIIDigit), minutes.allSatisfy(\.isASCIIDigit),
              hours.count <= 2, minutes.count <= 2, let hh = Int(hours), let mm = Int(minutes) else { return nil }
        self.init(hour: hh, minute: mm)
    }

    public var description: String { "PT\(hour)H\(minute)M" }

    /// The first time of day strictly after `t`.
    public func next(after t: SimTime) -> SimTime {
        let day = t.seconds - ((t.seconds % 86_400) + 86_400) % 86_400
        let candidate = SimTime(seconds: day + hour * 3600 + minute * 60)
        return candidate > t ? candidate : candidate + 86_400
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let t = TimeOfDay(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a time of day is PT<h>H<m>M (h 0–23, m 0–59), not \(text)"))
        }
        self = t
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// A battery or tank level, 0–100 in steps of 0.1, kept in tenths (no rounding drift on the clock).
public struct Level: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var tenths: Int

    public init(tenths: Int) { self.tenths = tenths }

    public init?(_ percent: Double) {
        guard percent.isFinite, (0...100).contains(percent) else { return nil }
        // Floored to 0.1, a hair above so that 2.3 (22.999… tenths in binary) reads as 2.3.
        tenths = Int((percent * 10 + 1e-6).rounded(.down))
    }

    public var percent: Double { Double(tenths) / 10 }
    public static let full = Level(tenths: 1000)
    public static func < (a: Level, b: Level) -> Bool { a.tenths < b.tenths }
    public var description: String { String(percent) }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Double.self)
        guard let level = Level(value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a level is between 0 and 100, not \(value)"))
        }
        self = level
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(percent)
    }
}

/// The charge of an electric or hybrid vehicle (§10).
public struct Charging: Sendable, Hashable, Codable {
    public var plugged = false
    public var mode = ChargeMode.slow
    public var state = ChargeState.disconnected
    /// While `INPROGRESS`: when the charge started, and the level then (R37).
    public var startedAt: SimTime?
    public var startLevel: Level?
    public var deferredTime: TimeOfDay?

    public init(plugged: Bool = false, mode: ChargeMode = .slow, state: ChargeState = .disconnected, startedAt: SimTime? = nil,
                startLevel: Level? = nil, deferredTime: TimeOfDay? = nil) {
        self.plugged = plugged
        self.mode = mode
        self.state = state
        self.startedAt = startedAt
        self.startLevel = startLevel
        self.deferredTime = deferredTime
    }

    enum CodingKeys: String, CodingKey { case plugged, mode, state, startedAt, startLevel, deferredTime }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        plugged = try c.decodeIfPresent(Bool.self, forKey: .plugged) ?? false
        mode = try c.decodeIfPresent(ChargeMode.self, forKey: .mode) ?? .slow
        state = try c.decodeIfPresent(ChargeState.self, forKey: .state) ?? (plugged ? .stopped : .disconnected)
        startedAt = try c.decodeIfPresent(SimTime.self, forKey: .startedAt)
        startLevel = try c.decodeIfPresent(Level.self, forKey: .startLevel)
        deferredTime = try c.decodeIfPresent(TimeOfDay.self, forKey: .deferredTime)
    }
}

public struct Doors: Sendable, Hashable, Codable {
    public var lock = LockState.locked
    /// In `Opening`'s order.
    public var open: [Opening] = []

    public init(lock: LockState = .locked, open: [Opening] = []) {
        self.lock = lock
        self.open = open
    }

    enum CodingKeys: String, CodingKey { case lock, open }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lock = try c.decodeIfPresent(LockState.self, forKey: .lock) ?? .locked
        open = try c.decodeIfPresent([Opening].self, forKey: .open) ?? []
    }

    public func isOpen(_ o: Opening) -> Bool { open.contains(o) }

    public mutating func set(_ o: Opening, open isOpen: Bool) {
        var set = Set(open)
        if isOpen { set.insert(o) } else { set.remove(o) }
        open = Opening.allCases.filter(set.contains)
    }
}

public struct Precond: Sendable, Hashable, Codable {
    public var status = PrecondStatus.disabled
    /// While `Enabled`: when the run ends (1800 s after it started).
    public var until: SimTime?
    public var programs: [PrecondProgram] = []

    public init(status: PrecondStatus = .disabled, until: SimTime? = nil, programs: [PrecondProgram] = []) {
        self.status = status
        self.until = until
        self.programs = programs
    }

    enum CodingKeys: String, CodingKey { case status, until, programs }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        status = try c.decodeIfPresent(PrecondStatus.self, forKey: .status) ?? .disabled
        until = try c.decodeIfPresent(SimTime.self, forKey: .until)
        programs = try c.decodeIfPresent([PrecondProgram].self, forKey: .programs) ?? []
    }
}

/// What a status call shows of a vehicle (R38, R42): the server's copy when frozen, else the vehicle.
public struct VehicleReading: Sendable, Hashable, Codable {
    public var lastUpdate: SimTime
    public var level: Level
    public var fuelLevel: Level
    public var fuelAutonomy: Int
    public var charging: Charging
    public var doors: Doors
    public var precond: Precond

    enum CodingKeys: String, CodingKey { case lastUpdate, level, fuelLevel, fuelAutonomy, charging, doors, precond }

    public init(lastUpdate: SimTime, level: Level, fuelLevel: Level, fuelAutonomy: Int, charging: Charging, doors: Doors, precond: Precond) {
        self.lastUpdate = lastUpdate
        self.level = level
        self.fuelLevel = fuelLevel
        self.fuelAutonomy = fuelAutonomy
        self.charging = charging
        self.doors = doors
        self.precond = precond
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lastUpdate = try c.decode(SimTime.self, forKey: .lastUpdate)
        level = try c.decodeIfPresent(Level.self, forKey: .level) ?? Level(tenths: 800)
        fuelLevel = try c.decodeIfPresent(Level.self, forKey: .fuelLevel) ?? Level(tenths: 0)
        fuelAutonomy = try c.decodeIfPresent(Int.self, forKey: .fuelAutonomy) ?? 0
        charging = try c.decodeIfPresent(Charging.self, forKey: .charging) ?? Charging()
        doors = try c.decodeIfPresent(Doors.self, forKey: .doors) ?? Doors()
        precond = try c.decodeIfPresent(Precond.self, forKey: .precond) ?? Precond()
    }
}

/// A request under way on the vehicle (R31, R40): a command, or a refresh's wake-up.
public struct InFlight: Sendable, Hashable, Codable {
    /// Where it stands: `waking` (an asleep vehicle's wake-up), `pending` (901 next), `sent` (the
    /// vehicle executes; 200 or 902 next), `timeout` (903 next), `refresh` (a refresh's wake-up).
    public enum Step: String, Sendable, Hashable, Codable, CaseIterable {
        case waking, pending, sent, timeout, refresh
    }

    public var transactionId: String
    public var action: String
    /// The command's parameters as given (without `action`), read again at execution.
    public var params: [String: JSONValue]
    public var session: String
    public var t0: SimTime
    public var step: Step
    public var due: SimTime
    /// A `pims.vehicle.signal` fault drawn at acceptance (R45): the code it ends 902 with.
    public var fault: Int?

    public init(transactionId: String, action: String, params: [String: JSONValue], session: String, t0: SimTime, step: Step,
                due: SimTime, fault: Int? = nil) {
        self.transactionId = transactionId
        self.action = action
        self.params = params
        self.session = session
        self.t0 = t0
        self.step = step
        self.due = due
        self.fault = fault
    }

    enum CodingKeys: String, CodingKey { case transactionId, action, params, session, t0, step, due, fault }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        transactionId = try c.decode(String.self, forKey: .transactionId)
        action = try c.decode(String.self, forKey: .action)
        params = try c.decodeIfPresent([String: JSONValue].self, forKey: .params) ?? [:]
        session = try c.decode(String.self, forKey: .session)
        t0 = try c.decode(SimTime.self, forKey: .t0)
        step = try c.decode(Step.self, forKey: .step)
        due = try c.decode(SimTime.self, forKey: .due)
        fault = try c.decodeIfPresent(Int.self, forKey: .fault)
    }

    /// A refresh's wake-up rather than a command (R40, R41).
    public var isRefresh: Bool { action == "refresh" || action == "refreshWithWakeUp" }
}

/// A vehicle's remote state (§10): the car itself, the server's copy, and the requests under way.
public struct VehicleRemote: Sendable, Hashable, Codable {
    public var type = VehicleType.electric
    public var rangeKm = 340
    public var asleep = false
    public var online = true
    public var engineOn = false
    public var level = Level(tenths: 800)
    public var fuelLevel = Level(tenths: 0)
    public var fuelAutonomy = 0
    public var charging = Charging()
    public var doors = Doors()
    public var precond = Precond()
    public var lastHornAt: SimTime?
    public var lastLightsAt: SimTime?
    /// The server's copy while the vehicle is asleep or offline; nil: it is the vehicle itself (R38).
    public var reported: VehicleReading?
    public var inFlight: [InFlight] = []

    public init() {}

    enum CodingKeys: String, CodingKey {
        case type, rangeKm, asleep, online, engineOn, level, fuelLevel, fuelAutonomy, charging, doors, precond
        case lastHornAt, lastLightsAt, reported, inFlight
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = VehicleRemote()
        type = try c.decodeIfPresent(VehicleType.self, forKey: .type) ?? d.type
        rangeKm = try c.decodeIfPresent(Int.self, forKey: .rangeKm) ?? d.rangeKm
        asleep = try c.decodeIfPresent(Bool.self, forKey: .asleep) ?? d.asleep
        online = try c.decodeIfPresent(Bool.self, forKey: .online) ?? d.online
        engineOn = try c.decodeIfPresent(Bool.self, forKey: .engineOn) ?? d.engineOn
        level = try c.decodeIfPresent(Level.self, forKey: .level) ?? d.level
        fuelLevel = try c.decodeIfPresent(Level.self, forKey: .fuelLevel) ?? d.fuelLevel
        fuelAutonomy = try c.decodeIfPresent(Int.self, forKey: .fuelAutonomy) ?? d.fuelAutonomy
        charging = try c.decodeIfPresent(Charging.self, forKey: .charging) ?? d.charging
        doors = try c.decodeIfPresent(Doors.self, forKey: .doors) ?? d.doors
        precond = try c.decodeIfPresent(Precond.self, forKey: .precond) ?? d.precond
        lastHornAt = try c.decodeIfPresent(SimTime.self, forKey: .lastHornAt)
        lastLightsAt = try c.decodeIfPresent(SimTime.self, forKey: .lastLightsAt)
        reported = try c.decodeIfPresent(VehicleReading.self, forKey: .reported)
        inFlight = try c.decodeIfPresent([InFlight].self, forKey: .inFlight) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        if type.hasBattery { try c.encode(rangeKm, forKey: .rangeKm) }
        try c.encode(asleep, forKey: .asleep)
        try c.encode(online, forKey: .online)
        try c.encode(engineOn, forKey: .engineOn)
        if type.hasBattery { try c.encode(level, forKey: .level) }
        if type.hasFuel {
            try c.encode(fuelLevel, forKey: .fuelLevel)
            try c.encode(fuelAutonomy, forKey: .fuelAutonomy)
        }
        if type.hasBattery {
            try c.encode(charging, forKey: .charging)
            try c.encode(precond, forKey: .precond)
        }
        try c.encode(doors, forKey: .doors)
        try c.encodeIfPresent(lastHornAt, forKey: .lastHornAt)
        try c.encodeIfPresent(lastLightsAt, forKey: .lastLightsAt)
        try c.encodeIfPresent(reported, forKey: .reported)
        if !inFlight.isEmpty { try c.encode(inFlight, forKey: .inFlight) }
    }

    /// The battery now: while charging, the start level plus the rate times the hours, floored to
    /// 0.1, at most 100 (R37).
    public func level(at t: SimTime) -> Level {
        guard charging.state == .inProgress, let start = charging.startedAt, let from = charging.startLevel else { return level }
        let gained = charging.mode.tenthsPerHour * max(0, t - start) / 3600
        return Level(tenths: min(1000, from.tenths + gained))
    }

    /// When a charge under way reaches 100 % (R37).
    public var chargeEnd: SimTime? {
        guard charging.state == .inProgress, let start = charging.startedAt, let from = charging.startLevel else { return nil }
        let rate = charging.mode.tenthsPerHour
        let missing = 1000 - from.tenths
        return start + (missing * 3600 + rate - 1) / rate
    }

    /// The vehicle as a status call would see it if the copy were live, at `t`.
    public func reading(at t: SimTime) -> VehicleReading {
        VehicleReading(lastUpdate: t, level: level(at: t), fuelLevel: fuelLevel, fuelAutonomy: fuelAutonomy,
                       charging: charging, doors: doors, precond: precond)
    }

    /// The copy status calls answer at `t` (R38).
    public func copy(at t: SimTime) -> VehicleReading { reported ?? reading(at: t) }

    /// Whether the copy follows the vehicle: awake and online (R38).
    public var isLive: Bool { !asleep && online }

    /// The commands under way (not a refresh's wake-up).
    public var commands: [InFlight] { inFlight.filter { !$0.isRefresh } }
}
