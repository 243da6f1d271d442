import PIMS

/// Tutorial 2-6: select the VIN (R23), check the car key (R24), activate it (R25).
extension AppState {
    mutating func submitCarKey() -> [Effect] {
        guard carKey.selectedVIN == nil else { return issue(.carKey(.activate), Requests.activateCarKey) }
        guard vehicles.indices.contains(carKey.selection) else { return refreshAccount() }
        carKey.vin = vehicles[carKey.selection].vin
        return issue(.carKey(.select), Requests.selectVehicle(.string(carKey.vin!)))
    }

    mutating func carKeyAnswered(_ call: CallPurpose.CarKeyCall, _ r: PIMSResponse) -> [Effect] {
        if let error = r.error {
            banner = .failure(error)
            if let problem = CarKeyFlow.proximityProblem(error.pimsCode.rawValue) {
                carKey.proximityError = error.pimsCode.rawValue
                carKey.message = "\(problem) Fix it (proximity keys b, y, k), then activate again."
            } else {
                carKey.message = "\(error.code) \(error.label)"
            }
            return []
        }
        carKey.proximityError = nil
        switch call {
        case .select:
            carKey.selectedVIN = carKey.vin
            carKey.message = "Vehicle \(carKey.vin ?? "") selected."
            return issue(.carKey(.status), Requests.carKeyStatus)
        case .status:
            let result = r.result
            carKey.isVerified = result?["isCarKeyVerified"]?.boolValue ?? (result?["isCarKeyVerified"]?.stringValue == "true")
            carKey.cvsStatus = result?["cvsStatus"]?.stringValue
            carKey.maxReactivationDate = result?["maxReactivationDate"]?.stringValue
            carKey.message = carKey.isVerified == true ? "The car key is already activated: nothing to do." : "The car key is not activated yet."
            if carKey.isVerified == true && steps.resolving == "mediumCarKey" { return returnToChecklist("The car key was already activated.") }
            return []
        case .activate:
            let result = r.result
            carKey.isVerified = true
            carKey.cvsStatus = "active"
            carKey.securityCode = result?["securityCode"]?.stringValue
            carKey.securityExpiration = result?["securityExpiration"]?.stringValue
            carKey.message = "Car key activated for \(result?["vin"]?.stringValue ?? carKey.selectedVIN ?? "")."
            if steps.resolving == "mediumCarKey" { return returnToChecklist(carKey.message!) }
            return []
        }
    }
}
