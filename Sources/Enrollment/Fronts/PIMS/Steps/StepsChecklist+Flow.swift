import PIMS

/// Seed 001, step by step: the vehicle, the lists (by carAssociationID, then by stepsID), the
/// cache reset, and a `todo` step handed to its flow.
extension StepsChecklist.State {
    typealias Out = StepsChecklist.Out

    mutating func submit(_ shared: Shared) -> [Out] {
        if vin == nil {
            guard shared.vehicles.indices.contains(selection) else { return [.refreshAccount] }
            let v = shared.vehicles[selection]
            self = StepsChecklist.State()
            vin = v.vin
            carAssociationID = v.carAssociationID
            return fetch(reset: false)
        }
        guard items.indices.contains(selection) else { return fetch(reset: false) }
        return resolve(items[selection])
    }

    /// The first list is asked by carAssociationID; later ones by the stepsID it gave (R19, R20).
    mutating func fetch(reset: Bool) -> [Out] {
        guard let id = carAssociationID else { return [] }
        let request = stepsID.map { PIMSRequests.steps(stepsID: $0, reset: reset, filter: filter) }
            ?? PIMSRequests.steps(carAssociationID: id, reset: reset, filter: filter)
        return [.call(.steps(.fetch(reset: reset)), request)]
    }

    /// `resetSteps: true`, from the checklist or from the OTP page after 2317/2312.
    mutating func resetCache(_ shared: Shared) -> [Out] {
        if vin == nil {
            guard let v = shared.vehicles.first else { return [.refreshAccount] }
            vin = v.vin
            carAssociationID = v.carAssociationID
        }
        return fetch(reset: true)
    }

    private mutating func resolve(_ item: StepsChecklist.Item) -> [Out] {
        guard item.isTodo else {
            message = "\(item.name) is already done."
            return []
        }
        guard let need = item.need else {
            message = "No flow of this app resolves \(item.name)."
            return []
        }
        resolving = item
        return [.delegate(.resolve(need, vin: vin))]
    }

    mutating func answered(_ call: StepsChecklist.Call, _ r: CallResponse) -> [Out] {
        if let error = r.error {
            if error.pimsCode == .noStepForStepsID {
                stepsID = nil
                message = "stepsID unknown to this device (2346): the next list is asked by carAssociationID again."
            } else {
                message = "\(error.code) \(error.label)"
            }
            return [.notice(.failure(error))]
        }
        switch call {
        case .fetch, .fetchByVIN:
            // By VIN (R21) the answer is the same list, with the same stepsID and cache.
            let reset = call == .fetch(reset: true)
            guard let read = StepsAnswer(r.result) else { return [] }
            let before = items
            stepsID = read.stepsID ?? stepsID
            items = read.steps.map { StepsChecklist.Item(name: $0.name, status: $0.status, order: $0.order) }
            selection = min(selection, max(items.count - 1, 0))
            if reset {
                message = "Cache reset (resetSteps: true): the statuses are live again."
            } else if listedByKey && !before.isEmpty {
                // A list asked again says so, changed or not (else a refresh looks like a key that did nothing).
                message = items == before ? "Listed again: up to date, nothing changed." : "Listed again: the statuses changed."
            }
            listedByKey = false
            // A next step shown before this list may be stale: asked again with it.
            guard nextStep != nil, let id = stepsID else { return [] }
            nextStep = nil
            return [.call(.steps(.next), PIMSRequests.nextStep(stepsID: id))]
        case .next:
            if let name = r.result?.objectValue?.keys.first {
                nextStep = name
                if let i = items.firstIndex(where: { $0.name == name }) { selection = i }
            } else {
                nextStep = "none left"
            }
            return []
        }
    }
}
