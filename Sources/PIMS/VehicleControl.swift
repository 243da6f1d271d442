import SimKernel

/// The `vehicle` control (R46): what the car does on its own (sleep, lose the network, be plugged,
/// have a door opened, start its engine), applied together now, then their effects.
public struct VehicleChange: Sendable, Hashable {
    public var username: String
    public var vin: VIN
    public var asleep: Bool?
    public var online: Bool?
    public var engineOn: Bool?
    public var plugged: Bool?
    public var mode: ChargeMode?
    public var level: Level?
    public var fuelLevel: Level?
    public var lock: LockState?
    public var open: [Opening: Bool] = [:]

    public static let keys = ["username", "vin", "session", "asleep", "online", "engineOn", "plugged", "mode", "level", "fuelLevel", "lock", "open"]

    public init(username: String, vin: VIN) {
        self.username = username
        self.vin = vin
    }

    init(_ control: SimControl) throws(ControlError) {
        let f = control.read
        try control.refuseUnknownKeys(Self.keys)
        let vinText = try f.string("vin")
        guard let vin = VIN(vinText) else { throw f.fail("\"\(vinText)\" is not a VIN") }
        self.init(username: try f.string("username"), vin: vin)
        asleep = try f.optionalBool("asleep")
        online = try f.optionalBool("online")
        engineOn = try f.optionalBool("engineOn")
        plugged = try f.optionalBool("plugged")
        if let m = try f.optionalString("mode") {
            guard let mode = ChargeMode(rawValue: m) else { throw f.fail("\"mode\" must be slow or quick") }
            self.mode = mode
        }
        for key in ["level", "fuelLevel"] {
            guard let value = try f.optionalDouble(key) else { continue }
            guard let level = Level(value) else { throw f.fail("\"\(key)\" must be between 0 and 100") }
            if key == "level" { self.level = level } else { fuelLevel = level }
        }
        if let l = try f.optionalString("lock") {
            guard let lock = LockState(rawValue: l) else { throw f.fail("\"lock\" must be Locked or Unlocked") }
            self.lock = lock
        }
        if let o = control.fields["open"], o != .null {
            guard let fields = o.objectValue else { throw f.fail("\"open\" must be an object of openings and Booleans") }
            for (key, value) in fields {
                guard let opening = Opening(rawValue: key) else {
                    throw f.fail("\"open\": no opening \"\(key)\" (\(Opening.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                guard let b = value.boolValue else { throw f.fail("\"open.\(key)\" must be true or false") }
                open[opening] = b
            }
        }
    }

    public var control: SimControl {
        var fields: [String: JSONValue] = ["username": .string(username), "vin": .string(vin.value)]
        if let b = asleep { fields["asleep"] = .bool(b) }
        if let b = online { fields["online"] = .bool(b) }
        if let b = engineOn { fields["engineOn"] = .bool(b) }
        if let b = plugged { fields["plugged"] = .bool(b) }
        if let m = mode { fields["mode"] = .string(m.rawValue) }
        if let l = level { fields["level"] = .double(l.percent) }
        if let l = fuelLevel { fields["fuelLevel"] = .double(l.percent) }
        if let l = lock { fields["lock"] = .string(l.rawValue) }
        if !open.isEmpty { fields["open"] = .object(Dictionary(uniqueKeysWithValues: open.map { ($0.key.rawValue, JSONValue.bool($0.value)) })) }
        return SimControl("vehicle", fields)
    }

    var isReadOnly: Bool {
        asleep == nil && online == nil && engineOn == nil && plugged == nil && mode == nil && level == nil && fuelLevel == nil
            && lock == nil && open.isEmpty
    }

    /// A field the vehicle's type lacks (§10), or nil.
    func lackingField(_ type: VehicleType) -> String? {
        if !type.hasBattery {
            if plugged != nil { return "plugged" }
            if mode != nil { return "mode" }
            if level != nil { return "level" }
        }
        if !type.hasFuel, fuelLevel != nil { return "fuelLevel" }
        return nil
    }
}

