import SimKernel

/// F4 `futurae.unlock` and F5 `futurae.lock` (F7 is checked before both).
extension FuturaeStep {
    mutating func unlock(_ method: FuturaeCall.UnlockMethod) throws(FuturaeFailure) -> JSONValue {
        switch method {
        case .sdkPin(let given):
            guard lockType.usesSDKPin else { throw .invalid("lock type \(lockType.rawValue) has no SDK PIN") }
            guard let pin = device.sdkPin else { throw .invalid("no SDK PIN is set on this device") }
            // An empty PIN is the SDK's own refusal, not a wrong PIN: nothing is counted (decision).
            if given.isEmpty { throw FuturaeFailure(.sdkPinEmpty) }
            guard given == pin.value else { throw wrongPin() }
            device.pinFailures = 0
        case .biometrics(let outcome):
            guard lockType.acceptsBiometrics else { throw .invalid("lock type none has no biometric unlock") }
            guard settings.biometricsAvailable else { throw .invalid("biometrics are not available on this device") }
            // The prompt is the device's: the server counts nothing, and PIN failures stay (decision).
            guard outcome == .success else { throw FuturaeFailure(.locked, "biometric prompt: \(outcome.rawValue)") }
        }
        unlockForDuration()
        return ["unlockedUntil": .string(device.unlockedUntil!.iso8601)]
    }

    /// A wrong SDK PIN: one more failure; below the limit SDKApiError 1 with the attempts left, at the
    /// limit the device is archived (every account locked out) and SDKApiError 2.
    mutating func wrongPin() -> FuturaeFailure {
        device.pinFailures += 1
        let left = FuturaePolicy.pinFailuresBeforeArchive - device.pinFailures
        guard left > 0 else {
            device.archived = true
            device.unlockedUntil = nil
            return FuturaeFailure(.incorrectPinArchivedDevice, "\(device.pinFailures) wrong SDK PINs: device \(settings.device) is archived")
        }
        return FuturaeFailure(.incorrectPin, "wrong SDK PIN: \(left) attempt\(left == 1 ? "" : "s") left", result: ["pinAttemptsLeft": .int(left)])
    }

    /// F5: locked at once; under lock type `none` nothing changes (the SDK is never locked).
    mutating func lock() -> JSONValue {
        if lockType.locks { device.unlockedUntil = nil }
        return .null
    }
}
