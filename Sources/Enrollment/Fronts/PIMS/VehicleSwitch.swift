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
        guard let user = shared.loggedIn, let text = shared.remoteVIN ?? vehicle?.vin ?? shared.vehicles.first?.vin, let vin = VIN(text) else {
            if which != nil { message = "No vehicle to change: log in to an account with a vehicle." }
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
        return [.control(.simulator(.vehicle), .vehicle(change))]
    }

    mutating func vehicleAnswered(_ answer: SimAnswer) -> [SimulatorPanel.Out] {
        let before = vehicle
        vehicle = VehicleTruth(answer)
        now = answer.now ?? now
        // Said only when the car changed (a read after a clock advance keeps the panel's message).
        if let v = vehicle, let before, before.vin == v.vin, before.summary != v.summary { message = "Vehicle \(v.vin) changed: \(v.summary)." }
        return vehicle.map { [.delegate(.front(FrontValue($0)))] } ?? []
    }
}
