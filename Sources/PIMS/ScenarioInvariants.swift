import SimKernel


/// The invariants PIMS's part of a loaded world must keep (§9): what the types alone cannot say.
/// Paths start at the scenario's top level, where PIMS's keys have always been.
public enum PIMSInvariants {
    typealias Problem = ScenarioProblem

    /// - Parameters:
    ///   - defaultUser: the account the default session starts logged in as.
    public static func firstProblem(in w: PIMSWorld, defaultUser: String?, sessionOrder: [String]) -> ScenarioProblem? {
        if let p = w.policy.problem { return Problem(path: ["policy", p.key], reason: "policy.\(p.key) \(p.reason)") }
        // Sized once: a 50,000-account load otherwise grows each set a dozen times.
        var usernames = Set<String>(minimumCapacity: w.accounts.count)
        var associations = Set<String>(minimumCapacity: w.accounts.count)
        var stepsIDs = Set<Int>()
        // Indexed, not enumerated(): an enumerated KeyedList's iterator is generic metadata the runtime
        // builds at each start with a scan of every conformance record (Benchmarks/README.md, the TUI).
        for i in 0..<w.accounts.count {
            let a = w.accounts[i]
            var at: [String] { ["accounts", String(i)] }
            func problem(_ key: String?, _ reason: String) -> Problem {
                Problem(path: key.map { at + [$0] } ?? at, reason: "account \(a.username): \(reason)")
            }
            if a.username.isEmpty { return problem("username", "the username is empty") }
            if !usernames.insert(a.username).inserted { return problem("username", "a second account with this username") }
            if let pin = a.pin, !w.policy.accepts(pin) { return problem("pin", "the PIN does not fit the policy (\(w.policy.pinFormDescription))") }
            let limit = w.policy.pinFailuresBeforeBlock
            if a.pinFailures < 0 { return problem("pinFailures", "pinFailures cannot be negative") }
            switch a.blockState {
            case .pinBlocked where a.pinFailures != limit:
                return problem("pinFailures", "a PINBlocked account has exactly \(limit) PIN failures (the policy's limit), not \(a.pinFailures)")
            case .notBlocked, .accountBlocked:
                if a.pinFailures >= limit {
                    return problem("pinFailures", "\(a.pinFailures) PIN failures reach the limit (\(limit)): the account would be PINBlocked")
                }
            default: break
            }
            if a.pin == nil && !a.enrolledDevices.isEmpty { return problem("enrolledDevices", "devices are enrolled but the account has no PIN") }
            if a.pin == nil && a.pinFailures > 0 { return problem("pinFailures", "PIN failures without a PIN") }
            if a.enrolledDevices.hasRepeat { return problem("enrolledDevices", "a device is listed twice") }
            if a.enrolledDevices.contains(where: \.isEmpty) { return problem("enrolledDevices", "a device id is empty") }
            if a.enrolledDevices.count > w.policy.maxEnrolledDevices {
                return problem("enrolledDevices", "\(a.enrolledDevices.count) devices enrolled, over the policy's limit of \(w.policy.maxEnrolledDevices)")
            }
            for (v, vehicle) in a.vehicles.enumerated() {
                // Usernames are unique by now: a VIN associated twice is twice in this account.
                if a.vehicles[..<v].contains(where: { $0.vin == vehicle.vin }) {
                    return Problem(path: at + ["vehicles", String(v), "vin"], reason: "account \(a.username): VIN \(vehicle.vin) is associated twice")
                }
                if !associations.insert(vehicle.carAssociationID.value).inserted {
                    return Problem(path: at + ["vehicles", String(v), "carAssociationID"], reason: "carAssociationID \(vehicle.carAssociationID) is used twice")
                }
                if vehicle.carKey.activated && vehicle.carKey.cvsStatus == .unknown {
                    return Problem(path: at + ["vehicles", String(v), "carKey"], reason: "an activated car key has a cvsStatus other than unknown")
                }
                if let (key, reason) = vehicle.remote.problem {
                    return Problem(path: at + ["vehicles", String(v), "remote"] + key, reason: "vehicle \(vehicle.vin): \(reason)")
                }
            }
            for (m, sms) in a.sms.enumerated() where sms.expiresAt < sms.sentAt || sms.checksUsed < 0 || !sms.code.isDigitString {
                return Problem(path: at + ["sms", String(m)], reason: "account \(a.username): SMS \(m + 1) is inconsistent (digits only, expiresAt after sentAt, checksUsed ≥ 0)")
            }
            for (c, cache) in a.stepsCaches.enumerated() {
                let cp = at + ["stepsCaches", String(c)]
                if !stepsIDs.insert(cache.stepsID).inserted { return Problem(path: cp + ["stepsID"], reason: "stepsID \(cache.stepsID) is used twice") }
                if !a.vehicles.contains(where: { $0.carAssociationID == cache.carAssociationID }) {
                    return Problem(path: cp + ["carAssociationID"], reason: "account \(a.username): steps cache for carAssociationID \(cache.carAssociationID), which is not one of its vehicles")
                }
            }
        }
        if let user = defaultUser, w.account(user) == nil {
            return Problem(path: ["session", "user"], reason: "the default session's user \(user) is not an account of the scenario")
        }
        for (i, name) in sessionOrder.enumerated() {
            if let user = w.sessions[name]?.user, w.account(user) == nil {
                return Problem(path: ["sessions", String(i), "user"], reason: "session \(name) is logged in as \(user), who is not an account")
            }
        }
        if let problem = NumberBounds.problem(w.stepsIDs, NumberBounds.count) {
            return Problem(path: ["counters", "stepsIDs"], reason: "counters.stepsIDs \(problem)")
        }
        if let maxID = stepsIDs.max(), maxID > w.stepsIDs {
            return Problem(path: ["counters", "stepsIDs"], reason: "counters.stepsIDs must be at least the largest stepsID (\(maxID))")
        }
        return nil
    }
}

extension Array where Element: Hashable {
    /// Whether an element is there twice; the short lists of an account compared pairwise.
    var hasRepeat: Bool {
        if count > 8 { return Set(self).count != count }
        return indices.contains { i in self[..<i].contains(self[i]) }
    }
}
