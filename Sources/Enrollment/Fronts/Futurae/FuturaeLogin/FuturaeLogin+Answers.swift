import Futurae
import PIMS

/// The answers: the pending list, the unlocks before an answer, the answer itself (final, F9) or why
/// it was refused; the lock and clock reads, the clock advanced, the back office's list and push.
extension FuturaeLogin.State {
    typealias Out = FuturaeLogin.Out

    mutating func answered(_ call: FuturaeLogin.Call, _ response: CallResponse, session: String) -> [Out] {
        let reread = call == .list && rereading
        if call == .list { rereading = false }
        if let error = response.error { return failed(call, error, response) }
        switch call {
        case .list:
            let before = requests
            requests = FuturaeLogin.Request.list(response.result)
            selection = max(0, min(selection, requests.count - 1))
            if let u = unread, !requests.contains(where: { $0.sessionId == u }) { unread = nil }
            if let said = waited {
                waited = nil
                return [.notice(.info(said))]
            }
            guard reread else { return [] }
            let count = requests.isEmpty ? "no login request waiting" : "\(requests.count) login request\(requests.count == 1 ? "" : "s") waiting"
            return [.notice(.info(requests == before ? "Up to date: nothing changed (\(count))." : "Read again: \(count)."))]
        case .unlockPIN(let answer), .unlockBiometrics(let answer):
            let until = UnlockResult.unlockedUntil(response.result) ?? "–"
            pinAttemptsLeft = nil
            message = "Unlocked until \(until) (simulated clock)."
            return [.delegate(.unlocked(until: until))] + FuturaeLogin.send(&self, answer)
        case .answer(let answer):
            phase = .answered(answer)
            requests.removeAll { $0.sessionId == open?.sessionId }
            selection = max(0, min(selection, requests.count - 1))
            message = switch answer {
            case .approve: "The service's auth/status reads allow."
            case .reject: "The service's auth/status reads deny."
            case .fraud: "The service's auth/status reads deny (status fraud)."
            }
            let who = open.map { "\($0.serviceName) · \($0.username)" } ?? "the login"
            return [.notice(answer == .approve ? .success("Login approved: \(who).") : .info("Login \(answer == .fraud ? "reported as fraud" : "rejected"): \(who)."))]
        }
    }

    private mutating func failed(_ call: FuturaeLogin.Call, _ error: CallError, _ response: CallResponse) -> [Out] {
        let known = FuturaeError(error)
        switch (call, known) {
        case (.list, _):
            break
        case (.answer(let answer), .locked?):
            // The unlock ran out between the read and the answer: unlock again (the screen says so).
            phase = .unlock(answer)
            message = nil
        case (.unlockPIN(let answer), .incorrectPin?):
            pinAttemptsLeft = UnlockResult.pinAttemptsLeft(response.result)
            pinForm.clear([.sdkPin])
            phase = .pin(answer)
            message = "Wrong SDK PIN."
        case (.unlockBiometrics(let answer), .locked?):
            phase = .unlock(answer)
            message = "Not unlocked (\(error.detail ?? "biometrics")): try again or use the SDK PIN."
        case (.answer, .activationCodeNotFound?) where error.detail == "expired":
            phase = .expired
            requests.removeAll { $0.sessionId == open?.sessionId }
            message = "Not answered in time: the service's auth/status reads deny (status timeout)."
        default:
            phase = .failed(error)
            message = known.map { "\($0.name): \($0.whatToDo)" } ?? error.label
        }
        return [.notice(.futurae(error))]
    }

    mutating func controlAnswered(_ control: FuturaeLogin.Control, _ answer: SimAnswer, _ shared: Shared) -> [Out] {
        guard answer.ok else {
            if control == .push { backOfficeMessage = answer.error }
            if case .lock = control { phase = .request }
            return [.notice(Notice(kind: .error, label: "The simulator refused: \(answer.error ?? "failed")", advice: "See the API log."))]
        }
        now = answer.now ?? now
        switch control {
        case .clock:
            return [.call(.futuraeLogin(.list), FuturaeRequests.authSessions)]
        case .lock(let a):
            guard phase == .checkingLock(a) else { return [] }
            let read = SDKLockRead(answer)
            if read.locked, !read.archived {
                phase = .unlock(a)
                return []
            }
            return FuturaeLogin.send(&self, a)
        case .advance:
            if phase == .request, let r = open, r.secondsLeft(at: now) == 0 {
                phase = .expired
                message = "Not answered in time: the service's auth/status reads deny (status timeout)."
            }
            // Said once the list is read again (a call's answer clears the banner before it).
            if phase != .expired { waited = "\(FuturaeLogin.waitSeconds) s passed: the simulated clock reads \(now ?? "–")." }
            return [.call(.futuraeLogin(.list), FuturaeRequests.authSessions)]
        case .backOffice:
            backOffice = FuturaeLogin.BackOfficeLogin.list(answer)
            return []
        case .push:
            let pushed = AuthPushed(answer)
            let to = pushed.pushedTo, device = pushed.deviceId ?? "–"
            backOfficeMessage = "Pushed a login for \(shared.config.username) to \(device)" + (to.isEmpty ? "." : " (sessions \(to.joined(separator: ", "))).")
            return [.control(.futuraeLogin(.backOffice), .futuraeAuthentications())]
        }
    }
}
