import HeapModule
import SimKernel

/// The vehicles on the simulated clock: each command's steps (R31), the execution checks (R32–R36),
/// charging and preconditioning (R36, R37), and the signals and events they send (R38, R43, R44).
extension PIMSStep {
    /// One signal per session of the owning account subscribed to `pims.vehicle.signal`, in its
    /// variant, the copy as it is after the step (R43, R44).
    mutating func signal(_ a: Int, _ v: Int, code: Int, command: InFlight?, error: CallError? = nil, at t: SimTime) {
        guard kernel.recordsEvents else { return }
        let vehicle = accounts[a].vehicles[v]
        let copy = vehicle.remote.copy(at: t)
        for name in world.sessions.sessions(of: accounts[a].username) {
            guard let sub = world.sessions[name]?.signal else { continue }
            let data = VehicleSignal.data(subscription: sub.transactionId, code: code, command: command.map { (transactionId: $0.transactionId, action: $0.action) },
                                          vehicle: VehiclePayload.build(vehicle, copy, variant: sub.variant), error: error)
            kernel.emit(.signal, data, to: [name], at: t)
        }
    }

    /// A charge event to the account's sessions subscribed to its type (R37).
    mutating func vehicleEvent(_ a: Int, _ v: Int, _ notification: String, at t: SimTime) {
        guard kernel.recordsEvents else { return }
        let vin = accounts[a].vehicles[v].vin.value
        for name in world.sessions.sessions(of: accounts[a].username) {
            guard let sub = world.sessions[name]?.vehicleEvents, sub.types.contains(notification) else { continue }
            kernel.emit(.vehicleEvent, ChargeNotification.data(subscription: sub.transactionId, notification: notification, vin: vin),
                        to: [name], at: t)
        }
    }

    /// A discrete change of the vehicle (R38): live, a signal 200; asleep or offline, the copy stays.
    mutating func changed(_ a: Int, _ v: Int, command: InFlight?, at t: SimTime) {
        if accounts[a].vehicles[v].remote.isLive { signal(a, v, code: 200, command: command, at: t) }
    }

    // MARK: the clock

    /// What is due next on vehicle (a, v), seen at `now` (read in place: no copy of the remote state).
    private func nextDue(_ a: Int, _ v: Int, after now: SimTime) -> SimTime? {
        accounts[a].vehicles[v].remote.nextDue(after: now)
    }

    /// Vehicle (a, v) changed outside the clock (a command accepted, a control, a wake-up sent): its
    /// entry in the clock's queue follows (R31, R37).
    mutating func reschedule(_ a: Int, _ v: Int) {
        guard world.dueQueue.isBuilt else { return }
        let key = VehicleKey(username: accounts[a].username, vin: accounts[a].vehicles[v].vin)
        world.dueQueue.set(key, nextDue(a, v, after: clock))
    }

    /// Vehicle (a, v) a step is due on: ordered by time, then by the vehicle's place among the
    /// accounts (steps due at one time play in the accounts' order, as they always have).
    private struct DueStep: Comparable {
        var due: SimTime
        var a: Int
        var v: Int
        static func < (x: DueStep, y: DueStep) -> Bool { (x.due, x.a, x.v) < (y.due, y.a, y.v) }
    }

