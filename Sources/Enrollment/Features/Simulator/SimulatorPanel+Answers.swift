import Card
import Futurae
import PIMS

/// What the controls answered, and what the world's events say.
extension SimulatorPanel.State {
    typealias Out = SimulatorPanel.Out

    mutating func answered(_ control: SimulatorPanel.Control, _ answer: SimAnswer, _ shared: Shared) -> [Out] {
        guard answer.ok else {
            let what = answer.error ?? "failed"
            message = what
            return [.notice(Notice(kind: .error, label: "Simulator control failed.", detail: what, advice: "Check the value and try again."))]
        }
        switch control {
        case .account:
            if let json = answer["account"], let snapshot = AccountSnapshot(json: json) { account = snapshot }
            if let now = answer["now"]?.stringValue { self.now = now }
            let inbox = inboxAwaitsPhone && account?.phone != nil ? readInbox() : []
            guard let policy = Self.policy(answer["policy"] ?? answer["account"]?["policy"], over: shared.policy) else { return inbox }
            return [.delegate(.policyRead(policy))] + inbox
        case .inbox(let phone):
            inbox = PhoneInbox(phone: phone, answer: answer)
            now = inbox?.now ?? now
            return []
        case .advance:
            now = answer["now"]?.stringValue ?? now
            message = "Clock advanced to \(now ?? "?")."
            return readWorld(shared)
        case .activations:
            activations = BackOfficeActivation.list(answer)
            now = answer["now"]?.stringValue ?? now
            return []
        case .createActivation:
            message = BackOfficeActivation(.object(answer.fields)).map { "Activation created for \($0.username), valid until \($0.expiresAt)." }
            return [.control(.simulator(.activations), .futuraeActivations())]
        case .cardIssuer(let issuer):
            (self.issuer, message) = issuer.read(answer)
            return readBackOffice(shared)
        case .pushes:
            pushes = (answer["pushes"]?.arrayValue ?? []).compactMap(CardTransaction.init)
            now = answer["now"]?.stringValue ?? now
            return []
        case .fault(let rule):
            faults = FaultRule.list(answer["rules"])
            message = "Fault added: \(rule.summary)."
            return []
        case .clearFaults:
            faults = []
            message = "Faults cleared."
            return []
        case .faults:
            faults = FaultRule.list(answer["rules"])
            return []
        case .proximity:
            message = "Proximity changed."
            return [.refreshAccount]
        case .vehicle:
            return vehicleAnswered(answer)
        case .load(let name):
            scenario = answer["scenario"]?.stringValue ?? name
            faults = []
            message = "Scenario \(scenario ?? name) loaded: log in again to use it."
            return [.delegate(.worldReplaced)]
        case .reset:
            faults = []
            message = "World reset to scenario \(answer["scenario"]?.stringValue ?? "?")."
            return [.delegate(.worldReplaced)]
        case .export(let path, let name):
            return [.delegate(.save(path: path, contents: Self.renamed(answer["scenario"]?.stringValue ?? "", to: name)))]
        case .bookmark(let name):
            bookmarks = (answer["bookmarks"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
            newestBookmark = name
            let at = answer["bookmark"]?["at"]?.stringValue ?? now ?? "?"
            message = "Bookmark \(name) taken at \(at) (kept: \(bookmarks.joined(separator: ", "))); o restores one."
            return []
        case .restore(let name):
            now = answer["now"]?.stringValue ?? now
            faults = []
            message = "World restored to bookmark \(name) (\(now ?? "?")): log in again to use it."
            // The bookmarked world has its own fault rules: read them.
            return [.delegate(.worldReplaced), .control(.simulator(.faults), .faults)]
        }
    }

    /// Reads what the panel shows of the world: its system's sections, as its front reads them (the
    /// clock comes with them).
    mutating func readWorld(_ shared: Shared) -> [Out] { system.front.simulatorReads(&self, shared) }

    /// The system's back office (Futurae's activations, the card phone's notifications), its front's.
    func readBackOffice(_ shared: Shared) -> [Out] { system.front.backOfficeReads(shared) }

    /// What `g` reads again, in words (the help).
    var parts: String { system.front.simulatorParts }

    /// Reads the inbox the panel shows (the one read last, else the account's phone's); with no
    /// phone known yet, the account's answer reads it.
    mutating func readInbox() -> [Out] {
        guard let phone = inbox?.phone ?? account?.phone else {
            inboxAwaitsPhone = true
            return []
        }
        inboxAwaitsPhone = false
        return [.refreshInbox(phone)]
    }

    /// A requirement of the car key, toggled near the car key's vehicle (else the account's first).
    mutating func toggle(_ part: ProximityPart, _ shared: Shared) -> [Out] {
        let vin = shared.carKeyVIN ?? shared.vehicles.first?.vin
        guard let user = shared.loggedIn, let vin, let v = shared.vehicles.first(where: { $0.vin == vin }), let vinValue = VIN(vin) else {
            message = "No vehicle to change."
            return []
        }
        let control: SimControl = switch part {
        case .bluetooth: .proximity(username: user, vin: vinValue, bluetoothOn: !v.bluetoothOn, paired: nil, keyInside: nil)
        case .paired: .proximity(username: user, vin: vinValue, bluetoothOn: nil, paired: !v.paired, keyInside: nil)
        case .keyInside: .proximity(username: user, vin: vinValue, bluetoothOn: nil, paired: nil, keyInside: !v.keyInside)
        }
        return [.control(.simulator(.proximity), control)]
    }

    /// The backend's list replaces this panel's, whoever changed it: a rule used up by a call
    /// leaves, and one added from another terminal appears.
    mutating func faultsChanged(_ rules: [FaultRule]) -> [Out] {
        let gone = faults.filter { old in !rules.contains { $0.name == old.name && $0.sub == old.sub && $0.code == old.code } }
        if rules.isEmpty && !faults.isEmpty {
            message = "No fault rule is active any more."
        } else if let used = gone.first, rules.count < faults.count {
            message = "Fault used up: \(used.summary)."
        } else if rules.count > faults.count {
            message = "\(rules.count) fault rule\(rules.count == 1 ? "" : "s") active on the backend."
        }
        faults = rules
        return []
    }

    /// The backend's PIN and SMS policy over the current one, when it reports one (the contract's
    /// defaults otherwise).
    static func policy(_ json: JSONValue?, over current: PINPolicy) -> PINPolicy? {
        guard let p = json?.objectValue else { return nil }
        var policy = current
        if let v = p["pinMinLength"]?.intValue { policy.pinMinLength = v }
        if let v = p["pinMaxLength"]?.intValue { policy.pinMaxLength = v }
        if let v = p["smsCodeLength"]?.intValue { policy.smsCodeLength = v }
        if let v = p["pinFailuresBeforeBlock"]?.intValue { policy.pinFailuresBeforeBlock = v }
        return policy
    }
}
