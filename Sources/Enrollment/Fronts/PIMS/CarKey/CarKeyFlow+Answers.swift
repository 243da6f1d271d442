import PIMS

/// Tutorial 2-6's answers: the VIN selected, the status read, the key activated, or what blocks it.
extension CarKeyFlow.State {
    mutating func answered(_ call: CarKeyFlow.Call, _ r: CallResponse, _ shared: Shared) -> [CarKeyFlow.Out] {
        if let error = r.error {
            // One explanation: the banner's, with the proximity line naming what to fix.
            proximityError = CarKeyFlow.proximityProblem(error.pimsCode) == nil ? nil : error.pimsCode
            message = nil
            return [.notice(.failure(error))]
        }
        proximityError = nil
        switch call {
        case .select:
            selectedVIN = vin
            message = "Vehicle \(vin ?? "") selected."
            return [.call(.carKey(.status), PIMSRequests.carKeyStatus)]
        case .status:
            let read = CarKeyStatusAnswer(r.result)
            isVerified = read.isVerified
            cvsStatus = read.cvsStatus
            maxReactivationDate = read.maxReactivationDate
            message = isVerified == true ? "The car key is already activated: nothing to do." : "The car key is not activated yet."
            return isVerified == true ? [.delegate(.keyActive("The car key was already activated."))] : []
        case .activate:
            let read = CarKeyActivationAnswer(r.result)
            isVerified = true
            cvsStatus = CarKey.CVSStatus.active.rawValue
            securityCode = read.securityCode
            securityExpiration = read.securityExpiration
            let text = "Car key activated for \(read.vin ?? selectedVIN ?? ""): security code \(securityCode ?? "–"), valid until \(securityExpiration ?? "–")."
            message = text
            // For the checklist: the code is read here first; Enter returns.
            if shared.checklistNeeds == .mediumCarKey {
                returnsToChecklist = true
                return []
            }
            return [.delegate(.keyActive(text))]
        }
    }
}
