import SimKernel

/// F6: an account leaves the device by logout (the server is told) or by delete (this device only).
/// Neither is refused on an archived device (F7) nor while the SDK is locked (decision: F6 names no
/// lock check).
extension FuturaeStep {
    mutating func logoutAccount(_ userId: String) throws(FuturaeFailure) -> JSONValue {
        try removeAccount(userId)
        let deviceId = settings.device
        if let u = world.userIndex(userId) { world.users[u].devices.removeAll { $0 == deviceId } }
        return .null
    }

    mutating func deleteAccount(_ userId: String) throws(FuturaeFailure) -> JSONValue {
        try removeAccount(userId)
        return .null
    }

    private mutating func removeAccount(_ userId: String) throws(FuturaeFailure) {
        guard let i = device.accounts.firstIndex(where: { $0.userId == userId }) else {
            throw .invalid("no account of user \"\(userId)\" on this device")
        }
        device.accounts.remove(at: i)
    }
}
