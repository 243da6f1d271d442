import SimKernel

/// A login the service's backend asked the phone to approve by push (FA13, F8–F10): for a user, on
/// one of its devices, pushed to the sessions that device runs, waiting until the phone answers (F9)
/// or it expires (120 s of simulated time, decision).
public struct AuthSession: Sendable, Hashable, Codable {
    public var sessionId: String
    public var userId: String
    /// The device id it was pushed to (a session's `device`).
    public var deviceId: String
    /// The sessions (SDK instances) of that device that hold the user's account: where the push went.
    public var sessions: [String]
    public var createdAt: SimTime
    public var expiresAt: SimTime
    /// The phone's final answer (F9), nil while waiting.
    public var answer: Answer?

    public enum Answer: String, Sendable, Hashable, Codable, CaseIterable {
        case approve, reject, fraud
    }

    /// FA14's `result`.
    public enum Result: String, Sendable, Hashable {
        case waiting, allow, deny
    }

    public init(sessionId: String, userId: String, deviceId: String, sessions: [String], createdAt: SimTime, expiresAt: SimTime,
                answer: Answer? = nil) {
        self.sessionId = sessionId
        self.userId = userId
        self.deviceId = deviceId
        self.sessions = sessions
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.answer = answer
    }

    public func isExpired(at now: SimTime) -> Bool { now >= expiresAt }

    /// FA14 at `now`: the answer once given; unanswered, `deny`/`timeout` past its expiry and
    /// `deny`/`archived` when the device was archived meanwhile, else `waiting`.
    public func outcome(at now: SimTime, deviceArchived: Bool) -> (result: Result, status: String) {
        switch answer {
        case .approve?: return (.allow, "allow")
        case .reject?: return (.deny, "deny")
        case .fraud?: return (.deny, "fraud")
        case nil:
            if deviceArchived { return (.deny, "archived") }
            if isExpired(at: now) { return (.deny, "timeout") }
            return (.waiting, "waiting")
        }
    }

    /// Whether the phone can still answer it at `now` (F9).
    public func isOpen(at now: SimTime) -> Bool { answer == nil && !isExpired(at: now) }
}

extension AuthSession: KeyedRow {
    public var rowKey: String { sessionId }
}

extension SimEvent.Kind {
    /// F8: a login pushed to a phone, for the sessions of its device.
    /// data: {sessionId, userId, username, serviceName, expiresAt}
    public static let futuraeAuth = SimEvent.Kind(rawValue: "futurae.auth")
    /// The back office's authentication sessions changed: one created or answered. For the back
    /// office and the sessions holding that user's account, never another device.
    /// data: {sessionId, userId, result, status}
    public static let authSession = SimEvent.Kind(rawValue: "authSession")
}

extension FuturaeWorld {
    /// The push a phone receives (F8), as the event and `futurae.authSessions` carry it.
    public func pushJSON(_ s: AuthSession) -> JSONValue {
        [
            "sessionId": .string(s.sessionId),
            "userId": .string(s.userId),
            "username": user(s.userId)?.username.map(JSONValue.string) ?? .null,
            "serviceName": service.map { .string($0.serviceName) } ?? .null,
            "expiresAt": .string(s.expiresAt.iso8601),
        ]
    }

    /// An authentication session as the back office lists it (status as of `now`).
    public func json(_ s: AuthSession, at now: SimTime, deviceArchived: Bool) -> JSONValue {
        let (result, status) = s.outcome(at: now, deviceArchived: deviceArchived)
        return [
            "sessionId": .string(s.sessionId),
            "userId": .string(s.userId),
            "username": user(s.userId)?.username.map(JSONValue.string) ?? .null,
            "deviceId": .string(s.deviceId),
            "createdAt": .string(s.createdAt.iso8601),
            "expiresAt": .string(s.expiresAt.iso8601),
            "result": .string(result.rawValue),
            "status": .string(status),
        ]
    }

    /// Whether every session the login was pushed to runs an archived SDK (FA14: deny).
    public func isArchived(_ s: AuthSession) -> Bool {
        !s.sessions.isEmpty && s.sessions.allSatisfy { device(session: $0)?.archived ?? false }
    }

    func authSessionEvent(_ s: AuthSession, at now: SimTime) -> JSONValue {
        let (result, status) = s.outcome(at: now, deviceArchived: isArchived(s))
        return ["sessionId": .string(s.sessionId), "userId": .string(s.userId), "result": .string(result.rawValue), "status": .string(status)]
    }
}