extension PIMSStep {
    /// R46: applies `change` now (or only reads), then its effects (R37, R38); the remote state.
    mutating func vehicleControl(_ change: VehicleChange) -> SimAnswer {
        guard let a = accountIndex(change.username) else { return .failure("vehicle: no account \(change.username)") }
        guard let v = accounts[a].vehicles.firstIndex(where: { $0.vin == change.vin }) else {
            return .failure("vehicle: \(change.username) has no vehicle \(change.vin)")
        }
        let before = accounts[a].vehicles[v].remote
        if let field = change.lackingField(before.type) {
            return .failure("vehicle: a \(before.type.rawValue) vehicle has no \"\(field)\"")
        }
        guard !change.isReadOnly else { return .success(remoteState(a, v)) }
        let t = clock
        // The copy freezes as the vehicle was when it falls asleep or goes offline (R38).
        let willBeLive = !(change.asleep ?? before.asleep) && (change.online ?? before.online)
        if before.isLive && !willBeLive { accounts[a].vehicles[v].remote.reported = before.reading(at: t) }
        func edit(_ body: (inout VehicleRemote) -> Void) { body(&accounts[a].vehicles[v].remote) }
        if let asleep = change.asleep { edit { $0.asleep = asleep } }
        if let online = change.online { edit { $0.online = online } }
        if let engineOn = change.engineOn { edit { $0.engineOn = engineOn } }
        if let fuel = change.fuelLevel { edit { $0.fuelLevel = fuel } }
        if let lock = change.lock { edit { $0.doors.lock = lock } }
        for (opening, isOpen) in change.open { edit { $0.doors.set(opening, open: isOpen) } }
        if change.level != nil || change.mode != nil {
            let charging = before.charging.state == .inProgress
            if let level = change.level { edit { $0.level = level } } else if charging { edit { $0.level = before.level(at: t) } }
            if let mode = change.mode { edit { $0.charging.mode = mode } }
            if charging { startCharge(a, v, at: t) }  // on from the new level or rate
        }
        if let plugged = change.plugged, plugged != before.charging.plugged {
            if plugged {
                edit {
                    $0.charging.plugged = true
                    $0.charging.state = .stopped
                }
            } else {
                if before.charging.state == .inProgress { interruptCharge(a, v, to: .disconnected, at: t) }
                edit {
                    $0.charging.plugged = false
                    $0.charging.state = .disconnected
                }
            }
            // Asleep or offline, the copy learns the plug alone (R38).
            edit { $0.reported?.charging.plugged = plugged }
        }
        if willBeLive { edit { $0.reported = nil } }
        reschedule(a, v)  // a charge started, stopped or on at a new rate moves its end; a plug, the deferred hour
        if accounts[a].vehicles[v].remote != before { changed(a, v, command: nil, at: t) }
        if kernel.recordsEvents {
            let reached = world.sessions.sessions(of: change.username)
            kernel.emit(.accountChanged, AccountChange(change.username).data, to: reached)
        }
        return .success(remoteState(a, v))
    }

    /// The control's answer: the vehicle, its copy as status calls answer it, the requests under way.
    func remoteState(_ a: Int, _ v: Int) -> [String: JSONValue] {
        let vehicle = accounts[a].vehicles[v]
        let r = vehicle.remote
        return [
            "vin": .string(vehicle.vin.value),
            "remote": PIMSSystem.json(r),
            "battery": .double(r.level(at: clock).percent),
            "copy": VehiclePayload.build(vehicle, r.copy(at: clock), variant: .tutorial),
            "inFlight": .array(r.inFlight.map { ["transactionId": .string($0.transactionId), "action": .string($0.action),
                                                 "step": .string($0.step.rawValue), "due": .string($0.due.iso8601)] }),
            "now": .string(clock.iso8601),
        ]
    }
}
