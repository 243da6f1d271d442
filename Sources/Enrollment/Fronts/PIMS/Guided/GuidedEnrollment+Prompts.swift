import PIMS

/// The user's side of the guided enrollment: starting, choosing the method, Enter on each prompt,
/// new codes, and the restart at step 3.
extension GuidedEnrollment.State {
    typealias Out = GuidedEnrollment.Out

    mutating func start(_ shared: Shared) -> [Out] {
        self = GuidedEnrollment.State()
        if !shared.config.offersShortcut {
            shortcutUnavailable = "The shortcut (4·1) needs SDK 2.1 or later; this session runs SDK \(shared.config.sdk)."
        }
        return checkStep(.s1, .checkEnrollment, PIMSRequests.isDeviceActivated)
    }

    /// Straight to step 4·2: only the phone is missing (the checklist's phone step).
    mutating func registerPhoneOnly(_ shared: Shared) -> [Out] {
        self = GuidedEnrollment.State()
        mark([.s1, .s2, .s3], .skipped)
        mark(.s4_1, .skipped)
        stage = .chooseMethod
        return choose(.full, shared)
    }

    /// Steps 1, 2, 3 and 5 need no input: they run (or stage) as soon as the flow reaches them.
    mutating func checkStep(_ step: FlowStep, _ call: GuidedEnrollment.Call, _ request: CallRequest) -> [Out] {
        stage = .checking
        form = Form([])
        mark(step, .current)
        return [.call(.guided(call), request)]
    }

    /// Enter on a guided prompt.
    mutating func submit(_ shared: Shared) -> [Out] {
        let platform = shared.config.platform
        switch stage {
        case .shortcutPhone, .registerPhone:
            guard validate(shared) else { return [] }
            let shortcut = stage == .shortcutPhone
            mark(shortcut ? .s4_1 : .s4_2, .current)
            return [.call(.guided(shortcut ? .shortcutSMS : .registerPhoneSMS), PIMSRequests.certificationSMS(form.param(.phone)))]
        case .shortcutCode:
            guard validate(shared, confirm: [(.pin, .pinConfirm)]) else { return [] }
            mark(.s4_1, .current)
            return [.call(.guided(.shortcutEnroll),
                          PIMSRequests.enrollWithPhoneNumber(pin: form.param(.pin), code: form.param(.smsCode), phone: form.param(.phone)))]
        case .registerCode:
            guard validate(shared) else { return [] }
            mark(.s4_2, .current)
            return [.call(.guided(.registerPhone), PIMSRequests.addPhoneNumber(code: form.param(.smsCode), phone: form.param(.phone)))]
        case .enterCode:
            guard validate(shared) else { return [] }
            mark(.s6, .current)
            return [.call(.guided(.checkCode), PIMSRequests.checkEnrollmentCode(form.param(.smsCode)))]
        case .newPIN:
            guard validate(shared, confirm: [(.pin, .pinConfirm)]) else { return [] }
            mark(.s7, .current)
            return [.call(.guided(.registerPIN), PIMSRequests.enroll(pin: form.param(.pin), code: checkedCode.map(JSONValue.string), platform: platform))]
        case .existingPIN:
            guard validate(shared) else { return [] }
            mark(.s8, .current)
            return [.call(.guided(.validatePIN), PIMSRequests.enroll(pin: form.param(.pin), code: checkedCode.map(JSONValue.string), platform: platform))]
        case .confirmRemoveAll:
            return [.call(.guided(.removeAll), PIMSRequests.removeEnrollments)]
        case .notStarted, .enrolled:
            return start(shared)
        case .blocked:
            // Check again from step 1 (after fixing the account elsewhere, or to see step 2 say it).
            return start(shared)
        case .checking:
            // Nothing in flight (Esc, a transport error): Enter goes on with the same call.
            return shared.canRetry ? [.retry] : start(shared)
        case .chooseMethod:
            return []
        }
    }

    private mutating func validate(_ shared: Shared, confirm: [(FieldID, FieldID)] = []) -> Bool {
        form.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy, confirm: confirm)
    }

    mutating func choose(_ method: GuidedEnrollment.Method, _ shared: Shared) -> [Out] {
        let forced = method == .shortcut && !shared.config.offersShortcut
        guard stage == .chooseMethod || (stage == .registerPhone && (method == .full || forced)) else { return [] }
        self.method = method
        message = nil
        let phone = form.has(.phone) ? form[.phone] : ""
        if method == .shortcut {
            mark(.s4_1, .current)
            mark(.s4_2, .skipped)
            stage = .shortcutPhone
        } else {
            mark(.s4_2, .current)
            mark(.s4_1, .skipped)
            stage = .registerPhone
        }
        form = Form([.phone], values: [.phone: phone], policy: shared.policy)
        return []
    }

    /// A new code for the prompt on screen: the newer send replaces the older code (R7).
    mutating func resendSMS() -> [Out] {
        message = nil
        switch stage {
        case .shortcutCode:
            form.clear([.smsCode])
            return [.call(.guided(.shortcutSMS), PIMSRequests.certificationSMS(form.param(.phone)))]
        case .registerCode:
            form.clear([.smsCode])
            return [.call(.guided(.registerPhoneSMS), PIMSRequests.certificationSMS(form.param(.phone)))]
        case .enterCode:
            form.clear([.smsCode])
            mark(.s6, .pending)
            mark(.s5, .current)
            return [.call(.guided(.enrollmentSMS), PIMSRequests.enrollmentSMS(phone: trustedPhone))]
        case .notStarted, .checking, .chooseMethod, .shortcutPhone, .registerPhone, .newPIN, .existingPIN, .blocked,
             .confirmRemoveAll, .enrolled:
            return []
        }
    }

    /// Step A, then the documents' restart from step 3.
    mutating func restartFromStep3() -> [Out] {
        resetFrom(.s3)
        method = nil
        checkedCode = nil
        return checkStep(.s3, .trustedPhone, PIMSRequests.trustedPhoneNumber)
    }
}
