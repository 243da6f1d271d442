import PIMS

/// The simulator panel's commands: each is a control (§8), never a PIMS call, so none is logged
/// in the API log and none waits for Enter in step pacing.
extension AppState {
    mutating func simulatorCommand(_ command: Command) -> [Effect] {
        switch command {
        case .refreshWorld:
            return refreshAccount() + refreshInbox(simulator.inbox?.phone ?? simulator.account?.phone)
        case .advanceClock:
            guard let seconds = Int(simulator.form[.advanceSeconds]), seconds >= 0 else {
                simulator.message = "Seconds: a whole number ≥ 0."
                return []
            }
            return control(.advance, .advance(seconds: seconds))
        case .cycleFaultTarget:
            simulator.faultTarget = (simulator.faultTarget + 1) % SimulatorPanel.faultTargets.count
            return []
        case .addFault(let preset):
            let rule = preset.rule(for: simulator.faultTargetName)
            return control(.fault(rule), .fault(rule))
        case .clearFaults:
            return control(.clearFaults, .clearFaults)
        case .toggleProximity(let part):
            let vin = carKey.selectedVIN ?? carKey.vin ?? vehicles.first?.vin
            guard let user = loggedIn, let vin, let v = vehicles.first(where: { $0.vin == vin }), let vinValue = VIN(vin) else {
                simulator.message = "No vehicle to change."
                return []
            }
            switch part {
            case .bluetooth: return control(.proximity, .proximity(username: user, vin: vinValue, bluetoothOn: !v.bluetoothOn, paired: nil, keyInside: nil))
            case .paired: return control(.proximity, .proximity(username: user, vin: vinValue, bluetoothOn: nil, paired: !v.paired, keyInside: nil))
            case .keyInside: return control(.proximity, .proximity(username: user, vin: vinValue, bluetoothOn: nil, paired: nil, keyInside: !v.keyInside))
            }
        case .loadScenario:
            let name = simulator.form[.scenario]
            guard !name.isEmpty else {
                simulator.message = "Type a scenario name or file first."
                return []
            }
            return control(.load(name), .load(.parse(name)))
        case .resetScenario:
            return control(.reset, .reset)
        case .saveScenario:
            let path = simulator.form[.savePath]
            guard !path.isEmpty else {
                simulator.message = "Type a file name to save as first."
                return []
            }
            return control(.export(path: path), .export)
        default:
            return []
        }
    }
}
