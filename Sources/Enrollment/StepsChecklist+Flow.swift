import PIMS

/// Seed 001: choose a vehicle, list by carAssociationID, then by stepsID; filter; next step; reset
/// the cache; a chosen `todo` step starts its flow and comes back to a refreshed list.
extension AppState {
    mutating func submitSteps() -> [Effect] {
        if steps.vin == nil {
            guard vehicles.indices.contains(steps.selection) else { return refreshAccount() }
            let v = vehicles[steps.selection]
            steps = StepsChecklist()
            steps.vin = v.vin
            steps.carAssociationID = v.carAssociationID
            return fetchSteps(reset: false)
        }
        guard steps.items.indices.contains(steps.selection) else { return fetchSteps(reset: false) }
        return resolve(steps.items[steps.selection])
    }

    mutating func chooseVehicleAgain() -> [Effect] {
        if route == .carKey {
            carKey = CarKeyFlow()
        } else {
            steps = StepsChecklist()
        }
        return []
    }

    /// The first list is asked by carAssociationID; later ones by the stepsID it gave (R19, R20).
    mutating func fetchSteps(reset: Bool) -> [Effect] {
        guard let id = steps.carAssociationID else { return [] }
        let request = steps.stepsID.map { Requests.steps(stepsID: $0, reset: reset, filter: steps.filter) }
            ?? Requests.steps(carAssociationID: id, reset: reset, filter: steps.filter)
        return issue(.steps(.fetch(reset: reset)), request)
    }

    mutating func cycleStepsFilter() -> [Effect] {
        let all = StepsFilter.allCases
        steps.filter = all[((all.firstIndex(of: steps.filter) ?? 0) + 1) % all.count]
        return fetchSteps(reset: false)
    }

    mutating func askNextStep() -> [Effect] {
        guard let id = steps.stepsID else {
            steps.message = "List the steps first: the next-step API needs a stepsID."
            return []
        }
        return issue(.steps(.next), Requests.nextStep(stepsID: id))
    }

    /// `resetSteps: true`, from the checklist or from the OTP page after 2317/2312.
    mutating func resetStepsFromAnywhere() -> [Effect] {
        if route == .otp { _ = cancelOTP() }
        route = .steps
        if steps.vin == nil {
            guard let v = vehicles.first else { return refreshAccount() }
            steps.vin = v.vin
            steps.carAssociationID = v.carAssociationID
        }
        return fetchSteps(reset: true)
    }

    private mutating func resolve(_ item: StepsChecklist.Item) -> [Effect] {
        guard item.isTodo else {
            steps.message = "\(item.name) is already done."
            return []
        }
        steps.resolving = item.name
        switch item.name {
        case "trusterPhoneNumber", "trustedPhone":
            // Straight to step 4·2: only the phone is missing.
            guided = GuidedEnrollment()
            guided.mark([.s1, .s2, .s3], .skipped)
            guided.mark(.s4_1, .skipped)
            guided.stage = .chooseMethod
            route = .guided
            return chooseMethod(.full)
        case "deviceActivation":
            return startGuided()
        case "mediumCarKey":
            carKey = CarKeyFlow()
            route = .carKey
            guard let vin = steps.vin else { return [] }
            carKey.vin = vin
            return issue(.carKey(.select), Requests.selectVehicle(.string(vin)))
        default:
            steps.resolving = nil
            steps.message = "No flow of this app resolves \(item.name)."
            return []
        }
    }

    /// A flow started from the checklist ended well: back to the list, refreshed.
    mutating func returnToChecklist(_ message: String) -> [Effect] {
        steps.resolving = nil
        steps.message = message
        route = .steps
        return fetchSteps(reset: false)
    }

    mutating func stepsAnswered(_ call: CallPurpose.StepsCall, _ r: PIMSResponse) -> [Effect] {
        if let error = r.error {
            banner = .failure(error)
            if error.pimsCode == .noStepForStepsID {
                steps.stepsID = nil
                steps.message = "stepsID unknown to this device (2346): the next list is asked by carAssociationID again."
            } else {
                steps.message = "\(error.code) \(error.label)"
            }
            return []
        }
        switch call {
        case .fetch(let reset):
            guard let result = r.result?.objectValue else { return [] }
            steps.stepsID = result["stepsID"]?.intValue ?? steps.stepsID
            steps.items = result.compactMap { key, value -> StepsChecklist.Item? in
                guard key != "stepsID", let o = value.objectValue else { return nil }
                return StepsChecklist.Item(name: o["name"]?.stringValue ?? key, status: o["status"]?.stringValue ?? "?",
                                           order: o["order"]?.intValue ?? 0)
            }.sorted { $0.order < $1.order }
            steps.selection = min(steps.selection, max(steps.items.count - 1, 0))
            if reset { steps.message = "Cache reset (resetSteps: true): the statuses are live again." }
            return []
        case .next:
            if let name = r.result?.objectValue?.keys.first {
                steps.nextStep = name
                if let i = steps.items.firstIndex(where: { $0.name == name }) { steps.selection = i }
            } else {
                steps.nextStep = "none left"
            }
            return []
        }
    }
}
