import SimKernel

/// F8 `futurae.authSessions` and F9 `futurae.approveAuth` / `futurae.rejectAuth`: the phone's side of
/// push authentication (F7 is checked before all three).
extension FuturaeStep {
    mutating func answerAuth(_ call: FuturaeCall) throws(FuturaeFailure) -> JSONValue {
        switch call {
        case .authSessions:
            let pending = world.authSessions.filter { $0.sessions.contains(kernel.session) && $0.isOpen(at: now) }
            return ["authSessions": .array(pending.map(world.pushJSON))]
        case .approveAuth(let id):
            try answer(id, .approve)
        case .rejectAuth(let id, let isFraud):
            try answer(id, isFraud ? .fraud : .reject)
        default:
            preconditionFailure("\(call.api.name) is not a push authentication call")
        }
        return .null
    }

    /// F9: the SDK unlocked where its lock type protects calls, then a session pushed to this device,
    /// open at `now`; the answer is final.
    private mutating func answer(_ id: String, _ answer: AuthSession.Answer) throws(FuturaeFailure) {
        guard isUnlocked else { throw FuturaeFailure(.locked, "unlock the SDK to answer a login") }
        guard let s = world.authSessions.index(of: id), world.authSessions[s].sessions.contains(kernel.session) else {
            throw FuturaeFailure(.activationCodeNotFound, "no authentication session \(id) on this device")
        }
        let session = world.authSessions[s]
        if session.answer != nil { throw FuturaeFailure(.activationCodeNotFound, "already answered") }
        if session.isExpired(at: now) { throw FuturaeFailure(.activationCodeNotFound, "expired") }
        world.authSessions[s].answer = answer
        let event = world.authSessionEvent(world.authSessions[s], at: now)
        let holders = world.enrolledDevices(of: session.userId) { _ in nil }.map(\.session)
        kernel.emit(.authSession, event, toBackOfficeAnd: holders)
    }
}
