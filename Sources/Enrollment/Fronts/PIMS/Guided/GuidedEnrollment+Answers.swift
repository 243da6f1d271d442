import PIMS

/// The guided enrollment's decisions on each answer, step by step as seed 000 draws them.
extension GuidedEnrollment.State {
    mutating func answered(_ call: GuidedEnrollment.Call, _ r: CallResponse, _ shared: Shared) -> [Out] {
        let policy = shared.policy
        switch call {
        case .checkEnrollment:
            guard let result = r.result else { return failed(.s1, r.error!) }
            mark(.s1, .done)
            // Enrolled or not, step 2 is asked: an enrolled device of a blocked account (pin-blocked)
            // cannot be used, and its way out is step A.
            deviceEnrolled = PIMSAnswer.isDeviceActivated(result)
            return checkStep(.s2, .checkAccount, PIMSRequests.isAccountBlocked)

        case .checkAccount:
            guard let result = r.result else { return failed(.s2, r.error!) }
            // The tutorial's sample answers `false`; the reference names the state. Both are read.
            let state = PIMSAnswer.blockState(result)
            if state == BlockState.notBlocked.rawValue {
                mark(.s2, .done)
                if deviceEnrolled {
                    mark(FlowStep.allCases.filter { $0 != .s1 && $0 != .s2 }, .skipped)
                    return enrolled("This device is already enrolled (step 1) and the account is not blocked (step 2): nothing to do.")
                }
                return checkStep(.s3, .trustedPhone, PIMSRequests.trustedPhoneNumber)
            }
            mark(.s2, .failed)
            failures[.s2] = state
            // The prompt offers step A; this says why.
            return blocked(deviceEnrolled ? "This device is enrolled, but the account is \(state) (step 2)." : "The account is \(state) (step 2).")

        case .trustedPhone:
            if let error = r.error, error.pimsCode != .noPhoneNumber { return failed(.s3, error) }
            if let error = r.error {
                // The reference variant's "no phone": the call failed (✗ with its code), and what
                // it means decides the next step.
                mark(.s3, .failed)
                failures[.s3] = "\(error.code)"
                noPhoneMeaning = "Step 3 answered \(error.code) (\(error.label)): the reference variant's way to say there is no trusted phone yet (R3)."
            } else {
                mark(.s3, .done)
                noPhoneMeaning = nil
            }
            if let phone = PIMSAnswer.trustedPhone(r.result) {
                trustedPhone = phone
                mark([.s4_1, .s4_2], .skipped)
                return checkStep(.s5, .enrollmentSMS, PIMSRequests.enrollmentSMS(phone: trustedPhone))
            }
            // No trusted phone (null, or 2307 in the reference variant): 4·1 or 4·2. No field yet,
            // so that the choice keys are plain letters.
            form = Form([])
            if shared.config.offersShortcut || shared.sendAsTyped {
                // Below SDK 2.1 the shortcut is offered only to send it as typed: its 2002 (R8).
                stage = .chooseMethod
                message = noPhoneMeaning ?? "No trusted phone: choose the shortcut (4·1, one SMS) or the full method (4·2, then steps 5–8)."
                return []
            }
            stage = .chooseMethod
            let outs = choose(.full, shared)
            // Why 4·1 is skipped, and the way to see the SDK's own answer.
            message = shortcutUnavailable.map { "4·1 skipped: \($0) s (^S in the field) sends it anyway: 2002 (R8)." }
            return outs

        case .shortcutSMS, .registerPhoneSMS:
            let step: FlowStep = call == .shortcutSMS ? .s4_1 : .s4_2
            if let error = r.error { return failed(step, error) }
            let phone = form[.phone]
            stage = call == .shortcutSMS ? .shortcutCode : .registerCode
            let ids: [FieldID] = call == .shortcutSMS ? [.phone, .smsCode, .pin, .pinConfirm] : [.phone, .smsCode]
            let kept = Dictionary(uniqueKeysWithValues: ids.map { ($0, form[$0]) })
            form = Form(ids, values: kept, policy: policy)
            form.focus = 1
            message = "An SMS code was sent to \(phone)."
            return [.refreshInbox(phone)]

        case .shortcutEnroll:
            if let error = r.error { return codeStepFailed(.s4_1, error) }
            mark(.s4_1, .done)
            trustedPhone = form[.phone]
            mark([.s5, .s6, .s7, .s8], .skipped)
            return enrolled("Enrolled with the shortcut (4·1): phone \(form[.phone]) registered, PIN set, device enrolled.")

        case .registerPhone:
            if let error = r.error { return codeStepFailed(.s4_2, error) }
            mark(.s4_2, .done)
            trustedPhone = form[.phone]
            if shared.checklistNeeds == .trustedPhone {
                // Asked for the phone alone: done here, the checklist takes over.
                stage = .notStarted
                return [.delegate(.phoneRegistered("Phone \(form[.phone]) registered (4·2)."))]
            }
            return checkStep(.s5, .enrollmentSMS, PIMSRequests.enrollmentSMS(phone: trustedPhone))

        case .enrollmentSMS:
            if let error = r.error { return failed(.s5, error) }
            mark(.s5, .done)
            mark(.s6, .current)
            stage = .enterCode
            form = Form([.smsCode])
            message = "An enrollment SMS code was sent to \(trustedPhone ?? "the trusted phone")."
            return [.refreshInbox(trustedPhone)]

        case .checkCode:
            if let error = r.error { return codeStepFailed(.s6, error) }
            mark(.s6, .done)
            checkedCode = form[.smsCode]
            if PIMSAnswer.status(r.result) == PIMSAnswer.alreadyEnrolled {
                mark(.s7, .skipped)
                mark(.s8, .current)
                stage = .existingPIN
                form = Form([.pin])
                message = "The account already has a PIN (AlreadyEnrolled): enter it to enroll this device (step 8)."
            } else {
                mark(.s7, .current)
                stage = .newPIN
                form = Form([.pin, .pinConfirm])
                message = "The account has no PIN yet (NotEnrolled): choose one, \(policy.pinLengths), typed twice (step 7)."
            }
            return []

        case .registerPIN:
            if let error = r.error { return pinStepFailed(.s7, error) }
            mark(.s7, .done)
            mark(.s8, .current)
            // "Then, go to step 8": the new PIN is validated at once.
            let pin = form[.pin]
            stage = .existingPIN
            form = Form([.pin], values: [.pin: pin], policy: policy)
            message = "PIN registered (step 7); validating it (step 8)."
            return [.call(.guided(.validatePIN), PIMSRequests.enroll(pin: .string(pin), code: checkedCode.map(JSONValue.string), platform: shared.config.platform))]

        case .validatePIN:
            if let error = r.error { return pinStepFailed(.s8, error) }
            mark(.s8, .done)
            let status = PIMSAnswer.status(r.result) ?? "Enrolled"
            return enrolled("The device is enrolled (step 8 answered \(status)).")

        case .removeAll:
            if let error = r.error {
                stage = .blocked
                return [.notice(.failure(error))]
            }
            if statuses[.s2] == .failed { mark(.s2, .done) }
            deviceEnrolled = false
            let out = restartFromStep3()
            message = "All enrollments removed (step A): restarting from step 3."
            return out
        }
    }
}

/// A detail as a sentence: its first letter in capitals.
func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
