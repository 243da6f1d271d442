import Card
import PIMS

/// The simulated phone of CA Strong Authentication (seed 003 §6, docs/card-rules.md §6): the push
/// notifications, and the transaction they open: details with YES and NO, PIN or biometric, the
/// biometric prompt, the PIN with its attempts left, the new card's display name, "approved"; the
/// countdown on the simulated clock and what an expired purchase shows.
public enum CardPhone: Feature {
    public typealias Out = Outcome<Delegate>

    public static let title = "Card phone"
    public static let summary = "The bank app on the phone: push notifications, the transaction, PIN or biometric, the new card."
    public static let menuLine = "Pushes and the purchase to approve"

    /// A minute of the simulated clock per `w`: five of them expire a purchase (§2: 300 s).
    public static let waitSeconds = 60

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        let session = shared.config.sessionName
        switch action {
        case .opened:
            return [.control(.cardPhone(.pushes), .casaPushes(session: session))]
        case .reload:
            return [.control(.cardPhone(.reread), .casaPushes(session: session))]
        case .pushed(let data):
            guard let t = CardTransaction(data) else { return [] }
            state.notifications.removeAll { $0.transactionId == t.transactionId }
            state.notifications.append(t)
            state.now = CardTransaction.sentAt(data) ?? state.now
            state.unread = t.transactionId
            if state.phase == .inbox { state.selection = state.notifications.count - 1 }
            let left = CardTransaction.countdown(t.secondsLeft(at: state.now))
            return [.notice(.info("Push: \(t.merchant) · \(t.amount) · card \(t.card) · \(left)", advice: "F6 opens it on the phone."))]
        case .transactionChanged(let data):
            guard let t = CardTransaction(data) else { return [] }
            for i in state.notifications.indices where state.notifications[i].transactionId == t.transactionId {
                state.notifications[i].status = t.status
            }
            if state.transaction?.transactionId == t.transactionId { state.transaction?.status = t.status }
            return []
        case .openPush:
            guard let id = state.unread ?? state.notifications.last?.transactionId else { return [] }
            return [.delegate(.show)] + open(&state, id)
        case .openPending:
            guard state.phase == .inbox else { return [] }
            state.phase = .opening
            state.transaction = nil
            state.failure = nil
            state.newCard = nil
            return [.call(.cardPhone(.open), CardRequests.pendingTransaction)]
        case .moveSelection(let delta):
            if state.phase == .inbox, !state.notifications.isEmpty {
                state.selection = min(max(state.selection + delta, 0), state.notifications.count - 1)
            }
            return []
        case .submit: return submit(&state, shared)
        case .cancel:
            switch state.phase {
            case .inbox: return [.back]
            case .choose, .biometricPrompt, .pin:
                state.phase = .details
                return []
            default:
                // Later: the purchase stays pending on the server until it expires.
                return backToInbox(&state, session)
            }
        case .yes:
            guard state.phase == .details, let t = state.transaction else { return [] }
            state.message = nil
            // Auto enrollment may take biometrics: the app asks the SDK which are enabled (C3).
            if t.autoEnrolls { return [.call(.cardPhone(.types), CardRequests.enabledTypes)] }
            state.pinForm.clear([.cardPin])
            state.phase = .pin
            return []
        case .no:
            guard state.phase == .details, let t = state.transaction else { return [] }
            return [.call(.cardPhone(.cancel), CardRequests.cancel(t.transactionId))]
        case .usePIN:
            guard state.phase == .choose || state.phase == .biometricPrompt else { return [] }
            state.pinForm.clear([.cardPin])
            state.phase = .pin
            return []
        case .useBiometric:
            guard state.phase == .choose else { return [] }
            state.message = nil
            state.phase = .biometricPrompt
            return []
        case .biometric(let outcome):
            guard state.phase == .biometricPrompt, let t = state.transaction else { return [] }
            return [.call(.cardPhone(.biometric), CardRequests.verifyBiometric(outcome, t))]
        case .wait:
            return [.control(.cardPhone(.advance), .advance(seconds: waitSeconds))]
        case .answered(let call, let response):
            return state.answered(call, response, session: session)
        case .controlAnswered(let control, let answer): return state.controlAnswered(control, answer, session: session)
        }
    }

    static func open(_ state: inout State, _ id: String) -> [Out] {
        if state.unread == id { state.unread = nil }
        state.phase = .opening
        state.transaction = state.notifications.last { $0.transactionId == id }
        state.failure = nil
        state.newCard = nil
        return [.call(.cardPhone(.open), CardRequests.transaction(id))]
    }

    static func backToInbox(_ state: inout State, _ session: String) -> [Out] {
        state.phase = .inbox
        state.message = nil
        return [.control(.cardPhone(.pushes), .casaPushes(session: session))]
    }

    /// Enter on a form the app will not send says so in the banner: the field already shows its
    /// problem as it is typed, so without it Enter would change nothing on screen.
    static func refused(_ form: Form) -> [Out] {
        [.notice(Notice(kind: .warning, label: "Not sent: \(form.error ?? "check the field")", advice: "Fix the field, or send it as typed with ^X."))]
    }

    static func submit(_ state: inout State, _ shared: Shared) -> [Out] {
        switch state.phase {
        case .inbox:
            guard let t = state.selected else { return [] }
            return open(&state, t.transactionId)
        case .pin:
            guard state.pinForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return refused(state.pinForm) }
            guard let t = state.transaction else { return [] }
            let pin = state.pinForm[.cardPin]
            return t.autoEnrolls ? [.call(.cardPhone(.verifyPIN), CardRequests.verifyPIN(pin, t))]
                                 : [.call(.cardPhone(.authenticate), CardRequests.authenticate(pin, t))]
        case .displayName:
            guard state.nameForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return refused(state.nameForm) }
            return [.call(.cardPhone(.autoEnroll), CardRequests.autoEnroll(displayName: state.nameForm[.displayName]))]
        case .approved, .rejected, .expired, .declined, .failed:
            return backToInbox(&state, shared.config.sessionName)
        case .opening, .details, .choose, .biometricPrompt: return []
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let ended = [.approved, .rejected, .expired, .declined, .failed].contains(s.phase)
        return KeyBinding.select(when: s.phase == .inbox && s.notifications.count > 1) + [
            .enter("open", "Open the selected notification (casa.getTransaction).", when: s.phase == .inbox && s.selected != nil),
            KeyBinding(.letter("y"), "YES", "It is my purchase: go on to authenticate.", .yes, when: s.phase == .details),
            KeyBinding(.letter("n"), "NO", "Not my purchase: reject it (casa.cancelTransaction).", .no, when: s.phase == .details),
            KeyBinding(.letter("e"), "PIN", "Authenticate with the PIN (enter it; p is the app's pacing key).", .usePIN, when: s.phase == .choose),
            KeyBinding(.letter("b"), "biometric", "Authenticate with the simulated fingerprint or face.", .useBiometric, when: s.phase == .choose),
            KeyBinding(.letter("s"), "success", "The fingerprint or face is recognised.", .biometric(.success), when: s.phase == .biometricPrompt),
            KeyBinding(.letter("f"), "failure", "The fingerprint or face is not recognised.", .biometric(.failure), when: s.phase == .biometricPrompt),
            KeyBinding(.letter("k"), "fallback", "The prompt falls back to the PIN (ERROR_BIOMETRIC_FALLBACK).", .biometric(.fallback),
                       when: s.phase == .biometricPrompt),
            KeyBinding(.letter("c"), "cancel", "The user cancels the prompt (the purchase stays pending).", .biometric(.cancel),
                       when: s.phase == .biometricPrompt),
            .enter("verify", "Send the PIN.", when: s.phase == .pin),
            .enter("save", "Set the new card up under this name (casa.autoEnrollAccount).", when: s.phase == .displayName),
            .enter("done", "Back to the notifications.", when: ended),
            KeyBinding(.letter("w"), "wait 1 min", "Let \(waitSeconds) s of simulated time pass (the purchase expires after 300 s).", .wait,
                       when: s.phase != .opening && !ended),
            KeyBinding(.letter("g"), "reload", "Read the notifications again (casa.pushes).", .reload, when: s.phase == .inbox),
            KeyBinding(.letter("o"), "open waiting", "Open the purchase waiting for this phone without a push (casa.getTransaction with no id).",
                       .openPending, when: s.phase == .inbox),
            .escape("later", "Leave the purchase for later (it stays pending until it expires).", when: s.phase == .details || s.phase == .displayName),
            .escape("back", "Back to the transaction.", when: [.choose, .biometricPrompt, .pin].contains(s.phase)),
            .escape("inbox", "Back to the notifications.", when: ended),
            .back(when: s.phase == .inbox),
        ]
    }

    public static func form(_ state: State) -> Form? { state.formPhase.map { state[keyPath: $0] } }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) {
        guard let path = state.formPhase else { return }
        edit(&state[keyPath: path])
    }
    public static func isUnderway(_ state: State) -> Bool { state.isDeciding }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func cardPhone(_ action: CardPhone.Action) -> Action { CardPhone.message(action) }
}
