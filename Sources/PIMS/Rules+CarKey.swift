import SimKernel


/// Vehicle selection and the car key: R23–R25.
extension PIMSStep {
    // R23
    mutating func selectVehicle(_ vin: VIN, _ a: Int) throws(PIMSError) -> JSONValue {
        guard accounts[a].vehicles.contains(where: { $0.vin == vin }) else {
            throw PIMSError(.vinNotValid, detail: "\(vin) is not associated with this account")
        }
        session.selectedVIN = vin
        return .null
    }

    private func selectedVehicle(_ a: Int) throws(PIMSError) -> Int {
        guard let vin = session.selectedVIN, let v = accounts[a].vehicles.firstIndex(where: { $0.vin == vin }) else {
            throw PIMSError(.notSet, "vin", detail: "select a vehicle first (set pims.vehicle.vin)")
        }
        return v
    }

    // R24
    func carKeyStatus(_ a: Int) throws(PIMSError) -> JSONValue {
        let key = accounts[a].vehicles[try selectedVehicle(a)].carKey
        return [
            "isCarKeyVerified": .bool(key.activated),
            "cvsStatus": .string(key.cvsStatus.rawValue),
            "maxReactivationDate": .string((key.maxReactivationDate ?? clock + 30 * 86_400).iso8601),
        ]
    }

    // R25
    mutating func activateCarKey(_ a: Int) throws(PIMSError) -> JSONValue {
        let v = try selectedVehicle(a)
        let proximity = accounts[a].vehicles[v].proximity
        if !proximity.bluetoothOn { throw PIMSError(.bluetoothOff, "Bluetooth", detail: "Bluetooth is off on the phone") }
        if !proximity.paired { throw PIMSError(.notPaired, detail: "the phone is not paired with the vehicle") }
        if !proximity.keyInside { throw PIMSError(.keyNotInside, detail: "the key is not inside the vehicle") }
        accounts[a].vehicles[v].carKey.activated = true
        accounts[a].vehicles[v].carKey.cvsStatus = .active
        var g = kernel.codes
        let securityCode = g.base64(bytes: 24)
        kernel.codes = g
        return [
            "hasCarKey": true,
            "vin": .string(accounts[a].vehicles[v].vin.value),
            "securityCode": .string(securityCode),
            "securityExpiration": .string((clock + 30 * 86_400).iso8601),
        ]
    }
}
