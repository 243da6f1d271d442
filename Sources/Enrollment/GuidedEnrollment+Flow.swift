import PIMS

/// The guided enrollment's decisions, step by step as seed 000 draws them.
extension AppState {
    mutating func startGuided() -> [Effect] {
        guided = GuidedEnrollment()
        if !config.offersShortcut {
            guided.shortcutUnavailable = "The shortcut (4·1) needs SDK 2.1 or later; this session runs SDK \(config.sdk)."
        }
        route = .guided
        return checkStep(.s1, .checkEnrollment, Requests.isDeviceActivated)
    }

    /// Steps 1, 2, 3 and 5 need no input: they run (or stage) as soon as the flow reaches them.
    private mutating func checkStep(_ step: FlowStep, _ call: CallPurpose.GuidedCall, _ request: PIMSRequest) -> [Effect] {
        guided.stage = .checking
        guided.form = Form([])
        guided.mark(step, .current)
        return issue(.guided(call), request)
    }

    /// Enter on a guided prompt.
    mutating func submitGuided() -> [Effect] {
        let platform = config.platform
        switch guided.stage {
        case .shortcutPhone, .registerPhone:
            guard validateGuided() else { return [] }
            let shortcut = guided.stage == .shortcutPhone
            guided.mark(shortcut ? .s4_1 : .s4_2, .current)
            return issue(.guided(shortcut ? .shortcutSMS : .registerPhoneSMS), Requests.certificationSMS(guided.form.param(.phone)))
        case .shortcutCode:
            guard validateGuided(confirm: [(.pin, .pinConfirm)]) else { return [] }
            guided.mark(.s4_1, .current)
            let f = guided.form
            return issue(.guided(.shortcutEnroll),
                         Requests.enrollWithPhoneNumber(pin: f.param(.pin), code: f.param(.smsCode), phone: f.param(.phone)))
        case .registerCode:
            guard validateGuided() else { return [] }
            guided.mark(.s4_2, .current)
            return issue(.guided(.registerPhone), Requests.addPhoneNumber(code: guided.form.param(.smsCode), phone: guided.form.param(.phone)))
        case .enterCode:
            guard validateGuided() else { return [] }
            guided.mark(.s6, .current)
            return issue(.guided(.checkCode), Requests.checkEnrollmentCode(guided.form.param(.smsCode)))
        case .newPIN:
            guard validateGuided(confirm: [(.pin, .pinConfirm)]) else { return [] }
            guided.mark(.s7, .current)
            return issue(.guided(.registerPIN), Requests.enroll(pin: guided.form.param(.pin), code: guided.checkedCode.map(JSONValue.string), platform: platform))
        case .existingPIN:
            guard validateGuided() else { return [] }
            guided.mark(.s8, .current)
            return issue(.guided(.validatePIN), Requests.enroll(pin: guided.form.param(.pin), code: guided.checkedCode.map(JSONValue.string), platform: platform))
        case .confirmRemoveAll:
            return issue(.guided(.removeAll), Requests.removeEnrollments)
        case .notStarted, .enrolled:
            return startGuided()
        case .blocked:
            // Check again from step 1 (after fixing the account elsewhere, or to see step 2 say it).
            return startGuided()
        case .checking:
            // Nothing in flight (Esc, a transport error): Enter goes on with the same call.
            if let call = retryable { return send(call) }
            return staged == nil ? startGuided() : []
        case .chooseMethod:
            return []
        }
    }

    private mutating func validateGuided(confirm: [(FieldID, FieldID)] = []) -> Bool {
        guided.form.validate(sendAsTyped: sendAsTyped, policy: policy, confirm: confirm)
    }

