import SimKernel

/// F2: `futurae.enroll`, its nine checks in the contract's order.
extension FuturaeStep {
    /// Where the activation is looked for: by the code a scanned payload carries, or by shortcode.
    enum ActivationKey {
        case code(ActivationCode)
        case shortCode(ShortCode)
    }

    mutating func enroll(_ p: FuturaeCall.EnrollParameters) throws(FuturaeFailure) -> JSONValue {
        // F2.1: exactly one of the two codes.
        switch (p.activationCode, p.shortCode) {
        case (nil, nil): throw .invalid("enroll needs \"activationCode\" (a scanned QR payload) or \"shortCode\"")
        case (.some, .some): throw .invalid("enroll takes \"activationCode\" or \"shortCode\", not both")
        default: break
        }
        // F2.2: another enroll of this session still in flight.
        try checkNoEnrollInFlight()
        // F2.3 (F7)
        try requireNotArchived()
        // F2.4: the code's form.
        let key = try activationKey(p)
        // F2.5: the SDK PIN the lock type asks for.
        let newPin = try checkSDKPin(p.sdkPin)
        // F2.6: the activation.
        let a = try findActivation(key)
        // F2.7: Trusted Session Binding.
        if let token = world.activations[a].bindingToken, p.bindingToken != token.value {
            throw FuturaeFailure(.bindingTokenCheckFailed, p.bindingToken == nil ? "this activation needs its binding token" : "wrong binding token")
        }
        // F2.8
        let userId = world.activations[a].userId
        if device.account(userId) != nil {
            throw FuturaeFailure(.accountActive, "\(world.user(userId)?.username ?? userId) already has an account on this device")
        }
        // F2.9: success.
        let account = EnrolledAccount(userId: userId, enrolledAt: now)
        device.accounts.append(account)
        if let u = world.userIndex(userId), !world.users[u].devices.contains(settings.device) {
            world.users[u].devices.append(settings.device)
        }
        world.activations[a].status = .success
        kernel.emit(.activation, world.activations[a].eventData)
        if let newPin {
            device.sdkPin = newPin
            device.pinFailures = 0
            unlockForDuration()
        }
        return ["account": ftrAccount(account)]
    }

    /// F2.2. The kernel answers a call in one step, so "in flight" is what a latency fault makes of it:
    /// an enroll delayed by `latencyMs` stays in flight for that long *on the simulated clock* (whole
    /// seconds, rounded up), from its step. A second enroll of the session before the clock passes it
    /// — sent while the first is still awaited, or after — answers SDKError 8; `advance` ends it.
    mutating func checkNoEnrollInFlight() throws(FuturaeFailure) {
        if let until = device.enrollInFlightUntil {
            if now < until {
                throw FuturaeFailure(.multipleEnrollDisallowed, "an enroll of this session is in flight until \(until) (simulated clock)")
            }
            device.enrollInFlightUntil = nil
        }
        if kernel.latencyMs > 0 {
            device.enrollInFlightUntil = min(now + (kernel.latencyMs + 999) / 1000, SimTime.latest)
        }
    }

    /// F2.4: a scanned payload must be a Futurae enrollment QR code carrying base64url of 32 bytes; a
    /// shortcode, 16 digits once spaces are removed.
    func activationKey(_ p: FuturaeCall.EnrollParameters) throws(FuturaeFailure) -> ActivationKey {
        if let written = p.activationCode {
            switch QRPayload(written).enrollment {
            case .notFuturae: throw FuturaeFailure(.invalidQRCode, "not a futurae:// payload")
            case .otherType(let type): throw FuturaeFailure(.invalidQRCodeEnroll, "a \(type.rawValue) QR code")
            case .badlyEncoded: throw FuturaeFailure(.invalidEncodingActivationCode, "activation_code is not base64url of 32 bytes")
            case .code(let code): return .code(code)
            }
        }
        let written = p.shortCode ?? ""
        guard let code = ShortCode(written) else { throw FuturaeFailure(.invalidActivationCode, "a shortcode has 16 digits") }
        return .shortCode(code)
    }

    /// F2.5: returns the SDK PIN to set on success, if one was (rightly) given.
    func checkSDKPin(_ given: String?) throws(FuturaeFailure) -> SDKPIN? {
        guard lockType.usesSDKPin else {
            if given != nil { throw FuturaeFailure(.pinNotNeeded, "lock type \(lockType.rawValue) has no SDK PIN") }
            return nil
        }
        guard let given else {
            if device.sdkPin == nil { throw FuturaeFailure(.sdkPinEnrollRequired, "choose an SDK PIN: none is set yet") }
            // Enroll is a protected call once a PIN exists (decision).
            if !isUnlocked { throw FuturaeFailure(.locked, "unlock the SDK before enrolling another account") }
            return nil
        }
        if given.isEmpty { throw FuturaeFailure(.sdkPinEmpty) }
        if device.sdkPin != nil { throw FuturaeFailure(.multiplePinEnrollDisallowed, "this device already has an SDK PIN") }
        guard let pin = SDKPIN(given) else { throw .invalid("\"sdkPin\" must be 4 to 8 digits") }
        return pin
    }

    /// F2.6: the activation with that code, pending and within its lifetime. An expired pending one
    /// becomes `expired` (the change stays though the call fails).
    mutating func findActivation(_ key: ActivationKey) throws(FuturaeFailure) -> Int {
        let found: Int? = switch key {
        case .code(let code): world.activations.positions(tagged: .code(code)).first
        case .shortCode(let code): world.activations.positions(tagged: .shortCode(code)).first
        }
        guard let a = found else { throw FuturaeFailure(.activationCodeNotFound, "no activation with this code") }
        if world.activations[a].status == .expired || world.activations[a].isExpired(at: now) {
            if world.activations[a].status == .pending {
                world.activations[a].status = .expired
                kernel.emit(.activation, world.activations[a].eventData)
            }
            throw FuturaeFailure(.activationCodeNotFound, "expired")
        }
        if world.activations[a].status == .success { throw FuturaeFailure(.activationCodeNotFound, "already used") }
        return a
    }
}
