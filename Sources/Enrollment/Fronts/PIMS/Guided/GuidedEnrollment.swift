import PIMS

/// The guided device enrollment, steps 1 → 8 (seed 000): checks that run on their own, the
/// shortcut 4·1 or the full 4·2, codes and PINs, and step A when the account is blocked.
public enum GuidedEnrollment: Feature, AwaitsSMS {
    public typealias Out = Outcome<Delegate>

    public static let title = "Guided enrollment"
    public static let summary = "Enroll this device: steps 1 to 8 of the device enrollment, shortcut 4·1 or full 4·2."
    public static let menuLine = "Steps 1–8: phone, SMS, PIN, enroll"

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        switch action {
        case .opened:
            // Opening the screen starts the checks, unless a flow or a call is already under way.
            return state.isUnderway || shared.callPending ? [] : state.start(shared)
        case .submit: return state.submit(shared)
        case .cancel:
            guard state.stage == .confirmRemoveAll else { return [.back] }
            state.stage = .blocked
            return []
        case .moveSelection(let delta):
            state.form.moveFocus(delta)
            return []
        case .start: return state.start(shared)
        case .registerPhoneOnly: return state.registerPhoneOnly(shared)
        case .chooseShortcut: return state.choose(.shortcut, shared)
        case .chooseFull: return state.choose(.full, shared)
        case .resendSMS: return state.resendSMS()
        case .removeAllEnrollments:
            guard state.stage == .blocked else { return [] }
            state.stage = .confirmRemoveAll
            return []
        case .restartFromStep3: return state.restartFromStep3()
        case .answered(let call, let response): return state.answered(call, response, shared)
        }
    }

    public static func form(_ state: State) -> Form? { state.form.fields.isEmpty ? nil : state.form }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) { edit(&state.form) }

    public static func awaitedSMS(_ state: State) -> SMSPurpose? {
        state.stage == .enterCode ? .enrollment : .phoneNumberCertification
    }

    public static func confirmation(_ state: State, _ shared: Shared) -> Confirmation? {
        guard state.stage == .confirmRemoveAll else { return nil }
        return Confirmation("Step A: remove all enrollments?",
                            "Every device of \(shared.loggedIn ?? "the account") is unenrolled and the PIN removed; the phone stays. Then the enrollment restarts at step 3.")
    }

    public static func isUnderway(_ state: State) -> Bool { state.isUnderway }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func guided(_ action: GuidedEnrollment.Action) -> Action { GuidedEnrollment.message(action) }
}
