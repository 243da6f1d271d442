import SimKernel

/// One Futurae call in progress: Futurae's world, what the kernel lends the rules (the clock, the
/// calling session's settings, the seeded codes), and the calling session's SDK instance, so that the
/// rules read as the contract does: `device.sdkPin`, `lockType`, `now`.
public struct FuturaeStep: SystemStep {
    public var world: FuturaeWorld
    public var kernel: KernelContext
    /// The calling session's SDK instance (a fresh install when it has no state yet).
    var device: FuturaeDevice

    public init(world: FuturaeWorld, kernel: KernelContext) {
        self.world = world
        self.kernel = kernel
        device = world.device(session: kernel.session) ?? FuturaeDevice(session: kernel.session)
    }

    var now: SimTime { kernel.now }
    var settings: SessionSettings { kernel.settings ?? SessionSettings(device: "") }
    var lockType: LockConfigurationType { settings.lockType }
    /// F5: under lock type `none` the SDK is never locked.
    var isUnlocked: Bool { !lockType.locks || device.isUnlocked(at: now) }

    /// Writes the device back into the world; a fresh install is not stored until it has state.
    public mutating func finish() {
        if let i = world.devices.index(of: device.session) {
            if world.devices[i] != device { world.devices[i] = device }
        } else if !device.isFresh {
            world.devices.append(device)
        }
    }

    /// Dispatch to the call's rule. F7: after the device is archived every call answers SDKApiError 13,
    /// except F1, F3 and F6 (and F2, which checks it at its step 3, after its own first two checks).
    public mutating func result(of call: FuturaeCall) throws(FuturaeFailure) -> JSONValue {
        switch call {
        case .qrCodeType(let payload):  // F1: never fails
            return ["qrCodeType": .string(payload.type.rawValue)]
        case .enroll(let parameters):
            return try enroll(parameters)
        case .accounts:  // F3
            return ["accounts": .array(device.accounts.map(ftrAccount))]
        case .logoutAccount(let userId):
            return try logoutAccount(userId)
        case .deleteAccount(let userId):
            return try deleteAccount(userId)
        case .unlock(let method):
            if device.archived { kernel.took("deviceArchived", rule: "F7") }
            try requireNotArchived()
            return try unlock(method)
        case .lock:
            if device.archived { kernel.took("deviceArchived", rule: "F7") }
            try requireNotArchived()
            return lock()
        case .authSessions, .approveAuth, .rejectAuth:
            if device.archived { kernel.took("deviceArchived", rule: "F7") }
            try requireNotArchived()
            return try answerAuth(call)
        }
    }

    /// F7 (and F2.3).
    func requireNotArchived() throws(FuturaeFailure) {
        if device.archived {
            throw FuturaeFailure(.deviceArchived, "device \(settings.device) was archived after \(device.pinFailures) wrong SDK PINs")
        }
    }

    /// Unlocked from now for the session's `unlockDuration` (F2.9, F4).
    mutating func unlockForDuration() {
        device.unlockedUntil = min(now + settings.unlockDuration, SimTime.latest)
    }

    /// `FTRAccount` as the SDK returns it: the account's user and service, and this device.
    func ftrAccount(_ account: EnrolledAccount) -> JSONValue {
        let user = world.user(account.userId)
        return [
            "userId": .string(account.userId),
            "username": user?.username.map(JSONValue.string) ?? .null,
            "serviceId": world.service.map { .string($0.serviceId) } ?? .null,
            "serviceName": world.service.map { .string($0.serviceName) } ?? .null,
            "serviceLogo": world.service?.serviceLogo.map(JSONValue.string) ?? .null,
            "deviceId": .string(settings.device),
            "enrolled": true,
            "lockedOut": .bool(device.archived),
            "enrolledAt": .string(account.enrolledAt.iso8601),
        ]
    }
}
