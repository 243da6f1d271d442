import SimKernel

extension SimEvent.Kind {
    /// A `pims.vehicle.signal` RESULT (R43, R44), data: {transactionId, status, result: {code, command, vehicle}, error?}
    public static let signal = SimEvent.Kind(rawValue: "signal")
    /// A `pims.vehicle.event` RESULT (R37), data: {transactionId, status, result: {notification, vin}}
    public static let vehicleEvent = SimEvent.Kind(rawValue: "vehicleEvent")
}

/// Subscriptions (R27), the remote gates (R28), commands' acceptance (R30) and status calls (R39–R41).
extension PIMSStep {
    // R27
    mutating func subscribeSignal() throws(PIMSError) -> JSONValue {
        if session.signal != nil { throw PIMSError(.duplicateCommand, detail: "pims.vehicle.signal is subscribed already") }
        session.signal = PIMSSession.Subscription(transactionId: kernel.transactionId, variant: settings.variant)
        return .null
    }

    mutating func subscribeVehicleEvents(_ types: [String]) throws(PIMSError) -> JSONValue {
        if session.vehicleEvents != nil { throw PIMSError(.duplicateCommand, detail: "pims.vehicle.event is subscribed already") }
        session.vehicleEvents = PIMSSession.Subscription(transactionId: kernel.transactionId, variant: settings.variant, types: types)
        return .null
    }

    mutating func unsubscribe(_ name: String) -> JSONValue {
        if name == "pims.vehicle.signal" { session.signal = nil } else { session.vehicleEvents = nil }
        return .null
    }

    /// R28: the gates in their order; the selected vehicle's index.
    mutating func remoteGates(_ a: Int, command: Bool) throws(PIMSError) -> Int {
        guard let vin = session.selectedVIN else {
            kernel.took("2010", rule: "R28")
            throw PIMSError(.notSet, "vin", detail: "select a vehicle first (set pims.vehicle.vin {actionType: remote})")
        }
        guard let v = accounts[a].vehicles.firstIndex(where: { $0.vin == vin }) else {
            kernel.took("2366", rule: "R28")
            throw PIMSError(.vinNotValid, detail: "\(vin) is no longer associated with this account")
        }
        if accounts[a].phone == nil {
            kernel.took("2307", rule: "R28")
            throw PIMSError(.noPhoneNumber, detail: "service activation step trusterPhoneNumber is to do")
        }
        if !accounts[a].isEnrolled(settings.device) { kernel.took("2312", rule: "R28") }
        try requireEnrolled(a)
        if accounts[a].isBlocked {
            kernel.took("2317", rule: "R28")
            try requireNotBlocked(a)
        }
        if !accounts[a].vehicles[v].carKey.activated {
            kernel.took("2340", rule: "R28")
            throw PIMSError(.permissionNeeded, "mediumCarKey", detail: "service activation step mediumCarKey is to do")
        }
        guard command else { return v }
        if session.signal == nil {
            kernel.took("2365", rule: "R28")
            throw PIMSError(.noSubscription, detail: "subscribe to pims.vehicle.signal before sending a remote command")
        }
        guard let until = session.strongAuthUntil, clock < until else {
            kernel.took("2302", rule: "R28")
            throw PIMSError(.needStrongAuthentication, detail: "no strong-authentication window: get pims.authentication.otp, then the same command again")
        }
        return v
    }

    // R29, R30, R31 (its first step)
    mutating func vehicleCommand(_ command: RemoteCommand, params: [String: JSONValue], _ a: Int) throws(PIMSError) -> JSONValue {
        let v = try remoteGates(a, command: true)
        let remote = accounts[a].vehicles[v].remote
        guard command.serves(remote.type) else {
            kernel.took("2366", rule: "R30")
            throw PIMSError(.vinNotValid, detail: "a \(remote.type.rawValue) vehicle has no \(command.action) command")
        }
        let commands = remote.commands
        if case .charge(startNow: true) = command, commands.contains(where: { $0.action == "chargeDeferredTime" }) {
            kernel.took("2325", rule: "R30")
            throw PIMSError(ErrorCode(2325), detail: "a chargeDeferredTime command is under way")
        }
        if case .chargeDeferredTime = command,
           commands.contains(where: { $0.action == "charge" && (try? Params($0.params).flexibleBool("startNow")) == true }) {
            kernel.took("2326", rule: "R30")
            throw PIMSError(ErrorCode(2326), detail: "an immediate charge command is under way")
        }
        if commands.contains(where: { $0.action == command.action }) {
            kernel.took("2364", rule: "R30")
            throw PIMSError(ErrorCode(2364), detail: "a \(command.action) command is under way")
        }
        if let other = commands.first {
            kernel.took("2353", rule: "R30")
            throw PIMSError(ErrorCode(2353), detail: "a \(other.action) command is under way")
        }
        if case .horn = command, let last = remote.lastHornAt, clock - last < RemotePolicy.hornCoolDownSeconds {
            kernel.took("2358", rule: "R30")
            throw PIMSError(ErrorCode(2358), detail: "the horn sounded at \(last); again from \(last + RemotePolicy.hornCoolDownSeconds)")
        }
        if case .warning = command, let last = remote.lastLightsAt, clock - last < RemotePolicy.hornCoolDownSeconds {
            kernel.took("2359", rule: "R30")
            throw PIMSError(ErrorCode(2359), detail: "the lights flashed at \(last); again from \(last + RemotePolicy.hornCoolDownSeconds)")
        }
        let fault = drawSignalFault(command.action)
        let t0 = clock
        let (step, due): (InFlight.Step, SimTime) =
            !remote.online ? (.timeout, t0 + RemotePolicy.timeoutSeconds)
            : remote.asleep ? (.waking, t0 + RemotePolicy.wakeUpSeconds)
            : (.pending, t0 + RemotePolicy.sendSeconds)
        let flight = InFlight(transactionId: kernel.transactionId, action: command.action, params: params, session: kernel.session,
                              t0: t0, step: step, due: due, fault: fault)
        accounts[a].vehicles[v].remote.inFlight.append(flight)
        reschedule(a, v)
        signal(a, v, code: 900, command: flight, at: t0)
        return .null
    }

