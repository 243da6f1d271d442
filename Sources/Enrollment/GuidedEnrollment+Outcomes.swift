import PIMS

/// How the guided enrollment ends a step: enrolled, blocked, or failed in a way the user can mend.
extension AppState {
    mutating func enrolled(_ message: String) -> [Effect] {
        guided.stage = .enrolled
        guided.form = Form([])
        guided.message = message
        banner = .success(message)
        if steps.resolving == "deviceActivation" { return returnToChecklist(message) }
        return []
    }

    mutating func blocked(_ message: String) -> [Effect] {
        guided.stage = .blocked
        guided.form = Form([])
        guided.message = message
        return []
    }

    /// A failure the flow cannot go past by itself: the step is marked failed; the prompt (and
    /// what was typed) stays.
    mutating func guidedFailed(_ step: FlowStep, _ error: PIMSError) -> [Effect] {
        guided.mark(step, .failed)
        banner = .failure(error)
        if error.pimsCode == .forbiddenOperation {
            return blocked("The account is blocked (2317): remove all enrollments (step A), then enrollment restarts at step 3.")
        }
        if guided.stage == .checking { guided.message = "Step \(step.rawValue) failed: \(error.label)." }
        return []
    }

    /// Steps that check an SMS code (4·1, 4·2, 6): a wrong code may be typed again, an expired one
    /// needs a new SMS; the code typed stays so that a single wrong digit can be fixed.
    mutating func codeStepFailed(_ step: FlowStep, _ error: PIMSError) -> [Effect] {
        switch error.code {
        case 2305:
            guided.mark(step, .failed)
            banner = .failure(error, advice: "Check the code on the phone and type it again, or press ^N for a new SMS.")
            guided.message = "Wrong SMS code: type it again, or ask for a new one (^N)."
            return []
        case 2306:
            guided.mark(step, .failed)
            banner = .failure(error, advice: "Press ^N to send a new SMS code.")
            guided.message = "The SMS code expired: ask for a new one (^N)."
            return []
        case 2390:
            guided.mark(step, .failed)
            banner = .failure(error, advice: "The account has a trusted phone now: press ^T to restart from step 3.")
            guided.message = "The account already has a trusted phone (2390): restart from step 3 (^T)."
            return []
        default:
            return guidedFailed(step, error)
        }
    }

    /// Steps 7 and 8: a wrong PIN is retried without a new SMS (R11 keeps the window open); 2317
    /// is the way to step A; 2311 means the window closed and a new SMS is needed.
    mutating func pinStepFailed(_ step: FlowStep, _ error: PIMSError) -> [Effect] {
        switch error.code {
        case 2308:
            guided.mark(step, .failed)
            guided.form.clear([.pin, .pinConfirm])
            banner = .failure(error, advice: "Type the PIN again: no new SMS is needed. Forgot it? Reset it (account management B).")
            guided.message = "\(sentence(error.detail ?? "wrong PIN")). Type it again: no new SMS is needed."
            return []
        case 2311, 2305:
            guided.mark(step, .failed)
            guided.resetFrom(.s5)
            guided.mark(.s5, .failed)
            guided.stage = .enterCode
            guided.form = Form([.smsCode])
            banner = .failure(error, advice: "Press ^N to request a new enrollment SMS (step 5), then check it (step 6).")
            guided.message = "The enrollment window is closed: a new SMS code is needed (^N)."
            return []
        default:
            return guidedFailed(step, error)
        }
    }
}
