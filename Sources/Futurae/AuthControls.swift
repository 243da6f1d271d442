import SimKernel

/// The back office's side of push authentication and of the Auth API's enroll and unenroll (FA9,
/// FA11, FA13, F10): controls, so that a tester, `batch` and the server's Auth API run the same code.
extension FuturaeWorld {
    /// A device that holds a user's account: the SDK instance (session), its device id, since when.
    public struct EnrolledDevice: Sendable, Hashable {
        public var session: String
        public var deviceId: String
        public var enrolledAt: SimTime
        public var archived: Bool
    }

    /// Every SDK instance holding the user's account, in enrollment order; `deviceId` maps a session
    /// to its device id (a session it does not know counts under its own name).
    public func enrolledDevices(of userId: String, deviceId: (String) -> String?) -> [EnrolledDevice] {
        devices.compactMap { d in
            d.account(userId).map {
                EnrolledDevice(session: d.session, deviceId: deviceId(d.session) ?? d.session, enrolledAt: $0.enrolledAt, archived: d.archived)
            }
        }.sorted { $0.enrolledAt < $1.enrolledAt }
    }

    /// FA9: the Auth API's enroll names a user by a username nobody has yet: a new user (seeded id).
    mutating func newUser(_ username: String, kernel: inout KernelContext) -> FuturaeUser? {
        guard service != nil, !username.isEmpty else { return nil }
        let user = FuturaeUser(userId: kernel.codes.uuid(), username: username)
        users.append(user)
        return user
    }

    /// F10 / FA13: a login pushed to the device chosen (nil: the one enrolled last, preferring one not
    /// archived), waiting for the phone's answer for `authSessionLifetimeSeconds`.
    mutating func pushAuth(user name: String, device: String?, kernel: inout KernelContext) -> SimAnswer {
        func refuse(_ why: String) -> SimAnswer { .failure("futurae.auth: \(why)") }
        guard let user = user(named: name) else { return refuse(noUser(name)) }
        let enrolled = enrolledDevices(of: user.userId, deviceId: kernel.sessionDevice)
        let who = user.username ?? user.userId
        let chosen: String
        if let device {
            guard enrolled.contains(where: { $0.deviceId == device }) else {
                return refuse("\(who) has no account on device \"\(device)\"" + Self.listed(enrolled))
            }
            chosen = device
        } else {
            guard let last = enrolled.last(where: { !$0.archived }) ?? enrolled.last else { return refuse("\(who) has no enrolled device") }
            chosen = last.deviceId
        }
        let sessions = enrolled.filter { $0.deviceId == chosen }.map(\.session)
        var id = kernel.codes.uuid()
        while authSessions.index(of: id) != nil { id = kernel.codes.uuid() }
        let session = AuthSession(sessionId: id, userId: user.userId, deviceId: chosen, sessions: sessions, createdAt: kernel.now,
                                  expiresAt: min(kernel.now + FuturaePolicy.authSessionLifetimeSeconds, SimTime.latest))
        authSessions.append(session)
        let now = kernel.now
        kernel.emit(.futuraeAuth, pushJSON(session), to: sessions)
        kernel.emit(.authSession, authSessionEvent(session, at: now), toBackOfficeAnd: enrolled.map(\.session))
        return .success(["authSession": json(session, at: kernel.now, deviceArchived: isArchived(session)),
                         "pushedTo": .array(sessions.map(JSONValue.string))])
    }

    func listAuthSessions(user name: String?, kernel: KernelContext) -> SimAnswer {
        var userId: String?
        if let name {
            guard let user = user(named: name) else { return .failure("futurae.authentications: \(noUser(name))") }
            userId = user.userId
        }
        let listed = authSessions.filter { userId == nil || $0.userId == userId }
        return .success(["authSessions": .array(listed.map { json($0, at: kernel.now, deviceArchived: isArchived($0)) }),
                         "now": .string(kernel.now.iso8601)])
    }

    /// FA11: the user's account leaves every SDK instance on that device, and the user loses the
    /// device (F6's logout, from the server's side). `devicesLeft` is what the user still has.
    mutating func unenroll(user name: String, device: String, kernel: inout KernelContext) -> SimAnswer {
        func refuse(_ why: String) -> SimAnswer { .failure("futurae.unenroll: \(why)") }
        guard let user = user(named: name), let u = userIndex(user.userId) else { return refuse(noUser(name)) }
        let sessions = enrolledDevices(of: user.userId, deviceId: kernel.sessionDevice).filter { $0.deviceId == device }.map(\.session)
        guard user.devices.contains(device) || !sessions.isEmpty else {
            return refuse("\(user.username ?? user.userId) has no device \"\(device)\" (\(user.devices.joined(separator: ", ")))")
        }
        for session in sessions {
            if let d = devices.index(of: session) { devices[d].accounts.removeAll { $0.userId == user.userId } }
        }
        users[u].devices.removeAll { $0 == device }
        return .success(["removedFrom": .array(sessions.map(JSONValue.string)), "devicesLeft": .int(users[u].devices.count)])
    }

    private static func listed(_ enrolled: [EnrolledDevice]) -> String {
        enrolled.isEmpty ? " (no enrolled device)" : " (enrolled: \(enrolled.map(\.deviceId).joined(separator: ", ")))"
    }
}