    /// Plays every step falling due after now up to `until`, in time order (R31, R37, R46's `advance`);
    /// steps due at one time play in the order they were created. Only the vehicles the queue has due
    /// are looked at: the cost follows the steps played, not the accounts (issue 39).
    ///
    /// Each step taken from the queue is checked against its vehicle as it is (`nextDue` then): the
    /// one played is the earliest due, the first vehicle among the accounts at a tie, as a scan of
    /// every vehicle would pick (`advanceByScan`, which the tests hold it to).
    mutating func advance(until: SimTime) {
        if !world.dueQueue.isBuilt { world.dueQueue.build(accounts, at: clock) }
        assert(accounts.count > 2_000 || world.dueQueue.covers(accounts, at: clock), "a vehicle's step is missing from the clock's queue")
        var due = Heap<DueStep>()
        for (t, key) in world.dueQueue.takeDue(until: until) {
            // A vehicle removed since (R18) or an account gone: its steps are dropped with it.
            guard let a = accountIndex(key.username), let v = accounts[a].vehicles.firstIndex(where: { $0.vin == key.vin }) else { continue }
            due.insert(DueStep(due: t, a: a, v: v))
        }
        var touched = Set<Int>()
        var now = clock
        while let step = due.popMin() {
            let (a, v) = (step.a, step.v)
            guard let t = nextDue(a, v, after: now) else { continue }
            if t == step.due {
                now = max(now, t)
                play(a, v, at: t)
                touched.insert(a)
            }
            // What comes next on this vehicle: within this advance, or filed for a later one.
            guard let next = nextDue(a, v, after: now) else { continue }
            if next <= until {
                due.insert(DueStep(due: next, a: a, v: v))
            } else {
                world.dueQueue.set(VehicleKey(username: accounts[a].username, vin: accounts[a].vehicles[v].vin), next)
            }
        }
        guard kernel.recordsEvents else { return }
        for a in touched.sorted() {
            let username = accounts[a].username
            kernel.emit(.accountChanged, AccountChange(username).data, to: world.sessions.sessions(of: username), at: until)
        }
    }

    /// `advance` by a scan of every vehicle of every account at each step: the reference the queue
    /// is tested against (DueQueueTests), never called by the simulator.
    mutating func advanceByScan(until: SimTime) {
        func dueBy(_ a: Int, _ v: Int, after now: SimTime) -> SimTime? { nextDue(a, v, after: now).flatMap { $0 <= until ? $0 : nil } }
        var pending: [(a: Int, v: Int)] = []
        for a in accounts.indices {
            for v in accounts[a].vehicles.indices where dueBy(a, v, after: clock) != nil { pending.append((a, v)) }
        }
        var touched = Set<Int>()
        var now = clock
        while true {
            var best: (k: Int, t: SimTime)?
            for (k, p) in pending.enumerated() {
                if let t = dueBy(p.a, p.v, after: now), best == nil || t < best!.t { best = (k, t) }
            }
            guard let (k, t) = best else { break }
            let (a, v) = pending[k]
            now = max(now, t)
            play(a, v, at: t)
            touched.insert(a)
        }
        world.dueQueue.invalidate()
        guard kernel.recordsEvents else { return }
        for a in touched.sorted() {
            let username = accounts[a].username
            kernel.emit(.accountChanged, AccountChange(username).data, to: world.sessions.sessions(of: username), at: until)
        }
    }

    /// The one step of vehicle (a, v) due at `t`: an in-flight step first, then the charge's and the
    /// preconditioning's.
    private mutating func play(_ a: Int, _ v: Int, at t: SimTime) {
        let r = accounts[a].vehicles[v].remote
        if let i = r.inFlight.firstIndex(where: { $0.due == t }) {
            playFlight(a, v, i, at: t)
        } else if r.chargeEnd == t {
            accounts[a].vehicles[v].remote.level = .full
            finishCharge(a, v, at: t, report: true)
        } else if r.precond.status == .enabled, r.precond.until == t {
            accounts[a].vehicles[v].remote.precond.status = .finished
            accounts[a].vehicles[v].remote.precond.until = nil
            changed(a, v, command: nil, at: t)
        } else {
            // The deferred hour: a plugged idle vehicle below 100 % starts charging (R37).
            startCharge(a, v, at: t)
            changed(a, v, command: nil, at: t)
        }
    }

