import PIMS

/// Strong authentication on demand (OTP tutorial): a call answered 2302, the PIN prompt, the OTP,
/// then the original call retried once. The page exists only while a prompt is open.
public enum StrongAuthentication: Feature {
    public typealias State = Prompt?
    public typealias Out = Outcome<Delegate>

    public static let title = "Strong authentication (OTP)"
    public static let summary = "A call answered 2302: the PIN gets an OTP (otp withPin), then the call is retried once."

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        switch action {
        case .opened: return []
        case .ask(let original, let returnTo):
            // The page itself says what the 2302 means and what to do: said once, there (no
            // message under the form, no banner repeating it).
            state = Prompt(original: original, returnTo: returnTo)
            return [.notice(nil)]
        case .submit:
            guard var prompt = state else { return [] }
            defer { state = prompt }
            guard prompt.form.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
            return [.call(.otp, PIMSRequests.otpWithPIN(prompt.form.param(.pin)))]
        case .cancel: return cancel(&state)
        case .moveSelection(let delta):
            state?.form.moveFocus(delta)
            return []
        case .resetSteps:
            // The tutorial's way out of 2317/2312: leave the page for the steps list, refreshed.
            return (state == nil ? [] : cancel(&state)) + [.delegate(.resetSteps)]
        case .answered(let response): return answered(&state, response, shared)
        }
    }

    private static func answered(_ state: inout State, _ r: CallResponse, _ shared: Shared) -> [Out] {
        guard let prompt = state else { return [] }
        if let error = r.error {
            switch error.pimsCode {
            case .accessRefused:
                state?.form.clear([.pin])
                state?.message = "\(sentence(error.detail ?? "wrong PIN")). Type it again."
                return [.notice(.failure(error))]
            case .forbiddenOperation where error.detail?.contains("Blocked") == true:
                // A blocked account (PINBlocked, AccountBlocked): no steps refresh clears it; step A does.
                state?.message = "\(error.code) from otp: \(error.detail ?? "the account is blocked"). Remove all enrollments (step A: A), then enroll again."
                return [.notice(.failure(error))]
            case .deviceDisabledOrUnknown where !stepsCacheClaimsEnrolled(shared):
                // The steps are live already (refreshed, or never cached): the device really is not enrolled.
                state?.suggestsStepsReset = false
                state?.message = "\(error.code) from otp: \(shared.config.device) is not enrolled, and the steps say so (deviceActivation todo). Enroll it, then ask again."
                return [.notice(.failure(error, advice: "Esc, then the guided enrollment (Home) enrolls this device; the call can then be sent again."))]
            case .forbiddenOperation, .deviceDisabledOrUnknown:
                // The OTP tutorial and seed 001: these are cleared by refreshing the steps with resetSteps.
                state?.suggestsStepsReset = true
                state?.message = "\(error.code) from otp: refresh the service activation steps with resetSteps: true (^S) to clear a stale cache, then resolve what is todo."
                return [.notice(.failure(error, advice: "Press ^S to refresh the steps with resetSteps: true."))]
            default:
                state?.message = "\(error.code) \(error.label)"
                return [.notice(.failure(error))]
            }
        }
        let code = PIMSAnswer.otp(r.result) ?? "?"
        state = nil
        return [.notice(.success("OTP \(code) obtained: strong authentication open. Retrying \(prompt.original.purpose.stepLabel) once.")),
                .delegate(.authenticated(prompt.original, returnTo: prompt.returnTo))]
    }

    /// Whether a steps cache of this device still says `deviceActivation` is done while the device
    /// is not enrolled (R19's trap, which a refresh with resetSteps clears); unknown counts as yes.
    static func stepsCacheClaimsEnrolled(_ shared: Shared) -> Bool {
        guard let account = shared.account else { return true }
        let device = shared.config.device
        return !account.enrolledDevices.contains(device) && account.stepsCaches.contains {
            $0.device == device && $0.alreadyDone.contains(ServiceStep.deviceActivation.rawValue)
        }
    }

    /// Esc: the original call is not retried; its flow goes back to where it asked.
    private static func cancel(_ state: inout State) -> [Out] {
        guard let prompt = state else { return [.back] }
        state = nil
        return [.notice(.info("Strong authentication cancelled: \(prompt.original.purpose.stepLabel) was not retried.")),
                .delegate(.notRetried(prompt.original, returnTo: prompt.returnTo))]
    }

    public static func keys(_ state: State, _ shared: Shared) -> [KeyBinding<Action>] {
        [
            .enter("get OTP", "Send the PIN (otp withPin); the original call is then retried once."),
            KeyBinding(.letter("s"), "reset steps", "Refresh the steps with resetSteps: true (the documents' fix for 2317/2312).", .resetSteps,
                       when: state?.suggestsStepsReset == true),
            .escape("cancel", "Give up: the original call is not retried."),
        ]
    }

    public static func form(_ state: State) -> Form? { state?.form }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) {
        if state != nil { edit(&state!.form) }
    }
    public static func isUnderway(_ state: State) -> Bool { state != nil }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func otp(_ action: StrongAuthentication.Action) -> Action { StrongAuthentication.message(action) }
}
