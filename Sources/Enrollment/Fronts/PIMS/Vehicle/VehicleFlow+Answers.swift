import PIMS

/// The Vehicle screen's answers: the selection and subscriptions chained, status payloads, commands
/// accepted or refused, and the signals that carry each command to its end.
extension VehicleFlow.State {
    typealias Out = VehicleFlow.Out

    mutating func send(_ command: VehicleCommand) -> [Out] {
        sending = command
        message = nil
        return [.call(.vehicle(.command(command)), RemoteRequests.command(command))]
    }

    mutating func editForm(_ edit: (inout Form) -> Void) {
        switch phase {
        case .form(.deferredCharge): edit(&deferredForm)
        case .form(.preconditioning): edit(&precondForm)
        case .choose where typingVIN: edit(&vinForm)
        case .choose, .ready: break
        }
    }

    /// The `vehicle` control, read only: asleep, online, the engine, the steps due.
    func readTruth(_ shared: Shared) -> [Out] {
        guard let user = shared.loggedIn, let vin, let value = VIN(vin) else { return [] }
        return [.control(.vehicle(.truth), .vehicle(VehicleChange(username: user, vin: value)))]
    }

    mutating func answered(_ call: VehicleFlow.Call, _ r: CallResponse, _ shared: Shared) -> [Out] {
        if let error = r.error {
            // A second subscription in this session is a 2005 (R27): it is there, which is what was wanted.
            if error.pimsCode == .duplicateCommand, call == .subscribeSignal || call == .subscribeEvents {
                return next(after: call, shared)
            }
            if case .command(let command) = call {
                sending = nil
                track(r.transactionId, action: command.action, title: command.title,
                      .failed(signal: nil, code: "\(error.code)", label: error.label, detail: error.detail), at: truth?.now ?? "")
            }
            if call == .select { vin = nil }
            let refusal = "\(call.stepLabel): \(error.code) \(error.label)."
            refusals = refusal == lastRefusal ? refusals + 1 : 1
            lastRefusal = refusal
            var notice = Notice.failure(error, advice: VehicleFlow.advice(error.pimsCode))
            if refusals > 1 {
                let again = "the same answer again (×\(refusals))"
                notice.detail = notice.detail.map { "\($0) · \(again)" } ?? again
                message = "\(refusal) The same answer again (×\(refusals))."
            } else {
                message = refusal
            }
            return [.notice(notice)]
        }
        lastRefusal = nil
        switch call {
        case .select:
            phase = .ready
            message = "\(vin ?? "") selected for remote use."
            return next(after: call, shared)
        case .subscribeSignal, .subscribeEvents:
            subscribed = true
            return next(after: call, shared)
        case .unsubscribeSignal:
            return [.call(.vehicle(.unsubscribeEvents), RemoteRequests.unsubscribeChargeEvents)]
        case .unsubscribeEvents:
            subscribed = false
            message = "Unsubscribed: no signals in this session, so commands answer 2365 (R28). S subscribes again."
            return []
        case .informations(let action):
            let before = status
            if let read = VehicleStatus(r.result) { status = read }
            message = action == .get ? "Status read: the server's copy of \(status?.lastUpdate ?? "?")."
                : "Status \(action.rawValue): the copy as it was; a wake-up's fresh data follow as a signal."
            // A re-read that finds the car as the screen has it says so (else the key looks dead).
            if let status, status == before {
                let text = action == .get ? "Up to date: the server's copy of \(status.lastUpdate) has not changed."
                    : "The server's copy of \(status.lastUpdate) has not changed; a wake-up's fresh data, if any, follow as a signal."
                return [.notice(.info(text))] + readTruth(shared)
            }
            return readTruth(shared)
        case .command(let command):
            sending = nil
            // The signals may have come first (they travel beside the answer): keep what they said.
            if !commands.contains(where: { $0.transactionId == r.transactionId }) {
                track(r.transactionId, action: command.action, title: command.title, .sending, at: truth?.now ?? "")
            }
            message = "\(command.title): accepted (SUCCEEDED); its signals follow."
            return []
        }
    }

    /// Select → subscribe to the signal → to the charge events → read the status (and the car).
    private mutating func next(after call: VehicleFlow.Call, _ shared: Shared) -> [Out] {
        switch call {
        case .select: return [.call(.vehicle(.subscribeSignal), RemoteRequests.subscribeSignal)]
        case .subscribeSignal: return [.call(.vehicle(.subscribeEvents), RemoteRequests.subscribeChargeEvents)]
        case .subscribeEvents:
            subscribed = true
            return [.call(.vehicle(.informations(.get)), RemoteRequests.informations(.get))]
        case .informations, .command, .unsubscribeSignal, .unsubscribeEvents: return []
        }
    }

    mutating func controlAnswered(_ control: VehicleFlow.Control, _ answer: SimAnswer, _ shared: Shared) -> [Out] {
        guard answer.ok else {
            message = answer.error
            return [.notice(Notice(kind: .error, label: "Simulator control failed.", detail: answer.error, advice: "Check the vehicle and try again."))]
        }
        switch control {
        case .truth:
            truth = VehicleTruth(answer) ?? truth
            return []
        case .advance:
            message = "Clock advanced to \(answer.now ?? "?")."
            return readTruth(shared)
        }
    }

