import SimKernel

/// The one place state changes: `reduce(&state, action)` updates the state and returns the effects
/// the runtime must run. Pure and synchronous: no I/O, no clock, no randomness.
public func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    state.reduce(action)
}

extension AppState {
    mutating func reduce(_ action: Action) -> [Effect] {
        if !action.arrivesOnItsOwn { markedExpected = false }
        let before = FormOnScreen(self)
        let effects = dispatch(action)
        settleEditing(since: before, after: action)
        return effects
    }

    private mutating func dispatch(_ action: Action) -> [Effect] {
        // The palette is modal too: it takes the keys until it runs an entry or Esc closes it.
        if palette != nil, let effects = paletteKey(action) { return effects }
        // The help overlay is modal: keys close it; answers still arrive.
        if showHelp {
            switch action {
            case .submit, .cancel, .choose(.toggleHelp):
                showHelp = false
                helpOffset = 0
                return []
            case .moveSelection(let delta):
                helpOffset = max(0, helpOffset + delta)
                return []
            case .choose(.quit): break
            case .focusNext, .focusPrevious, .typed, .pasted, .backspace, .choose, .feature:
                return []
            case .connected, .response, .controlAnswer, .event, .timerFired, .fileSaved, .screenshotSaved, .recordingStopped, .exported, .reported: break
            }
        }
        // While a call is in flight the flows wait for it: only what cannot start or change a flow
        // is taken (typing goes on; Esc stops waiting; events arrive).
        if inFlight != nil && !action.isTakenWhileBusy { return [] }
        switch action {
        case .feature(let message): return Features.send(message, to: &self)
        case .connected(let error, let defaults): return Features.session.send(.connected(error: error, defaults: defaults), to: &self)
        case .response(let id, let response, let ms, let purpose): return answer(id, response, durationMs: ms, purpose: purpose)
        case .controlAnswer(_, let answer, let purpose): return controlAnswered(answer, purpose)
        case .event(let event): return received(event)
        case .timerFired(.callTimeout(let id)): return timedOut(id)
        case .fileSaved(let path, let error): return Features.simulator.send(.fileSaved(path: path, error: error), to: &self)
        case .screenshotSaved(let paths, let error):
            notice = error.map { Notice(kind: .warning, label: "Screenshot not saved: \($0)", advice: "") }
                ?? .success("Screenshot saved: \(paths.joined(separator: ", ")).")
            return []
        case .reported(let path, let error):
            notice = path.map { .success("Bug report written: \($0).") }
                ?? Notice(kind: .warning, label: "The bug report was not written: \(error ?? "unknown reason").", advice: "")
            return []
        case .recordingStopped(let reason):
            notice = Notice(kind: .warning, label: "Not recording any more: \(reason).", advice: "")
            return []
        case .exported(let kind, let path, let error):
            notice = path.map { .success("Exported the session as \(kind.title): \($0).") }
                ?? Notice(kind: .warning, label: "The \(kind.title) was not written: \(error ?? "unknown reason").", advice: "")
            return []
        case .typed(let c):
            type(c)
            return []
        case .pasted(let text): return pasted(text)
        case .backspace:
            backspace()
            return []
        case .focusNext:
            editActiveForm { $0.moveFocus(1) }
            return []
        case .focusPrevious:
            editActiveForm { $0.moveFocus(-1) }
            return []
        case .moveSelection(let delta): return route.scope.moveSelection(delta, &self)
        case .submit: return submit()
        case .cancel: return cancel()
        case .choose(let command): return choose(command)
        }
    }
}

extension Action {
    /// Taken while a call is in flight: what neither starts nor changes a flow.
    var isTakenWhileBusy: Bool {
        switch self {
        case .choose(let command): command.isAllowedWhileBusy
        case .feature(let message): message.action.isAllowedWhileBusy
        case .moveSelection, .focusNext, .focusPrevious, .typed, .pasted, .backspace, .submit, .cancel, .connected, .response, .controlAnswer,
             .event, .timerFired, .fileSaved, .screenshotSaved, .recordingStopped, .exported, .reported:
            true
        }
    }
}
