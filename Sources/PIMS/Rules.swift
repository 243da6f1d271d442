import SimKernel


/// Dispatch of a typed call to its rule, for the calling session, logged in to account `a`.
extension PIMSStep {
    mutating func run(_ call: PIMSCall, account a: Int) throws(PIMSError) -> JSONValue {
        switch call {
        case .login, .logout: preconditionFailure("handled before R0c")
        case .isDeviceActivated:  // R1
            return [PIMSAnswer.Key.isDeviceActivated: .bool(accounts[a].isEnrolled(settings.device))]
        case .isAccountBlocked:  // R2
            let state = accounts[a].blockState
            let spelled = state == .pinBlocked && settings.variant == .reference ? "PinBlocked" : state.rawValue
            return [PIMSAnswer.Key.isAccountBlocked: .string(spelled)]
        case .trustedPhoneNumber:  // R3
            if let phone = accounts[a].phone { return [PIMSAnswer.Key.phoneNumber: .string(phone.written)] }
            if settings.variant == .reference { throw PIMSError(.noPhoneNumber) }
            return [PIMSAnswer.Key.phoneNumber: .null]
        case .sendSMS(let purpose, let phone): return try sendSMSRule(purpose, phone, a)
        case .enrollWithPhoneNumber(let pin, let code, let phone): return try enrollWithPhoneNumber(pin, code, phone, a)
        case .addPhoneNumber(let code, let phone): return try addPhoneNumber(code, phone, a)
        case .checkEnrollmentCode(let code): return try checkEnrollmentCode(code, a)
        case .enroll(let pin, let code): return try enroll(pin, code, a)
        case .removeEnrollments: return removeEnrollments(a)
        case .resetPIN(let pin, let code): return try resetPIN(pin, code, a)
        case .updatePIN(let old, let new): return try updatePIN(old, new, a)
        case .modifyPhoneNumber(let code, let phone): return try modifyPhoneNumber(code, phone, a)
        case .otpWithPIN(let pin): return try otp(pin, a)
        case .otpWithoutPIN: return try otp(nil, a)
        case .removeProperty(let vin): return try removeProperty(vin, a)
        case .steps(let selector, let reset, let filter): return try steps(selector, reset: reset, filter: filter, a)
        case .nextStep(let stepsID): return try nextStep(stepsID, a)
        case .selectVehicle(let vin): return try selectVehicle(vin, a)
        case .carKeyStatus: return try carKeyStatus(a)
        case .activateCarKey: return try activateCarKey(a)
        case .selectRemoteVehicle(let vin): return try selectVehicle(vin, a)
        case .subscribeSignal: return try subscribeSignal()
        case .subscribeVehicleEvents(let types): return try subscribeVehicleEvents(types)
        case .unsubscribe(let name): return unsubscribe(name)
        case .vehicleCommand(let command, let params): return try vehicleCommand(command, params: params, a)
        case .vehicleInformations(let action): return try vehicleInformations(action, a)
        }
    }

    // MARK: shared checks

    /// "blocked → 2317", as the rules say it.
    func requireNotBlocked(_ a: Int) throws(PIMSError) {
        let state = accounts[a].blockState
        if state != .notBlocked { throw PIMSError(.forbiddenOperation, detail: "the account is \(state.rawValue)") }
    }

    /// "PIN not of the policy's form → 2102".
    func requirePINForm(_ pin: PIN, _ parameter: String) throws(PIMSError) {
        if !policy.accepts(pin) { throw PIMSError.invalid(parameter, detail: policy.pinFormDescription) }
    }

    /// "this device not enrolled → 2312".
    func requireEnrolled(_ a: Int) throws(PIMSError) {
        if !accounts[a].isEnrolled(settings.device) {
            throw PIMSError(.deviceDisabledOrUnknown, detail: "device \(settings.device) is not enrolled")
        }
    }

    /// A wrong PIN (R11, R14, R16): one more failure; below the limit → 2308 with the attempts left,
    /// at the limit → PINBlocked and 2317.
    mutating func pinFailure(_ a: Int) -> PIMSError {
        accounts[a].pinFailures += 1
        let limit = policy.pinFailuresBeforeBlock
        if accounts[a].pinFailures >= limit {
            accounts[a].blockState = .pinBlocked
            kernel.took("PIN blocked")
            return PIMSError(.forbiddenOperation, detail: "wrong PIN \(limit) times: the account is now PINBlocked")
        }
        let left = limit - accounts[a].pinFailures
        return PIMSError(.accessRefused, detail: "wrong PIN: \(left) attempt\(left == 1 ? "" : "s") left")
    }

    /// The device limit of R8 and R11: enrolling one more device when the account is full blocks it.
    mutating func requireRoomForDevice(_ a: Int) throws(PIMSError) {
        let device = settings.device
        if !accounts[a].isEnrolled(device) && accounts[a].enrolledDevices.count >= policy.maxEnrolledDevices {
            accounts[a].blockState = .accountBlocked
            kernel.took("device limit")
            throw PIMSError(.forbiddenOperation, detail: "device limit: \(policy.maxEnrolledDevices) devices already enrolled; the account is now AccountBlocked")
        }
    }

    mutating func enrollDevice(_ a: Int) {
        let device = settings.device
        if !accounts[a].isEnrolled(device) { accounts[a].enrolledDevices.append(device) }
    }

    /// Closes the windows of every session logged in to account `a` (R12).
    mutating func closeWindows(ofAccount a: Int) {
        for name in world.sessions.sessions(of: accounts[a].username) { world.sessions[name]?.closeWindows() }
    }
}
