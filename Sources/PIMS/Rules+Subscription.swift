import SimKernel


/// Vehicle association and service activation steps: R17–R22.
extension PIMSStep {
    // R18 (with R17): step E.
    mutating func removeProperty(_ vin: VIN, _ a: Int) throws(PIMSError) -> JSONValue {
        guard let v = accounts[a].vehicles.firstIndex(where: { $0.vin == vin }) else {
            throw PIMSError(.notVehicleOwner)
        }
        try requireStrongAuthentication()
        let removed = accounts[a].vehicles.remove(at: v)
        // Its steps go with it (R31): the clock's queue forgets it.
        world.dueQueue.set(VehicleKey(username: accounts[a].username, vin: removed.vin), nil)
        accounts[a].stepsCaches.removeAll { $0.carAssociationID == removed.carAssociationID }
        // Sessions that selected it keep the selection: their remote calls answer R28's gate (3), 2366.
        return .null
    }

    // R17
    func requireStrongAuthentication() throws(PIMSError) {
        guard let until = session.strongAuthUntil, clock < until else {
            throw PIMSError(.needStrongAuthentication, detail: "no open strong-authentication window: get an OTP with the PIN first")
        }
    }

    // R19, R20, R21
    mutating func steps(_ selector: StepsSelector, reset: Bool, filter: StepsFilter, _ a: Int) throws(PIMSError) -> JSONValue {
        let device = settings.device
        let c: Int
        switch selector {
        case .carAssociationID(let id):
            guard accounts[a].vehicles.contains(where: { $0.carAssociationID == id }) else {
                throw PIMSError.invalid("carAssociationID", detail: "no vehicle of this account has carAssociationID \(id)")
            }
            c = stepsCache(for: id, device: device, a)
        case .vin(let vin):
            guard let vehicle = accounts[a].vehicles.first(where: { $0.vin == vin }) else {
                throw PIMSError.invalid("vin", detail: "no vehicle of this account has VIN \(vin)")
            }
            c = stepsCache(for: vehicle.carAssociationID, device: device, a)
        case .stepsID(let id):
            c = try existingStepsCache(id, a)
        }
        if reset { accounts[a].stepsCaches[c].alreadyDone = [] }
        let statuses = stepStatuses(cache: c, a)
        let shown = statuses.filter { filter == .all || (filter == .alreadyDone) == $0.done }
        var result: [String: JSONValue] = ["stepsID": .int(accounts[a].stepsCaches[c].stepsID)]
        let sdk = settings.sdk
        for (order, entry) in shown.enumerated() {
            let name = entry.step.name(for: sdk)
            result[name] = ["name": .string(name), "status": .string(entry.done ? "alreadyDone" : "todo"), "order": .int(order + 1)]
            // The cache: what was once reported alreadyDone stays so for this stepsID.
            if entry.done && !accounts[a].stepsCaches[c].alreadyDone.contains(entry.step) {
                accounts[a].stepsCaches[c].alreadyDone.append(entry.step)
            }
        }
        return .object(result)
    }

    // R22
    mutating func nextStep(_ stepsID: Int, _ a: Int) throws(PIMSError) -> JSONValue {
        let c = try existingStepsCache(stepsID, a)
        guard let next = stepStatuses(cache: c, a).first(where: { !$0.done }) else { return .null }
        let name = next.step.name(for: settings.sdk)
        return [name: ["name": .string(name), "status": "todo", "order": 1]]
    }

    /// The cache of (device, carAssociationID), created with a new stepsID on first use.
    private mutating func stepsCache(for id: CarAssociationID, device: String, _ a: Int) -> Int {
        if let c = accounts[a].stepsCaches.firstIndex(where: { $0.carAssociationID == id && $0.device == device }) { return c }
        world.stepsIDs += 1
        accounts[a].stepsCaches.append(StepsCache(stepsID: world.stepsIDs, device: device, carAssociationID: id))
        return accounts[a].stepsCaches.count - 1
    }

    /// R20: a stepsID of this account and this device, whose vehicle is still associated; else 2346.
    private func existingStepsCache(_ id: Int, _ a: Int) throws(PIMSError) -> Int {
        guard let c = accounts[a].stepsCaches.firstIndex(where: { $0.stepsID == id && $0.device == settings.device }) else {
            throw PIMSError(.noStepForStepsID, String(id), detail: "stepsID \(id) does not exist for this device")
        }
        return c
    }

    /// Each step's status for the cache's vehicle: live, then the cache applied.
    private mutating func stepStatuses(cache c: Int, _ a: Int) -> [(step: ServiceStep, done: Bool)] {
        let cache = accounts[a].stepsCaches[c]
        let vehicle = accounts[a].vehicles.first { $0.carAssociationID == cache.carAssociationID }
        return ServiceStep.allCases.map { step in
            let live: Bool
            switch step {
            case .trusterPhoneNumber: live = accounts[a].phone != nil
            case .deviceActivation: live = accounts[a].isEnrolled(settings.device)
            case .mediumCarKey: live = vehicle?.carKey.activated ?? false
            }
            if !live && cache.alreadyDone.contains(step) { kernel.took("cached") }  // the trap: done by the cache only
            return (step, live || cache.alreadyDone.contains(step))
        }
    }
}