    /// A charge reached 100 %: `FINISHED`, told even asleep (R37).
    /// `report`: a signal of its own (not when a command's 200 reports it).
    private mutating func finishCharge(_ a: Int, _ v: Int, at t: SimTime, report: Bool) {
        accounts[a].vehicles[v].remote.charging.state = .finished
        accounts[a].vehicles[v].remote.charging.startedAt = nil
        accounts[a].vehicles[v].remote.charging.startLevel = nil
        if accounts[a].vehicles[v].remote.reported != nil {
            accounts[a].vehicles[v].remote.reported?.charging.state = .finished
            accounts[a].vehicles[v].remote.reported?.charging.startedAt = nil
            accounts[a].vehicles[v].remote.reported?.level = .full
            accounts[a].vehicles[v].remote.reported?.lastUpdate = t
        }
        if report { changed(a, v, command: nil, at: t) }
        vehicleEvent(a, v, ChargeNotification.finished, at: t)
    }

    mutating func startCharge(_ a: Int, _ v: Int, at t: SimTime) {
        let level = accounts[a].vehicles[v].remote.level(at: t)
        accounts[a].vehicles[v].remote.level = level
        accounts[a].vehicles[v].remote.charging.state = .inProgress
        accounts[a].vehicles[v].remote.charging.startedAt = t
        accounts[a].vehicles[v].remote.charging.startLevel = level
    }

    /// Stops a charge under way: the level as reached, `to` (`STOPPED`, or `DISCONNECTED` unplugged),
    /// `remoteChargeInterrupted` (R34, R37).
    mutating func interruptCharge(_ a: Int, _ v: Int, to state: ChargeState, at t: SimTime) {
        accounts[a].vehicles[v].remote.level = accounts[a].vehicles[v].remote.level(at: t)
        accounts[a].vehicles[v].remote.charging.state = state
        accounts[a].vehicles[v].remote.charging.startedAt = nil
        accounts[a].vehicles[v].remote.charging.startLevel = nil
        vehicleEvent(a, v, "remoteChargeInterrupted", at: t)
    }

    private mutating func playFlight(_ a: Int, _ v: Int, _ i: Int, at t: SimTime) {
        let flight = accounts[a].vehicles[v].remote.inFlight[i]
        let r = accounts[a].vehicles[v].remote
        func reschedule(_ step: InFlight.Step, _ due: SimTime) {
            accounts[a].vehicles[v].remote.inFlight[i].step = step
            accounts[a].vehicles[v].remote.inFlight[i].due = due
        }
        func timeoutAt() -> SimTime { max(t, flight.t0 + RemotePolicy.timeoutSeconds) }
        switch flight.step {
        case .waking:
            guard r.online else { return reschedule(.timeout, timeoutAt()) }
            wake(a, v)  // its report rides on the 901 (R31)
            reschedule(.pending, t + RemotePolicy.sendSeconds)
        case .pending:
            guard r.online, !r.asleep else { return reschedule(.timeout, timeoutAt()) }
            reschedule(.sent, t + RemotePolicy.executionSeconds(flight.action))
            signal(a, v, code: 901, command: flight, at: t)
        case .sent:
            accounts[a].vehicles[v].remote.inFlight.remove(at: i)
            let outcome = execute(a, v, flight, at: t)
            if let error = outcome {
                signal(a, v, code: 902, command: flight, error: error, at: t)
            } else {
                signal(a, v, code: 200, command: flight, at: t)
            }
        case .timeout:
            accounts[a].vehicles[v].remote.inFlight.remove(at: i)
            let detail = r.asleep ? "asleep, wake-up not delivered" : "unreachable"
            signal(a, v, code: 903, command: flight, error: PIMSError(.timeout, detail: detail), at: t)
        case .refresh:
            guard r.online else { return reschedule(.timeout, timeoutAt()) }
            accounts[a].vehicles[v].remote.inFlight.remove(at: i)
            wake(a, v)
            signal(a, v, code: 200, command: flight, at: t)
        }
    }

    /// The vehicle wakes: the copy is the vehicle again (R38).
    mutating func wake(_ a: Int, _ v: Int) {
        accounts[a].vehicles[v].remote.asleep = false
        if accounts[a].vehicles[v].remote.online { accounts[a].vehicles[v].remote.reported = nil }
    }

