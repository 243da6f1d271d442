import Futurae
import SimKernel
import SimWorld

/// The world as the Auth API reads it (FA7, FA8, FA10, FA12): users, their devices by device id
/// (a session's `device`), and the simulated clock. Made under the world's lock, for one answer.
struct AuthAPIView {
    let futurae: FuturaeWorld
    let now: SimTime
    /// The sessions: each one's device id (a session's `device`) and settings (the device's platform and SDK).
    let sessions: KeyedList<World.Session>

    init(_ world: World) {
        futurae = world.futurae
        now = world.clock
        sessions = world.sessions
    }

    func user(_ reference: UserReference) -> FuturaeUser? {
        switch reference {
        case .id(let id): futurae.user(id)
        case .username(let name): futurae.users.first { $0.username == name }
        }
    }

    func enrolled(_ user: FuturaeUser) -> [FuturaeWorld.EnrolledDevice] {
        futurae.enrolledDevices(of: user.userId, deviceId: { sessions[key: $0]?.settings.device })
    }

    /// FA7: `enabled` while the user has a device, else `disabled` (decision).
    func status(_ user: FuturaeUser) -> String { user.devices.isEmpty ? "disabled" : "enabled" }

    /// The user's devices as the server lists them, one per device id: the SDK instance that holds
    /// the account (the one enrolled last when several), or none (an account deleted on the phone
    /// only, F6: the server still lists the device).
    func devices(of user: FuturaeUser) -> [Device] {
        let enrolled = enrolled(user)
        return user.devices.map { id in
            let instance = enrolled.last { $0.deviceId == id }
            return Device(deviceId: id, enrolledAt: instance?.enrolledAt, archived: instance?.archived ?? false,
                          settings: instance.flatMap { sessions[key: $0.session]?.settings })
        }
    }

    struct Device {
        var deviceId: String
        var enrolledAt: SimTime?
        var archived: Bool
        var settings: SessionSettings?
    }

    /// FA8's device: integers as integers, strings as strings.
    func json(_ d: Device) -> JSONValue {
        let platform = d.settings?.options["platform"]?.stringValue == "android" ? "android" : "ios"
        return [
            "device_id": .string(d.deviceId),
            "display_name": .string(d.deviceId),
            "capabilities": ["approve"],
            "type": .string(platform),
            "version": .string(d.settings?.options["sdk"]?.stringValue ?? "2.3"),
            "version_supported": true,
            "enrolled_at": .int(d.enrolledAt?.seconds ?? 0),
            "device_integrity": .string(d.archived ? "archived" : "passed"),
        ]
    }
}
