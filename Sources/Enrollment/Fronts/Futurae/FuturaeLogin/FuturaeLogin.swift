import Card
import Futurae
import PIMS

/// Push authentication on the phone (docs/futurae-rules.md, F8–F10): the login requests the service pushed
/// to this device, one open with approve, reject and report fraud, the SDK unlocked first where its
/// lock type protects calls, the answer and what the service reads of it, and the expiry on the
/// simulated clock. The back office's list of authentication sessions and its push (F10) live here
/// too: the simulator panel's Futurae section draws them.
public enum FuturaeLogin: Feature {
    public typealias Out = Outcome<Delegate>

    public static let title = "Login requests"
    public static let summary = "Logins the service pushed to this device: approve, reject or report fraud (F8–F10)."
    public static let menuLine = "Login requests pushed by the service"

    /// A minute of the simulated clock per `w`: two of them expire a request (FA13: 120 s).
    public static let waitSeconds = 60

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        let session = shared.config.sessionName
        switch action {
        case .opened:
            return [.control(.futuraeLogin(.clock), .futuraeDevice(session: session))]
        case .reload:
            // `g` says what the read found, changed or not (the banner), unlike the read on opening.
            state.rereading = true
            return [.control(.futuraeLogin(.clock), .futuraeDevice(session: session))]
        case .pushed(let data, let at):
            guard let r = Request(data) else { return [] }
            state.requests.removeAll { $0.sessionId == r.sessionId }
            state.requests.append(r)
            state.now = at
            state.unread = r.sessionId
            if state.phase == .inbox { state.selection = state.requests.count - 1 }
            let left = CardTransaction.countdown(r.secondsLeft(at: at))
            // F6 is not offered while a request is being decided (`FuturaeFront.globalCommands`).
            let advice = state.isDeciding ? "It waits in the login requests: answer this one (or Esc later), then open it."
                                          : "F6 opens it on the phone (Esc first from the simulator): approve, reject or report fraud."
            return [.notice(.info("\(r.question) (\(left))", advice: advice))]
        case .backOfficeChanged(let read):
            return read ? [.control(.futuraeLogin(.backOffice), .futuraeAuthentications())] : []
        case .readBackOffice:
            return [.control(.futuraeLogin(.backOffice), .futuraeAuthentications())]
        case .pushLogin:
            let user = shared.config.username
            guard !user.isEmpty else {
                state.backOfficeMessage = "No user: the session's Username names who logs in."
                return []
            }
            return [.control(.futuraeLogin(.push), .futuraeAuth(user: user))]
        case .openPush:
            guard let id = state.unread ?? state.requests.last?.sessionId else { return [] }
            return [.delegate(.show)] + open(&state, id)
        case .moveSelection(let delta):
            if state.phase == .inbox, !state.requests.isEmpty {
                state.selection = min(max(state.selection + delta, 0), state.requests.count - 1)
            }
            return []
        case .submit: return submit(&state, shared)
        case .cancel:
            switch state.phase {
            case .inbox: return [.back]
            case .unlock, .pin, .biometricPrompt, .checkingLock:
                state.phase = .request
                return []
            default:
                // Later: the request stays waiting on the server until it expires.
                return backToInbox(&state, session)
            }
        case .answer(let answer):
            guard state.phase == .request, state.open != nil else { return [] }
            state.message = nil
            // F9: where the lock type protects calls, the SDK's lock is read first (no call), and a
            // locked SDK asks for an unlock before the answer is sent.
            guard shared.config.lockType.locks else { return send(&state, answer) }
            state.phase = .checkingLock(answer)
            return [.control(.futuraeLogin(.lock(answer)), .futuraeDevice(session: session))]
        case .usePIN:
            guard case .unlock(let answer) = state.phase, shared.config.lockType.usesSDKPin else { return [] }
            state.pinForm.clear([.sdkPin])
            state.phase = .pin(answer)
            return []
        case .useBiometrics:
            guard case .unlock(let answer) = state.phase, shared.config.biometrics else { return [] }
            state.phase = .biometricPrompt(answer)
            return []
        case .biometric(let outcome):
            guard case .biometricPrompt(let answer) = state.phase else { return [] }
            return [.call(.futuraeLogin(.unlockBiometrics(answer)), FuturaeRequests.unlock(biometrics: outcome))]
        case .wait:
            return [.control(.futuraeLogin(.advance), .advance(seconds: waitSeconds))]
        case .answered(let call, let response): return state.answered(call, response, session: session)
        case .controlAnswered(let control, let answer): return state.controlAnswered(control, answer, shared)
        }
    }

    static func open(_ state: inout State, _ id: String) -> [Out] {
        guard let r = state.requests.last(where: { $0.sessionId == id }) else { return [] }
        if state.unread == id { state.unread = nil }
        state.open = r
        state.phase = .request
        state.message = nil
        state.pinAttemptsLeft = nil
        // The banner that announced it ("F6 opens it") is done with once it is open.
        return [.notice(nil)]
    }

    static func send(_ state: inout State, _ answer: Answer) -> [Out] {
        guard let r = state.open else { return [] }
        state.phase = .request
        return [.call(.futuraeLogin(.answer(answer)), FuturaeRequests.answerAuth(sessionId: r.sessionId, answer))]
    }

    static func backToInbox(_ state: inout State, _ session: String) -> [Out] {
        state.phase = .inbox
        state.open = nil
        state.message = nil
        return [.control(.futuraeLogin(.clock), .futuraeDevice(session: session))]
    }

    static func submit(_ state: inout State, _ shared: Shared) -> [Out] {
        switch state.phase {
        case .inbox:
            guard let r = state.selected else { return [] }
            return open(&state, r.sessionId)
        case .pin(let answer):
            guard state.pinForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
            return [.call(.futuraeLogin(.unlockPIN(answer)), FuturaeRequests.unlock(sdkPin: state.pinForm[.sdkPin]))]
        case .answered, .expired, .failed:
            return backToInbox(&state, shared.config.sessionName)
        case .request, .checkingLock, .unlock, .biometricPrompt: return []
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let c = shared.config
        let ended = s.phase.isEnded
        let unlocking: Bool = if case .unlock = s.phase { true } else { false }
        let pin: Bool = if case .pin = s.phase { true } else { false }
        let prompt: Bool = if case .biometricPrompt = s.phase { true } else { false }
        return KeyBinding.select(when: s.phase == .inbox && s.requests.count > 1) + [
            .enter("open", "Open the selected login request.", when: s.phase == .inbox && s.selected != nil),
            KeyBinding(.letter("y"), "approve", "Approve the login (futurae.approveAuth; unlocks first if the SDK is locked).",
                       .answer(.approve), when: s.phase == .request),
            KeyBinding(.letter("n"), "reject", "Reject the login (futurae.rejectAuth).", .answer(.reject), when: s.phase == .request),
            KeyBinding(.letter("f"), "fraud", "Reject and report the login as fraud (futurae.rejectAuth, isFraud).", .answer(.fraud),
                       when: s.phase == .request),
            KeyBinding(.letter("e"), "SDK PIN", "Unlock with the SDK PIN, then send the answer.", .usePIN, when: unlocking && c.lockType.usesSDKPin),
            KeyBinding(.letter("b"), "biometrics", "Unlock with the simulated fingerprint or face, then send the answer.", .useBiometrics,
                       when: unlocking && c.biometrics),
            .enter("unlock", "Send the SDK PIN (futurae.unlock), then the answer.", when: pin),
            KeyBinding(.letter("s"), "success", "The fingerprint or face is recognised.", .biometric(.success), when: prompt),
            KeyBinding(.letter("f"), "failure", "The fingerprint or face is not recognised.", .biometric(.failure), when: prompt),
            KeyBinding(.letter("c"), "cancel", "The user cancels the prompt.", .biometric(.cancel), when: prompt),
            .enter("done", "Back to the login requests.", when: ended),
            // Only with a request waiting: the clock moving is what a request's countdown shows.
            KeyBinding(.letter("w"), "wait 1 min", "Let \(waitSeconds) s of simulated time pass (a request expires after 120 s).", .wait,
                       when: (s.phase == .inbox && !s.requests.isEmpty) || s.phase == .request),
            KeyBinding(.letter("g"), "reload", "Read the pending requests again (futurae.authSessions).", .reload, when: s.phase == .inbox),
            .escape("later", "Leave the request for later (it waits until it expires).", when: s.phase == .request),
            .escape("back", "Back to the request.", when: unlocking || pin || prompt),
            .escape("inbox", "Back to the login requests.", when: ended),
            .back(when: s.phase == .inbox),
        ]
    }

    public static func form(_ state: State) -> Form? { if case .pin = state.phase { state.pinForm } else { nil } }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) {
        if case .pin = state.phase { edit(&state.pinForm) }
    }
    public static func isUnderway(_ state: State) -> Bool { state.isDeciding }
}
