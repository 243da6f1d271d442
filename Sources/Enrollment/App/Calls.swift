import SimKernel

/// Making calls: pacing, the busy marker, the log, answers routed back to their feature by the
/// purpose they carry, transport errors, Esc while waiting; the system's front may take an answer
/// over before its flow hears it (`SystemFront.intercept`: PIMS asks for an OTP, then sends it again).
extension AppState {
    /// A call a feature wants to make: sent now (auto pacing) or staged until Enter (step pacing).
    /// `mark`: the front's own note on the call (`PlannedCall.mark`), read back by its `intercept`.
    mutating func issue(_ purpose: CallPurpose, _ request: CallRequest, mark: FrontValue? = nil) -> [Effect] {
        let call = PlannedCall(purpose, request, mark: mark)
        guard inFlight == nil else {
            notice = .info("A call is still in flight.", advice: "Wait for its answer, or press Esc to stop waiting.")
            return []
        }
        if session.config.pacing == .step {
            staged = call
            return []
        }
        return send(call)
    }

    mutating func send(_ call: PlannedCall) -> [Effect] {
        let id = takeID()
        let name = session.config.sessionName
        inFlight = InFlightCall(id: id, call: call)
        staged = nil
        retryable = nil
        notice = nil
        log.append(id, call, session: name)
        return [.send(id, call.request, session: name, purpose: call.purpose),
                .startTimer(.callTimeout(id), milliseconds: Timing.callTimeoutMs)]
    }

    /// The call that failed at transport level or was abandoned, again.
    mutating func retry() -> [Effect] {
        guard let call = retryable, inFlight == nil else { return [] }
        return send(call)
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
        notice = Notice(kind: .warning, label: "Stopped waiting for \(f.call.purpose.stepLabel).",
                        detail: "The answer will still be logged when it comes.",
                        advice: "Retry the same call (r, or ^R in a form); nothing typed was lost.")
        return [.cancelTimer(.callTimeout(f.id))]
    }

    /// The client timed out: shown as the system's SDK shows a timeout.
    mutating func timedOut(_ id: RequestID) -> [Effect] {
        guard let f = inFlight, f.id == id else { return [] }
        inFlight = nil
        log.abandon(id)
        retryable = f.call
        let timeout = CallError.transport(.timeout, detail: "no answer after \(Timing.callTimeoutMs / 1000) s (client timeout)")
        notice = session.config.system.front.transportFailure(.timeout, timeout)
        return []
    }

    /// An answer: logged always; acted on only if it is the call being waited for.
    mutating func answer(_ id: RequestID, _ response: CallResponse, durationMs: Int, purpose: CallPurpose) -> [Effect] {
        log.record(id, response, durationMs: durationMs)
        guard let f = inFlight, f.id == id else { return lateAnswer(id, response, purpose: purpose) }
        inFlight = nil
        var effects: [Effect] = [.cancelTimer(.callTimeout(id))]
        if let error = response.error, error.isSessionEnded {
            // The team server closed this device session: no system answered. A retry opens a new one.
            retryable = f.call
            notice = Notice(kind: .warning, label: error.label, detail: error.detail,
                            advice: "The next call opens a new device session, logged out: log in again (Session), or retry (r, or ^R in a form).")
            return effects
        }
        if let error = response.error, let kind = TransportError(error), kind != .invalidReturn {
            // The call reached no rule: nothing changed, the flow stays where it was, with its fields.
            // Shown in the system's own terms (Futurae and the card app have no 2201).
            retryable = f.call
            notice = session.config.system.front.transportFailure(kind, error)
            return effects
        }
        let front = session.config.system.front
        if let taken = front.intercept(response, of: f.call, &self) { return effects + taken }
        effects += deliver(response, for: purpose)
        effects += front.afterAnswer(&self, late: false)
        return effects
    }

    /// The answer of a call the app stopped waiting for (Esc, or the client timeout). The flow does
    /// not move on — the user left it — but what the answer changed is shown: the panels read the
    /// world again, and a call that succeeded is no longer offered for retry.
    mutating func lateAnswer(_ id: RequestID, _ response: CallResponse, purpose: CallPurpose) -> [Effect] {
        guard let entry = log.entries.first(where: { $0.id == id }), entry.outcome == .lateAnswer else { return [] }
        let step = purpose.stepLabel
        let quiet = inFlight != nil  // another call's notice is the one that matters now
        if let error = response.error {
            if !quiet {
                notice = Notice(kind: .warning, code: "\(error.code)", label: "The late answer of \(step) came: it failed.",
                                detail: error.label, advice: retryable == nil ? "It is in the API log." : "Retry the same call (r, or ^R in a form).")
            }
        } else {
            if retryable?.purpose == purpose, retryable?.request == entry.request { retryable = nil }
            if !quiet {
                notice = Notice(kind: .success, label: "The late answer of \(step) came: it succeeded.",
                                advice: "The flow stayed where it was; the API log has the answer, the panels show its effect.")
            }
        }
        return session.config.system.front.afterAnswer(&self, late: true)
    }
}
