import Futurae
import PIMS

/// Futurae enrollment (seed 002, docs/futurae-rules.md §6): the back office creates an activation, the
/// phone scans its QR code, types its shortcode, or is handed it silently; then the SDK PIN and the
/// binding token when needed, then `futurae.enroll`.
public enum FuturaeEnrollment: Feature {
    public typealias Out = Outcome<Delegate>

    public static let title = "Futurae enrollment"
    public static let summary = "Enroll this device for a user of the service: QR code, shortcode or silently."
    public static let menuLine = "QR code, shortcode or silent; SDK PIN and binding token"

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        switch action {
        case .opened:
            guard state.phase == .choose else { return [] }
            // The back office's pending activations; whether the SDK has its PIN decides the PIN
            // prompt: read the device's accounts once.
            let backOffice: [Out] = [.control(.futurae(.activations), .futuraeActivations())]
            return backOffice + (state.pinSet == nil ? [.call(.futurae(.accounts), FuturaeRequests.accounts)] : [])
        case .moveSelection(let delta):
            if state.phase == .choose {
                state.selection = min(max(state.selection + delta, 0), Method.allCases.count - 1)
            } else if let form = state.formPhase {
                state[keyPath: form].moveFocus(delta)
            }
            return []
        case .submit: return submit(&state, shared)
        case .cancel:
            switch state.phase {
            case .choose, .enrolled, .failed: return [.back]
            case .unlockPIN, .biometricPrompt:
                // Back to the lock error; nothing was sent.
                state.phase = .failed
                return []
            case .typePayload:
                // Back to the QR code on screen; what was typed stays for the next time.
                state.phase = .scanQR
                return []
            default:
                // The activation stays pending in the back office; nothing was sent.
                state.phase = .choose
                return [.notice(.info("Enrollment left; the activation stays pending."))]
            }
        case .scan:
            guard state.phase == .scanQR, let qr = state.activation?.qrCode else { return [] }
            state.scanned = qr
            return state.next(after: .scanQR, shared)
        case .pastedPayload(let text):
            guard state.phase == .scanQR else { return [] }
            // A copied line brings its line break: not part of the payload.
            state.scanned = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            return state.next(after: .scanQR, shared)
        case .typePayload:
            guard state.phase == .scanQR else { return [] }
            state.payloadForm.error = nil
            state.phase = .typePayload
            return []
        case .startOver:
            let (pinSet, pending) = (state.pinSet, state.pending)
            state = State()
            state.pinSet = pinSet
            state.pending = pending
            return [.notice(nil), .control(.futurae(.activations), .futuraeActivations())]
        case .activationCreated(let answer): return state.activationCreated(answer, shared)
        case .backOfficeChanged:
            return [.control(.futurae(.activations), .futuraeActivations())]
        case .activationsRead(let answer):
            if answer.ok { state.pending = BackOfficeActivation.list(answer).filter(\.isPending) }
            return []
        case .unlockWithPIN:
            guard state.isLocked, shared.config.lockType.usesSDKPin else { return [] }
            state.unlockForm.clear([.sdkPin])
            state.unlockForm.error = nil
            state.phase = .unlockPIN
            return []
        case .unlockWithBiometrics:
            guard state.isLocked, shared.config.lockType.locks, shared.config.biometrics else { return [] }
            state.phase = .biometricPrompt
            return []
        case .enrollAgain:
            guard state.isLocked else { return [] }
            return state.enroll(shared)
        case .biometric(let outcome):
            guard state.phase == .biometricPrompt else { return [] }
            return [.call(.futurae(.unlockBiometrics), FuturaeRequests.unlock(biometrics: outcome))]
        case .answered(let call, let response): return state.answered(call, response, shared)
        }
    }

    static func submit(_ state: inout State, _ shared: Shared) -> [Out] {
        switch state.phase {
        case .choose:
            let method = Method.allCases[state.selection]
            let (pinSet, pending) = (state.pinSet, state.pending)
            state = State()
            state.pinSet = pinSet
            state.pending = pending
            state.selection = Method.allCases.firstIndex(of: method) ?? 0
            state.method = method
            state.phase = .creatingActivation
            // The user's pending activation that fits the method and the app's binding is used as it
            // is (the scenario's, or one left pending by Esc).
            if let found = state.pendingActivation(for: method, shared.config) { return state.use(found, shared) }
            // The service's back office: the activation's binding follows the app's (decision).
            let control = SimControl.futuraeActivation(user: shared.config.username, shortCode: method == .shortCode,
                                                       binding: shared.config.sessionBinding)
            return [.control(.futurae(.activation), control)]
        case .typeShortCode:
            guard state.codeForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
            return state.next(after: .typeShortCode, shared)
        case .sdkPin:
            guard state.pinForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy, confirm: [(.sdkPin, .sdkPinConfirm)])
            else { return [] }
            return state.next(after: .sdkPin, shared)
        case .typePayload:
            guard state.payloadForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
            let payload = state.payloadForm[.qrPayload]
            // Send as typed skips the app's check: the payload goes to futurae.enroll whatever its kind.
            if shared.sendAsTyped {
                state.scanned = payload
                return state.next(after: .scanQR, shared)
            }
            return [.call(.futurae(.qrCodeType), FuturaeRequests.qrCodeType(payload))]
        case .bindingToken:
            guard state.tokenForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
            return state.enroll(shared)
        case .unlockPIN:
            guard state.unlockForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
            return [.call(.futurae(.unlockPIN), FuturaeRequests.unlock(sdkPin: state.unlockForm[.sdkPin]))]
        case .enrolled: return [.delegate(.showAccounts)]
        case .failed:
            // Locked: Enter is the unlock (the PIN where the lock type has one), then the enroll again.
            if state.isLocked {
                let c = shared.config
                if c.lockType.usesSDKPin { return reduce(&state, .unlockWithPIN, shared) }
                if c.lockType.locks && c.biometrics { return reduce(&state, .unlockWithBiometrics, shared) }
            }
            if state.isArchived { return [] }
            // The account is on this device already: sending the same enrollment again cannot change that.
            if state.isAlreadyEnrolled { return [.delegate(.showAccounts)] }
            return state.retry(shared)
        case .creatingActivation, .scanQR, .enrolling, .biometricPrompt: return []
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let c = shared.config
        let unlockByPIN = s.isLocked && c.lockType.usesSDKPin
        let unlockByBiometrics = s.isLocked && c.lockType.locks && c.biometrics
        let retries = s.phase == .failed && !s.isArchived && !s.isAlreadyEnrolled && !(s.isLocked && (unlockByPIN || unlockByBiometrics))
        let ended = s.phase == .enrolled || s.phase == .failed
        return KeyBinding.select(when: s.phase == .choose) + [
            .enter("start", "Have the back office create the activation for \(shared.config.username), then enroll.", when: s.phase == .choose),
            KeyBinding(.letter("s"), "scan", "The phone scans the QR code on screen (a pasted payload is taken too).", .scan, when: s.phase == .scanQR),
            KeyBinding(.letter("t"), "type code", "Type what a QR code holds instead of scanning it (checked with futurae.qrCodeType first).",
                       .typePayload, when: s.phase == .scanQR),
            .enter("check", "Ask futurae.qrCodeType what this is, and go on with an activation code (x: send it as typed).",
                   when: s.phase == .typePayload),
            .enter("next", "Take this value and go on.", when: s.phase == .typeShortCode || s.phase == .sdkPin),
            .enter("enroll", "Send futurae.enroll with the code, SDK PIN and token.", when: s.phase == .bindingToken),
            .enter("accounts", "Show the device's accounts.", when: s.phase == .enrolled || s.isAlreadyEnrolled),
            .enter("retry", "Back to what the error is about, with what was typed.", when: retries),
            .enter("unlock", "Unlock the SDK with its SDK PIN (futurae.unlock), then enroll again.", when: unlockByPIN),
            .enter("unlock", "Unlock with the simulated fingerprint or face, then enroll again.", when: unlockByBiometrics && !unlockByPIN),
            KeyBinding(.letter("b"), "biometrics", "Unlock with the simulated fingerprint or face prompt, then enroll again.",
                       .unlockWithBiometrics, when: unlockByBiometrics && unlockByPIN),
            KeyBinding(.letter("e"), "enroll again", "Send the same enrollment again, as it is (the SDK unlocked elsewhere).",
                       .enrollAgain, when: s.isLocked && (unlockByPIN || unlockByBiometrics)),
            .enter("unlock", "Send the SDK PIN (futurae.unlock); the enroll is sent again once unlocked.", when: s.phase == .unlockPIN),
            KeyBinding(.letter("s"), "success", "The fingerprint or face is recognised.", .biometric(.success), when: s.phase == .biometricPrompt),
            KeyBinding(.letter("f"), "failure", "The fingerprint or face is not recognised.", .biometric(.failure), when: s.phase == .biometricPrompt),
            KeyBinding(.letter("c"), "cancel", "The user cancels the prompt.", .biometric(.cancel), when: s.phase == .biometricPrompt),
            KeyBinding(.letter("n"), "new", "Start another enrollment.", .startOver, when: ended && !s.isArchived),
            .escape("back", "Back to the lock error (nothing sent).", when: s.phase == .unlockPIN || s.phase == .biometricPrompt),
            .escape("back", "Back to the QR code on screen (nothing sent).", when: s.phase == .typePayload),
            .escape("leave", "Leave this enrollment (the activation stays pending).",
                    when: ![.choose, .enrolled, .failed, .unlockPIN, .biometricPrompt, .typePayload].contains(s.phase)),
            .back(when: [.choose, .enrolled, .failed].contains(s.phase)),
        ]
    }

    public static func form(_ state: State) -> Form? { state.formPhase.map { state[keyPath: $0] } }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) {
        guard let path = state.formPhase else { return }
        edit(&state[keyPath: path])
    }
    public static func pasteAction(_ text: String, _ state: State) -> Action? {
        state.phase == .scanQR ? .pastedPayload(text) : nil
    }
    public static func isUnderway(_ state: State) -> Bool { ![.choose, .enrolled, .failed].contains(state.phase) }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func futurae(_ action: FuturaeEnrollment.Action) -> Action { FuturaeEnrollment.message(action) }
}
