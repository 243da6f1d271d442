import PIMS

/// Making calls: pacing, the busy marker, the log, answers routed back to their flow, transport
/// errors, Esc while waiting, and the one retry after an OTP.
extension AppState {
    /// A call a flow wants to make: sent now (auto pacing) or staged until Enter (step pacing).
    mutating func issue(_ purpose: CallPurpose, _ request: PIMSRequest, isOTPRetry: Bool = false) -> [Effect] {
        let call = PlannedCall(purpose, request, isOTPRetry: isOTPRetry)
        guard inFlight == nil else {
            banner = .info("A call is still in flight.", advice: "Wait for its answer, or press Esc to stop waiting.")
            return []
        }
        if config.pacing == .step {
            staged = call
            return []
        }
        return send(call)
    }

    mutating func send(_ call: PlannedCall) -> [Effect] {
        let id = takeID()
        inFlight = InFlightCall(id: id, call: call)
        staged = nil
        retryable = nil
        banner = nil
        log.append(id, call, session: config.sessionName)
        return [.send(id, call.request, session: config.sessionName), .startTimer(.callTimeout(id), milliseconds: Timing.callTimeoutMs)]
    }

    mutating func control(_ purpose: ControlPurpose, _ control: SimControl) -> [Effect] {
        let id = takeID()
        pendingControls[id] = purpose
        return [.control(id, control)]
    }

    mutating func takeID() -> RequestID {
        defer { nextID += 1 }
        return RequestID(nextID)
    }

    /// Esc while waiting: the app stops waiting; the answer, when it comes, is still logged.
    mutating func stopWaiting() -> [Effect] {
        guard let f = inFlight else { return [] }
        inFlight = nil
        log.abandon(f.id)
        retryable = f.call
        banner = Banner(kind: .warning, label: "Stopped waiting for \(f.call.purpose.stepLabel).",
                        detail: "The answer will still be logged when it comes.",
                        advice: "Retry the same call (r, or ^R in a form); nothing typed was lost.")
        return [.cancelTimer(.callTimeout(f.id))]
    }

    /// The client timed out: shown as the SDK shows it, 2201.
    mutating func timedOut(_ id: RequestID) -> [Effect] {
        guard let f = inFlight, f.id == id else { return [] }
        inFlight = nil
        log.abandon(id)
        retryable = f.call
        banner = Banner(kind: .error, code: ErrorCode.timeout.rawValue, label: ErrorCatalogue.label(2201),
                        detail: "no answer after \(Timing.callTimeoutMs / 1000) s (client timeout)",
                        advice: ErrorAdvice.advice(2201))
        return []
    }

    /// An answer: logged always; acted on only if it is the call being waited for.
    mutating func answer(_ id: RequestID, _ response: PIMSResponse, durationMs: Int) -> [Effect] {
        log.record(id, response, durationMs: durationMs)
        guard let f = inFlight, f.id == id else { return [] }
        inFlight = nil
        var effects: [Effect] = [.cancelTimer(.callTimeout(id))]
        let call = f.call
        if let error = response.error, ErrorAdvice.transportCodes.contains(error.pimsCode.rawValue) {
            // The call reached no rule: nothing changed, the flow stays where it was, with its fields.
            retryable = call
            banner = .failure(error)
            return effects
        }
        if response.error?.pimsCode == .needStrongAuthentication, call.purpose.strongAuthenticationRetries, !call.isOTPRetry {
            effects += askForOTP(call)
            return effects
        }
        effects += route(call, response)
        if loggedIn != nil { effects += refreshAccount() }
        return effects
    }

    /// Sends the answer to the flow the call belongs to.
    private mutating func route(_ call: PlannedCall, _ response: PIMSResponse) -> [Effect] {
        switch call.purpose {
        case .login: return loginAnswered(response)
        case .guided(let g): return guidedAnswered(g, call, response)
        case .account(let a): return accountAnswered(a, call, response)
        case .otp: return otpAnswered(response)
        case .steps(let s): return stepsAnswered(s, response)
        case .carKey(let c): return carKeyAnswered(c, response)
        }
    }

    /// The live account for the simulator panel (and the vehicle lists).
    mutating func refreshAccount() -> [Effect] {
        guard let user = loggedIn else { return [] }
        return control(.account, .account(username: user))
    }

    /// The simulated phone's inbox for a number, after an SMS was sent to it.
    mutating func refreshInbox(_ phone: String?) -> [Effect] {
        guard let phone, let number = PhoneNumber(phone) else { return [] }
        return control(.inbox(phone: phone), .inbox(phone: number))
    }
}
