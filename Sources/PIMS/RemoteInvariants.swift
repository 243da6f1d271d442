import SimKernel

extension VehicleRemote {
    /// Why this remote state cannot be (R47's strictness beyond the types), with the key's path.
    var problem: (key: [String], reason: String)? {
        if rangeKm < 0 { return (["rangeKm"], "rangeKm cannot be negative") }
        if fuelAutonomy < 0 { return (["fuelAutonomy"], "fuelAutonomy cannot be negative") }
        if type == .fuel {
            if charging != Charging() { return (["charging"], "a fuel vehicle has no charging") }
            if precond != Precond() { return (["precond"], "a fuel vehicle has no preconditioning") }
        }
        if charging.plugged == (charging.state == .disconnected) {
            return (["charging", "state"], charging.plugged ? "a plugged vehicle is not DISCONNECTED" : "an unplugged vehicle is DISCONNECTED")
        }
        if charging.state == .inProgress && (charging.startedAt == nil || charging.startLevel == nil) {
            return (["charging"], "an INPROGRESS charge needs startedAt and startLevel")
        }
        if charging.state != .inProgress && (charging.startedAt != nil || charging.startLevel != nil) {
            return (["charging"], "startedAt and startLevel belong to an INPROGRESS charge")
        }
        if (precond.status == .enabled) != (precond.until != nil) {
            return (["precond", "until"], "a running (Enabled) preconditioning has an until, and only it")
        }
        if precond.programs.count > 4 { return (["precond", "programs"], "at most 4 programs") }
        for (i, p) in precond.programs.enumerated() {
            if !(1...4).contains(p.slot) || !(0...23).contains(p.hour) || !(0...59).contains(p.minute) {
                return (["precond", "programs", String(i)], "slot 1–4, hour 0–23, minute 0–59")
            }
            if precond.programs[..<i].contains(where: { $0.slot == p.slot }) {
                return (["precond", "programs", String(i), "slot"], "slot \(p.slot) is used twice")
            }
        }
        if doors.open.hasRepeat { return (["doors", "open"], "an opening is listed twice") }
        for (i, f) in inFlight.enumerated() {
            if f.due < f.t0 { return (["inFlight", String(i), "due"], "due before t0") }
            if inFlight[..<i].contains(where: { $0.transactionId == f.transactionId }) {
                return (["inFlight", String(i), "transactionId"], "transactionId \(f.transactionId) is in flight twice")
            }
            if !f.isRefresh && (try? RemoteCommand.parse(action: f.action, Params(f.params))) == nil {
                return (["inFlight", String(i), "params"], "not a \(f.action) command's parameters")
            }
        }
        return nil
    }
}

extension PIMSWorld {
    /// Vehicles asleep or offline without a copy are as reported at `start` (R47).
    public mutating func settleReported(at start: SimTime) {
        for a in accounts.indices {
            for v in accounts[a].vehicles.indices where !accounts[a].vehicles[v].remote.isLive && accounts[a].vehicles[v].remote.reported == nil {
                accounts[a].vehicles[v].remote.reported = accounts[a].vehicles[v].remote.reading(at: start)
            }
        }
    }
}
