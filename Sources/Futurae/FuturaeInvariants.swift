import SimKernel

/// The invariants of a `futurae:` section (§4): what the types alone cannot say. Paths start inside the
/// section (the world puts `futurae` in front).
enum FuturaeInvariants {
    typealias Problem = ScenarioProblem

    static func firstProblem(in w: FuturaeWorld, sessions: [String]) -> ScenarioProblem? {
        if let s = w.service {
            if s.serviceId.isEmpty { return Problem(path: ["service", "serviceId"], reason: "the service's serviceId is empty") }
            if s.serviceName.isEmpty { return Problem(path: ["service", "serviceName"], reason: "the service's serviceName is empty") }
            if s.authApiKey?.isEmpty == true { return Problem(path: ["service", "authApiKey"], reason: "an empty authApiKey (leave it out instead)") }
        }
        var userIds = Set<String>()
        var usernames = Set<String>()
        // Indexed, not enumerated(): an enumerated KeyedList's iterator is generic metadata the runtime
        // builds at each start with a scan of every conformance record (Benchmarks/README.md, the TUI).
        for i in 0..<w.users.count {
            let u = w.users[i]
            let at = ["users", String(i)]
            if !isUUID(u.userId) { return Problem(path: at + ["userId"], reason: "userId \"\(u.userId)\" is not a UUID") }
            if !userIds.insert(u.userId).inserted { return Problem(path: at + ["userId"], reason: "a second user with userId \(u.userId)") }
            if let name = u.username {
                if name.isEmpty { return Problem(path: at + ["username"], reason: "an empty username (leave it out instead)") }
                if !usernames.insert(name).inserted { return Problem(path: at + ["username"], reason: "a second user named \(name)") }
            }
            if u.devices.contains(where: \.isEmpty) { return Problem(path: at + ["devices"], reason: "a device id is empty") }
            if Set(u.devices).count != u.devices.count { return Problem(path: at + ["devices"], reason: "a device is listed twice") }
        }
        var enrollmentIds = Set<String>()
        var codes = Set<ActivationCode>()
        var shortCodes = Set<ShortCode>()
        for i in 0..<w.activations.count {
            let a = w.activations[i]
            let at = ["activations", String(i)]
            if !isUUID(a.enrollmentId) { return Problem(path: at + ["enrollmentId"], reason: "enrollmentId \"\(a.enrollmentId)\" is not a UUID") }
            if !enrollmentIds.insert(a.enrollmentId).inserted {
                return Problem(path: at + ["enrollmentId"], reason: "a second activation with enrollmentId \(a.enrollmentId)")
            }
            if w.user(a.userId) == nil { return Problem(path: at + ["userId"], reason: "activation for \(a.userId), who is not a user") }
            if !codes.insert(a.activationCode).inserted {
                return Problem(path: at + ["activationCode"], reason: "this activation code is used by an earlier activation")
            }
            if let s = a.shortCode, !shortCodes.insert(s).inserted {
                return Problem(path: at + ["shortCode"], reason: "shortcode \(s.shown) is used by an earlier activation")
            }
        }
        var devices = Set<String>()
        for i in 0..<w.devices.count {
            let d = w.devices[i]
            let at = ["devices", String(i)]
            if !sessions.contains(d.session) {
                return Problem(path: at + ["session"], reason: "no session named \(d.session) (sessions: \(sessions.joined(separator: ", ")))")
            }
            if !devices.insert(d.session).inserted { return Problem(path: at + ["session"], reason: "a second device for session \(d.session)") }
            let limit = FuturaePolicy.pinFailuresBeforeArchive
            if d.pinFailures < 0 { return Problem(path: at + ["pinFailures"], reason: "pinFailures cannot be negative") }
            if d.pinFailures > 0 && d.sdkPin == nil { return Problem(path: at + ["pinFailures"], reason: "SDK PIN failures without an SDK PIN") }
            if !d.archived && d.pinFailures >= limit {
                return Problem(path: at + ["pinFailures"], reason: "\(d.pinFailures) SDK PIN failures reach the limit (\(limit)): the device would be archived")
            }
            if d.archived && d.unlockedUntil != nil { return Problem(path: at + ["unlockedUntil"], reason: "an archived device is not unlocked") }
            var enrolled = Set<String>()
            for (k, account) in d.accounts.enumerated() {
                let ap = at + ["accounts", String(k), "userId"]
                if w.user(account.userId) == nil { return Problem(path: ap, reason: "account of \(account.userId), who is not a user") }
                if !enrolled.insert(account.userId).inserted { return Problem(path: ap, reason: "user \(account.userId) is enrolled twice on this device") }
            }
        }
        var sessionIds = Set<String>()
        for i in 0..<w.authSessions.count {
            let a = w.authSessions[i]
            let at = ["authSessions", String(i)]
            if !isUUID(a.sessionId) || !sessionIds.insert(a.sessionId).inserted {
                return Problem(path: at + ["sessionId"], reason: "sessionId \"\(a.sessionId)\" is not a UUID used once")
            }
            if w.user(a.userId) == nil { return Problem(path: at + ["userId"], reason: "authentication session for \(a.userId), who is not a user") }
            if a.expiresAt < a.createdAt { return Problem(path: at + ["expiresAt"], reason: "it expires before it was created") }
        }
        if w.service == nil && (!w.users.isEmpty || !w.activations.isEmpty || !w.devices.isEmpty) {
            return Problem(path: [], reason: "Futurae users, activations and devices need a service")
        }
        return nil
    }
}