    mutating func chooseMethod(_ method: GuidedEnrollment.Method) -> [Effect] {
        guard guided.stage == .chooseMethod || (guided.stage == .registerPhone && method == .full) else { return [] }
        if method == .shortcut && !config.offersShortcut { return [] }
        guided.method = method
        guided.message = nil
        let phone = guided.form.has(.phone) ? guided.form[.phone] : ""
        if method == .shortcut {
            guided.mark(.s4_1, .current)
            guided.mark(.s4_2, .skipped)
            guided.stage = .shortcutPhone
        } else {
            guided.mark(.s4_2, .current)
            guided.mark(.s4_1, .skipped)
            guided.stage = .registerPhone
        }
        guided.form = Form([.phone], values: [.phone: phone], policy: policy)
        return []
    }

    /// A new code for the prompt on screen: the newer send replaces the older code (R7).
    mutating func resendGuidedSMS() -> [Effect] {
        guided.message = nil
        switch guided.stage {
        case .shortcutCode:
            guided.form.clear([.smsCode])
            return issue(.guided(.shortcutSMS), Requests.certificationSMS(guided.form.param(.phone)))
        case .registerCode:
            guided.form.clear([.smsCode])
            return issue(.guided(.registerPhoneSMS), Requests.certificationSMS(guided.form.param(.phone)))
        case .enterCode:
            guided.form.clear([.smsCode])
            guided.mark(.s6, .pending)
            guided.mark(.s5, .current)
            return issue(.guided(.enrollmentSMS), Requests.enrollmentSMS(phone: guided.trustedPhone))
        default:
            return []
        }
    }

    /// Step A, then the documents' restart from step 3.
    mutating func restartFromStep3() -> [Effect] {
        guided.resetFrom(.s3)
        guided.method = nil
        guided.checkedCode = nil
        return checkStep(.s3, .trustedPhone, Requests.trustedPhoneNumber)
    }

