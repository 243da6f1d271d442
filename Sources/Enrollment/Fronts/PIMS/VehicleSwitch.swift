import PIMS

/// What the car does on its own, as the simulator panel's keys change it (the `vehicle` control,
/// R46): each flips the state the last read showed (close all closes every opening), on the Vehicle screen's vehicle (else the
/// account's first).
public enum VehicleSwitch: String, Hashable, Sendable, CaseIterable {
    case sleep, online, plug, engine, driverDoor, level, trunk, closeAll

    public var title: String {
        switch self {
        case .sleep: "sleep/wake"
        case .online: "online/offline"
        case .plug: "plug/unplug"
        case .engine: "engine"
        case .driverDoor: "door"
        case .level: "battery %"
        case .trunk: "trunk"
        case .closeAll: "close all"
        }
    }

    /// Why the change left the car as it was.
    var nothingToChange: String {
        switch self {
        case .closeAll: "every door, window and the trunk are closed"
        case .level: "the battery is at that level already"
        default: "the car is so already"
        }
    }

    public var help: String {
        switch self {
        case .sleep: "Vehicle: fall asleep, or wake up (a command then waits for the wake-up, R31)."
        case .online: "Vehicle: lose the network, or find it again (a command then ends 903, R31)."
        case .plug: "Vehicle: plug the cable in, or pull it (a charge in progress is interrupted, R37)."
        case .engine: "Vehicle: start or stop the engine (commands then fail 2329 at execution, R33–R36)."
        case .driverDoor: "Vehicle: open or close the driver's door (a lock then fails 2362, R32)."
        case .level: "Vehicle: set the battery level to the Battery % field (0–100)."
        case .trunk: "Vehicle: open or close the trunk (a lock then fails 2362, R32)."
        case .closeAll: "Vehicle: close every door, window and the trunk (what a lock's 2362 needs, R32)."
        }
    }
}

extension SimulatorPanel.State {
    /// The `vehicle` control on the remote vehicle: the change `which` asks, or a read (nil).
    mutating func change(_ which: VehicleSwitch?, _ shared: Shared) -> [SimulatorPanel.Out] {
        // The Vehicle screen's car, else the one shown, while the account still has it (account
        // management E removes one); before the account is read, the screen's.
        let vins = shared.vehicles.map(\.vin)
        let shown = [shared.remoteVIN, vehicle?.vin].compactMap { $0 }
        let chosen = shared.account == nil ? shown.first : shown.first(where: vins.contains) ?? vins.first
        guard let user = shared.loggedIn, let text = chosen, let vin = VIN(text) else {
            if which != nil {
                message = shared.loggedIn == nil ? "No vehicle to change: log in first." : "No vehicle to change: the account has none."
            }
            return []
        }
        var change = VehicleChange(username: user, vin: vin)
        let now = vehicle?.vin == text ? vehicle : nil
        switch which {
        case nil: break
        case .sleep: change.asleep = !(now?.asleep ?? false)
        case .online: change.online = !(now?.online ?? true)
        case .plug: change.plugged = !(now?.plugged ?? false)
        case .engine: change.engineOn = !(now?.engineOn ?? false)
        case .driverDoor: change.open = [.driver: !(now?.openDoors.contains(Opening.driver.rawValue) ?? false)]
        case .trunk: change.open = [.trunk: !(now?.openDoors.contains(Opening.trunk.rawValue) ?? false)]
        case .closeAll: change.open = Dictionary(uniqueKeysWithValues: Opening.allCases.map { ($0, false) })
        case .level:
            guard let percent = Double(form[.batteryLevel].trimmedBlanks), let level = Level(percent) else {
                message = "Battery %: a number from 0 to 100."
                return []
            }
            change.level = level
        }
        return [.control(which.map { .simulator(.vehicleChange($0)) } ?? .simulator(.vehicle), .vehicle(change))]
    }

    /// The car as the control answered it. A read after a clock advance keeps the panel's message; a
    /// change says what changed, or that there was nothing to change (close all with every opening
    /// closed, the battery already at the field's level).
    mutating func vehicleAnswered(_ answer: SimAnswer, change: VehicleSwitch? = nil) -> [SimulatorPanel.Out] {
        let before = vehicle
        vehicle = VehicleTruth(answer)
        now = answer.now ?? now
        if let v = vehicle, let before, before.vin == v.vin {
            if before.summary != v.summary {
                message = "Vehicle \(v.vin) changed: \(v.summary)."
            } else if let change {
                message = "Nothing to change: \(change.nothingToChange)."
            }
        }
        return vehicle.map { [.delegate(.front(FrontValue($0)))] } ?? []
    }
}
