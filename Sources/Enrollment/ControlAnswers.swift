import PIMS

/// Answers of the simulator controls.
extension AppState {
    mutating func controlAnswered(_ id: RequestID, _ answer: SimAnswer) -> [Effect] {
        guard let purpose = pendingControls.removeValue(forKey: id) else { return [] }
        guard answer.ok else {
            let what = answer.error ?? "failed"
            if purpose == .createSession {
                banner = Banner(kind: .error, label: "Could not create the session.", detail: what, advice: "Check the device id, then press Enter again.")
            } else {
                simulator.message = what
                banner = Banner(kind: .error, label: "Simulator control failed.", detail: what, advice: "Check the value and try again.")
            }
            return []
        }
        switch purpose {
        case .createSession:
            return issue(.login, Requests.login(config.username, config.password))
        case .account:
            if let json = answer["account"], let snapshot = AccountSnapshot(json: json) { simulator.account = snapshot }
            if let now = answer["now"]?.stringValue { simulator.now = now }
            readPolicy(answer["policy"] ?? answer["account"]?["policy"])
            return []
        case .inbox(let phone):
            simulator.inbox = PhoneInbox(phone: phone, answer: answer)
            simulator.now = simulator.inbox?.now ?? simulator.now
            return []
        case .advance:
            simulator.now = answer["now"]?.stringValue ?? simulator.now
            simulator.message = "Clock advanced to \(simulator.now ?? "?")."
            return refreshInbox(simulator.inbox?.phone) + refreshAccount()
        case .fault(let rule):
            simulator.faults.append(rule)
            simulator.message = "Fault added on \(rule.name)."
            return []
        case .clearFaults:
            simulator.faults = []
            simulator.message = "Faults cleared."
            return []
        case .proximity:
            simulator.message = "Proximity changed."
            return refreshAccount()
        case .load(let name):
            simulator.scenario = answer["scenario"]?.stringValue ?? name
            simulator.faults = []
            simulator.message = "Scenario \(simulator.scenario ?? name) loaded: log in again to use it."
            return afterWorldReplaced()
        case .reset:
            simulator.faults = []
            simulator.message = "World reset to scenario \(answer["scenario"]?.stringValue ?? "?")."
            return afterWorldReplaced()
        case .export(let path):
            let yaml = answer["scenario"]?.stringValue ?? ""
            return [.saveFile(path: path, contents: yaml)]
        }
    }

    /// A loaded or reset world has its own sessions: open this device's again and log in.
    private mutating func afterWorldReplaced() -> [Effect] {
        loggedIn = nil
        resetFlows()
        return createSession()
    }

    /// The backend's PIN and SMS policy, when it reports one (the contract's defaults otherwise).
    private mutating func readPolicy(_ json: JSONValue?) {
        guard let p = json?.objectValue else { return }
        if let v = p["pinMinLength"]?.intValue { policy.pinMinLength = v }
        if let v = p["pinMaxLength"]?.intValue { policy.pinMaxLength = v }
        if let v = p["smsCodeLength"]?.intValue { policy.smsCodeLength = v }
        if let v = p["pinFailuresBeforeBlock"]?.intValue { policy.pinFailuresBeforeBlock = v }
    }
}