    mutating func guidedAnswered(_ call: CallPurpose.GuidedCall, _ planned: PlannedCall, _ r: PIMSResponse) -> [Effect] {
        switch call {
        case .checkEnrollment:
            guard let result = r.result else { return guidedFailed(.s1, r.error!) }
            guided.mark(.s1, .done)
            if result["isDeviceActivated"]?.boolValue == true {
                guided.mark(FlowStep.allCases.filter { $0 != .s1 }, .skipped)
                return enrolled("This device is already enrolled (step 1): nothing to do.")
            }
            return checkStep(.s2, .checkAccount, Requests.isAccountBlocked)

        case .checkAccount:
            guard let result = r.result else { return guidedFailed(.s2, r.error!) }
            // The tutorial's sample answers `false`; the reference names the state. Both are read.
            let value = result["isAccountBlocked"]
            let state = value?.stringValue ?? (value?.boolValue == true ? "AccountBlocked" : "NotBlocked")
            if state == "NotBlocked" {
                guided.mark(.s2, .done)
                return checkStep(.s3, .trustedPhone, Requests.trustedPhoneNumber)
            }
            guided.mark(.s2, .failed)
            return blocked("The account is \(state) (step 2): remove all enrollments (step A), then enrollment restarts at step 3.")

        case .trustedPhone:
            if let error = r.error, error.pimsCode != .noPhoneNumber { return guidedFailed(.s3, error) }
            guided.mark(.s3, .done)
            if let phone = r.result?["phoneNumber"]?.stringValue {
                guided.trustedPhone = phone
                guided.mark([.s4_1, .s4_2], .skipped)
                return checkStep(.s5, .enrollmentSMS, Requests.enrollmentSMS(phone: guided.trustedPhone))
            }
            // No trusted phone (null, or 2307 in the reference variant): 4·1 or 4·2. No field yet,
            // so that the choice keys are plain letters.
            guided.form = Form([])
            if config.offersShortcut {
                guided.stage = .chooseMethod
                guided.message = "No trusted phone: choose the shortcut (4·1, one SMS) or the full method (4·2, then steps 5–8)."
                return []
            }
            guided.message = guided.shortcutUnavailable
            guided.stage = .chooseMethod
            return chooseMethod(.full)

        case .shortcutSMS, .registerPhoneSMS:
            let step: FlowStep = call == .shortcutSMS ? .s4_1 : .s4_2
            if let error = r.error { return guidedFailed(step, error) }
            let phone = guided.form[.phone]
            guided.stage = call == .shortcutSMS ? .shortcutCode : .registerCode
            let ids: [FieldID] = call == .shortcutSMS ? [.phone, .smsCode, .pin, .pinConfirm] : [.phone, .smsCode]
            let kept = Dictionary(uniqueKeysWithValues: ids.map { ($0, guided.form[$0]) })
            guided.form = Form(ids, values: kept, policy: policy)
            guided.form.focus = 1
            guided.message = "An SMS code was sent to \(phone)."
            return refreshInbox(phone)

        case .shortcutEnroll:
            if let error = r.error { return codeStepFailed(.s4_1, error) }
            guided.mark(.s4_1, .done)
            guided.trustedPhone = guided.form[.phone]
            guided.mark([.s5, .s6, .s7, .s8], .skipped)
            return enrolled("Enrolled with the shortcut (4·1): phone \(guided.form[.phone]) registered, PIN set, device enrolled.")

        case .registerPhone:
            if let error = r.error { return codeStepFailed(.s4_2, error) }
            guided.mark(.s4_2, .done)
            guided.trustedPhone = guided.form[.phone]
            if steps.resolving == "trusterPhoneNumber" || steps.resolving == "trustedPhone" {
                guided.stage = .notStarted
                return returnToChecklist("Phone \(guided.form[.phone]) registered (4·2).")
            }
            return checkStep(.s5, .enrollmentSMS, Requests.enrollmentSMS(phone: guided.trustedPhone))

        case .enrollmentSMS:
            if let error = r.error { return guidedFailed(.s5, error) }
            guided.mark(.s5, .done)
            guided.mark(.s6, .current)
            guided.stage = .enterCode
            guided.form = Form([.smsCode])
            guided.message = "An enrollment SMS code was sent to \(guided.trustedPhone ?? "the trusted phone")."
            return refreshInbox(guided.trustedPhone)

        case .checkCode:
            if let error = r.error { return codeStepFailed(.s6, error) }
            guided.mark(.s6, .done)
            guided.checkedCode = guided.form[.smsCode]
            if r.result?["status"]?.stringValue == "AlreadyEnrolled" {
                guided.mark(.s7, .skipped)
                guided.mark(.s8, .current)
                guided.stage = .existingPIN
                guided.form = Form([.pin])
                guided.message = "The account already has a PIN (AlreadyEnrolled): enter it to enroll this device (step 8)."
            } else {
                guided.mark(.s7, .current)
                guided.stage = .newPIN
                guided.form = Form([.pin, .pinConfirm])
                guided.message = "The account has no PIN yet (NotEnrolled): choose one, \(policy.pinLengths), typed twice (step 7)."
            }
            return []

        case .registerPIN:
            if let error = r.error { return pinStepFailed(.s7, error) }
            guided.mark(.s7, .done)
            guided.mark(.s8, .current)
            // "Then, go to step 8": the new PIN is validated at once.
            let pin = guided.form[.pin]
            guided.stage = .existingPIN
            guided.form = Form([.pin], values: [.pin: pin], policy: policy)
            guided.message = "PIN registered (step 7); validating it (step 8)."
            return issue(.guided(.validatePIN), Requests.enroll(pin: .string(pin), code: guided.checkedCode.map(JSONValue.string), platform: config.platform))

        case .validatePIN:
            if let error = r.error { return pinStepFailed(.s8, error) }
            guided.mark(.s8, .done)
            let status = r.result?["status"]?.stringValue ?? "Enrolled"
            return enrolled("The device is enrolled (step 8 answered \(status)).")

        case .removeAll:
            if let error = r.error {
                guided.stage = .blocked
                banner = .failure(error)
                return []
            }
            if guided.statuses[.s2] == .failed { guided.mark(.s2, .done) }
            guided.message = "All enrollments removed (step A): restarting from step 3."
            return restartFromStep3()
        }
    }
}

/// A detail as a sentence: its first letter in capitals.
func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
