import PIMS

/// How the guided enrollment ends a step: enrolled, blocked, or failed in a way the user can mend.
extension GuidedEnrollment.State {
    mutating func enrolled(_ message: String) -> [Out] {
        stage = .enrolled
        form = Form([])
        self.message = message
        return [.notice(.success(message)), .delegate(.enrolled(message))]
    }

    mutating func blocked(_ message: String?) -> [Out] {
        stage = .blocked
        form = Form([])
        self.message = message
        return []
    }

    /// A failure the flow cannot go past by itself: the step is marked failed; the prompt (and
    /// what was typed) stays.
    /// Marks the step failed with its code, and leaves the explanation to the banner.
    mutating func markFailed(_ step: FlowStep, _ error: PIMSError) {
        mark(step, .failed)
        failures[step] = "\(error.code)"
        message = nil
    }

    /// The banner explains the error; the flow's own line does not repeat it.
    mutating func failed(_ step: FlowStep, _ error: PIMSError) -> [Out] {
        mark(step, .failed)
        failures[step] = "\(error.code)"
        if error.pimsCode == .forbiddenOperation {
            let out = blocked(nil)
            return [.notice(.failure(error, advice: "Press a to remove all enrollments (step A); enrollment then restarts at step 3."))] + out
        }
        if stage == .checking { message = nil }
        return [.notice(.failure(error))]
    }

    /// Steps that check an SMS code (4·1, 4·2, 6): a wrong code may be typed again, an expired one
    /// needs a new SMS; the code typed stays so that a single wrong digit can be fixed.
    /// The phone shows the code's state after each check (its checks used, burnt, expired).
    mutating func codeStepFailed(_ step: FlowStep, _ error: PIMSError) -> [Out] {
        let phone: [Out] = [.refreshInbox(step == .s6 ? trustedPhone : form[.phone])]
        switch error.pimsCode {
        case .smsCodeInvalid where error.isBurntSMSCode:
            markFailed(step, error)
            form.clear([.smsCode])
            return [.notice(.failure(error, advice: "This code can no longer be used: press ^N for a new SMS code."))] + phone
        case .smsCodeInvalid:
            markFailed(step, error)
            return [.notice(.failure(error, advice: "Check the code on the phone and type it again, or press ^N for a new SMS."))] + phone
        case .smsCodeExpired:
            markFailed(step, error)
            return [.notice(.failure(error, advice: "Press ^N to send a new SMS code."))] + phone
        case .phoneAlreadyRegistered:
            markFailed(step, error)
            return [.notice(.failure(error, advice: "The account has a trusted phone now: press ^T to restart from step 3."))]
        default:
            return failed(step, error)
        }
    }

    /// Steps 7 and 8: a wrong PIN is retried without a new SMS (R11 keeps the window open); 2317
    /// is the way to step A; 2311 means the window closed and a new SMS is needed.
    mutating func pinStepFailed(_ step: FlowStep, _ error: PIMSError) -> [Out] {
        switch error.pimsCode {
        case .accessRefused:
            markFailed(step, error)
            form.clear([.pin, .pinConfirm])
            return [.notice(.failure(error, advice: "Type the PIN again: no new SMS is needed. Forgot it? Reset it (account management B)."))]
        case .internalStateNotCorrect, .smsCodeInvalid:
            markFailed(step, error)
            resetFrom(.s5)
            mark(.s5, .failed)
            stage = .enterCode
            form = Form([.smsCode])
            return [.notice(.failure(error, advice: "Press ^N to request a new enrollment SMS (step 5), then check it (step 6)."))]
        default:
            return failed(step, error)
        }
    }
}
