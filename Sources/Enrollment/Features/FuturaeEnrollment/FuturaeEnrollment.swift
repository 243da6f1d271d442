import Futurae
import PIMS

/// Futurae enrollment (seed 002, FUTURAE-BEHAVIOUR §6): the back office creates an activation, the
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
        case .answered(let call, let response): return state.answered(call, response)
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
        case .bindingToken:
            guard state.tokenForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
            return state.enroll(shared)
        case .enrolled: return [.delegate(.showAccounts)]
        case .failed: return state.retry(shared)
        case .creatingActivation, .scanQR, .enrolling: return []
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        KeyBinding.select(when: s.phase == .choose) + [
            .enter("start", "Have the back office create the activation for \(shared.config.username), then enroll.", when: s.phase == .choose),
            KeyBinding(.letter("s"), "scan", "The phone scans the QR code on screen (a pasted payload is taken too).", .scan, when: s.phase == .scanQR),
            .enter("next", "Take this value and go on.", when: s.phase == .typeShortCode || s.phase == .sdkPin),
            .enter("enroll", "Send futurae.enroll with the code, SDK PIN and token.", when: s.phase == .bindingToken),
            .enter("accounts", "Show the device's accounts.", when: s.phase == .enrolled),
            .enter("retry", "Back to what the error is about, with what was typed.", when: s.phase == .failed),
            KeyBinding(.letter("n"), "new", "Start another enrollment.", .startOver, when: s.phase == .enrolled || s.phase == .failed),
            .escape("leave", "Leave this enrollment (the activation stays pending).",
                    when: ![.choose, .enrolled, .failed].contains(s.phase)),
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