    /// The vehicle checks its state and acts (R32–R36): the error of a 902, or nil when done.
    private mutating func execute(_ a: Int, _ v: Int, _ flight: InFlight, at t: SimTime) -> CallError? {
        if let code = flight.fault {
            return CallError(ErrorCode(code), flight.action, detail: "injected fault")
        }
        guard let command = try? RemoteCommand.parse(action: flight.action, Params(flight.params)) else {
            return PIMSError(.unknown, detail: "the command's parameters no longer read")
        }
        let r = accounts[a].vehicles[v].remote
        switch command {
        case .doors(let lock):
            if !r.doors.open.isEmpty { return PIMSError(ErrorCode(2362), detail: "open: \(r.doors.open.map(\.rawValue).joined(separator: ", "))") }
            if lock && r.doors.lock == .locked { return PIMSError(ErrorCode(2361)) }
            if !lock && r.doors.lock == .unlocked { return PIMSError(ErrorCode(2360)) }
            accounts[a].vehicles[v].remote.doors.lock = lock ? .locked : .unlocked
        case .horn, .warning:
            if r.engineOn { return PIMSError(ErrorCode(2329), flight.action, detail: "the engine is on") }
            if case .horn = command { accounts[a].vehicles[v].remote.lastHornAt = t } else { accounts[a].vehicles[v].remote.lastLightsAt = t }
        case .charge(let startNow):
            if r.engineOn { return PIMSError(ErrorCode(2329), "charging", detail: "the engine is on") }
            if startNow {
                if let refusal = startChargeNow(a, v, at: t, alreadyCharging: false) { return refusal }
            } else if r.charging.state == .inProgress {
                interruptCharge(a, v, to: .stopped, at: t)
            }
        case .chargeDeferredTime(let startNow, let time, let check):
            if r.engineOn { return PIMSError(ErrorCode(2329), "charging", detail: "the engine is on") }
            if (check || startNow) && !r.charging.plugged { return PIMSError(ErrorCode(2330), detail: "the vehicle is unplugged") }
            accounts[a].vehicles[v].remote.charging.deferredTime = time
            if startNow {
                if let refusal = startChargeNow(a, v, at: t, alreadyCharging: true) { return refusal }
            } else if r.charging.state == .inProgress {
                interruptCharge(a, v, to: .stopped, at: t)
            }
        case .preconditioning(let startNow, let programs):
            if startNow {
                if r.engineOn { return PIMSError(ErrorCode(2329), "preconditioning", detail: "the engine is on") }
                if r.precond.status == .enabled { return PIMSError(ErrorCode(2333)) }
                if !r.charging.plugged && r.level(at: t) < RemotePolicy.precondMinimumLevel {
                    accounts[a].vehicles[v].remote.precond.status = .failure
                    return PIMSError(.unknown, detail: "battery too low")
                }
                if let programs { accounts[a].vehicles[v].remote.precond.programs = programs }
                accounts[a].vehicles[v].remote.precond.status = .enabled
                accounts[a].vehicles[v].remote.precond.until = t + RemotePolicy.precondSeconds
            } else {
                if r.precond.status != .enabled && (programs ?? []).isEmpty {
                    return PIMSError(ErrorCode(2336))
                }
                if let programs { accounts[a].vehicles[v].remote.precond.programs = programs }
                if r.precond.status == .enabled {
                    accounts[a].vehicles[v].remote.precond.status = .disabled
                    accounts[a].vehicles[v].remote.precond.until = nil
                }
            }
        }
        return nil
    }

    /// R34's `startNow: true` (R35's too, where a charge already under way is fine).
    private mutating func startChargeNow(_ a: Int, _ v: Int, at t: SimTime, alreadyCharging fine: Bool) -> CallError? {
        let r = accounts[a].vehicles[v].remote
        if !r.charging.plugged { return PIMSError(ErrorCode(2330), detail: "the vehicle is unplugged") }
        if r.charging.state == .inProgress { return fine ? nil : PIMSError(ErrorCode(2331)) }
        if r.level(at: t) >= .full {
            finishCharge(a, v, at: t, report: false)
            return nil
        }
        startCharge(a, v, at: t)
        return nil
    }
}