    /// The first `pims.vehicle.signal` fault for `action`, used up as it is drawn (R45).
    private mutating func drawSignalFault(_ action: String) -> Int? {
        guard let i = kernel.faults.firstIndex(where: { $0.name == PIMSSystem.signalFaultName && $0.sub?.lowercased() == action.lowercased() }),
              let code = kernel.faults[i].code?.intValue
        else { return nil }
        let left = (kernel.faults[i].times ?? 1) - 1
        if left <= 0 { kernel.faults.remove(at: i) } else { kernel.faults[i].times = left }
        kernel.faultsChanged = true
        return code
    }

    // R39, R40, R41
    mutating func vehicleInformations(_ action: RemoteInfoAction, _ a: Int) throws(PIMSError) -> JSONValue {
        let v = try remoteGates(a, command: false)
        let remote = accounts[a].vehicles[v].remote
        let copy = remote.copy(at: clock)
        switch action {
        case .get:
            break
        case .refresh, .refreshWithWakeUp:
            if action == .refreshWithWakeUp && !remote.type.hasBattery {
                kernel.took("2366")
                throw PIMSError(.vinNotValid, detail: "a fuel vehicle has no refreshWithWakeUp")
            }
            if remote.inFlight.contains(where: \.isRefresh) {
                kernel.took("2351")
                throw PIMSError(ErrorCode(2351), detail: "a refresh's wake-up is under way")
            }
            let charging = copy.charging
            let wakes = action == .refreshWithWakeUp
                || (charging.plugged && charging.state == .disconnected) || charging.state == .inProgress
            if wakes {
                kernel.took("wake-up")
                startWakeUp(a, v, action: action.rawValue)
            } else {
                kernel.took("copy")
            }
        }
        let payload = VehiclePayload.build(accounts[a].vehicles[v], copy, variant: settings.variant)
        let answer: JSONValue = settings.variant == .reference ? [VehiclePayload.Key.wrapper: payload] : payload
        // The newest payload this session got for the VIN (R39), whichever action brought it.
        session.phoneCache[accounts[a].vehicles[v].vin.value] = answer
        return answer
    }

    /// R40's wake-up: at once when awake and online, else after the wake-up time (903 when offline).
    private mutating func startWakeUp(_ a: Int, _ v: Int, action: String) {
        let flight = InFlight(transactionId: kernel.transactionId, action: action, params: [:], session: kernel.session, t0: clock,
                              step: .refresh, due: clock + RemotePolicy.wakeUpSeconds)
        let remote = accounts[a].vehicles[v].remote
        if !remote.online {
            accounts[a].vehicles[v].remote.inFlight.append(
                InFlight(transactionId: flight.transactionId, action: action, params: [:], session: kernel.session, t0: clock,
                         step: .timeout, due: clock + RemotePolicy.timeoutSeconds))
        } else if remote.asleep {
            accounts[a].vehicles[v].remote.inFlight.append(flight)
        } else {
            accounts[a].vehicles[v].remote.reported = nil
            signal(a, v, code: 200, command: flight, at: clock)
        }
        reschedule(a, v)
    }

    /// R39: a transport fault on `get` answers the phone cache, when the session has one.
    mutating func cachedInformations(_ code: ErrorCodeValue) -> JSONValue? {
        guard [2201, 2202, 2204].contains(code.intValue ?? 0), let vin = session.selectedVIN else { return nil }
        return session.phoneCache[vin.value]
    }
}

extension ErrorCode {
    public static let duplicateCommand = ErrorCode(2005)
    public static let permissionNeeded = ErrorCode(2340)
    public static let noSubscription = ErrorCode(2365)
}