    /// A signal (R43: its code, the command it names, the vehicle after the step, an error on 902
    /// and 903) or a charge notification (R37).
    mutating func heard(_ event: SimEvent, _ shared: Shared) -> [Out] {
        let at = event.at.iso8601
        if let charge = ChargeNotification(event) {
            let what = charge.notification ?? "vehicle event"
            append(VehicleFlow.SignalLine(at: at, code: nil, action: nil, text: "\(what) \(charge.vin ?? "")"))
            return [.notice(.info("\(what): \(charge.isFinished ? "the charge is complete." : "the charge stopped.")"))]
        }
        guard let signal = VehicleSignal(event) else { return [] }
        let code = signal.code
        if let read = signal.vehicle { status = read }
        let action = signal.action
        let error = signal.error
        append(VehicleFlow.SignalLine(at: at, code: code, action: action,
                          text: error.map { "\($0.code) \($0.label)" + ($0.detail.map { " (\($0))" } ?? "") } ?? Self.meaning(code)))
        // A status call's wake-up (R40) names its call too: fresh data, not a command.
        guard let id = signal.transactionId, let action, RemoteCommand.actions.contains(action) else { return [] }
        // A signal may come before its call's answer: the command being sent names it then.
        let title = commands.first { $0.transactionId == id }?.title ?? (sending?.action == action ? sending?.title : nil) ?? action
        switch code {
        case 900: track(id, action: action, title: title, .pending, at: at)
        case 901: track(id, action: action, title: title, .sent, at: at)
        case 200:
            track(id, action: action, title: title, .done, at: at)
            return [.notice(.success("\(title): done (signal 200)."))] + readTruth(shared)
        default:
            let e = error ?? CallError(code: 2000, label: "Failed")
            track(id, action: action, title: title, .failed(signal: code, code: "\(e.code)", label: e.label, detail: e.detail), at: at)
            return [.notice(.failure(e, advice: VehicleFlow.advice(e.pimsCode)))]
        }
        return []
    }

    /// Records a command's step (a signal for an unknown command adds it: another session's, or
    /// one whose answer is still on its way).
    mutating func track(_ id: String, action: String, title: String, _ step: VehicleFlow.CommandProgress.Step, at: String) {
        if let i = commands.firstIndex(where: { $0.transactionId == id }) {
            // Signals come in step order; an answer arriving after them does not move it back.
            if step == .sending { return }
            commands[i].step = step
            commands[i].at = at
        } else {
            commands.append(VehicleFlow.CommandProgress(transactionId: id, action: action, title: title, step: step, at: at))
            if commands.count > Self.commandLimit { commands.removeFirst(commands.count - Self.commandLimit) }
        }
    }

    private mutating func append(_ line: VehicleFlow.SignalLine) {
        log.append(line)
        if log.count > Self.logLimit { log.removeFirst(log.count - Self.logLimit) }
    }

    /// What each signal code means (R31; the reference lists them without meaning: decisions).
    static func meaning(_ code: Int) -> String {
        switch code {
        case 900: "pending: the command is accepted"
        case 901: "sent: the vehicle has it"
        case 200: "done: the vehicle reports its status"
        case 902: "failed at the vehicle"
        case 903: "timeout: the vehicle did not answer"
        default: "signal"
        }
    }

    /// The parameters typed in a form, as the command's (nil: a form problem, shown on the form).
    mutating func formCommand(_ kind: VehicleFlow.FormKind, _ shared: Shared) -> VehicleCommand? {
        switch kind {
        case .deferredCharge:
            guard deferredForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return nil }
            return .deferredCharge(startNow: Self.boolean(deferredForm[.startNow]), deferredTime: deferredForm.param(.deferredTime),
                                   checkStartCharge: Self.boolean(deferredForm[.checkStartCharge]))
        case .preconditioning:
            guard precondForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return nil }
            let programs: JSONValue?
            switch Self.programs(precondForm[.programs]) {
            case .success(let p): programs = p
            case .failure(let problem):
                precondForm.error = "programs: \(problem.text)"
                return nil
            }
            return .preconditioning(startNow: Self.boolean(precondForm[.startNow]), programs: programs)
        }
    }

    /// `true`/`false` as the Boolean; anything else as typed (R29 answers it with 2102); empty: left out (2101).
    static func boolean(_ typed: String) -> JSONValue? {
        let word = typed.trimmedBlanks.lowercased()
        if word.isEmpty { return nil }
        if ["true", "yes", "y"].contains(word) { return .bool(true) }
        if ["false", "no", "n"].contains(word) { return .bool(false) }
        return .string(typed)
    }

    struct ProgramProblem: Error, Hashable { var text: String }

    /// The programs field: `keep` (not sent: the stored programs stay), `none` (an empty list),
    /// or `HH:MM day,day…` (slot 1, enabled; days as 3-1 writes them: mon … sun).
    static func programs(_ typed: String) -> Result<JSONValue?, ProgramProblem> {
        let text = typed.trimmedBlanks.lowercased()
        if text == "keep" || text.isEmpty { return .success(nil) }
        if text == "none" { return .success(.array([])) }
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        let time = parts[0].split(separator: ":").compactMap { Int($0) }
        guard time.count == 2, (0...23).contains(time[0]), (0...59).contains(time[1]) else {
            return .failure(ProgramProblem(text: "keep, none, or HH:MM days (07:30 mon,wed)"))
        }
        let days = parts.count > 1 ? parts[1].split(separator: ",").map { String($0).trimmedBlanks } : []
        return .success(.array([RemoteRequests.program(slot: 1, hour: time[0], minute: time[1], days: days)]))
    }
}
