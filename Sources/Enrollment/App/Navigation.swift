import SimKernel

/// The app's side of the keys every screen shares, then the screen's feature; opening screens and
/// leaving them; the app's own commands.
extension AppState {
    /// Enter.
    mutating func submit() -> [Effect] {
        if confirmingQuit {
            quitRequested = true
            return []
        }
        if let call = staged { return send(call) }
        if inFlight != nil { return [] }
        // Enter does what it does on the screen (send the prompt, log in); on a screen of settings
        // it also ends editing (a prompt's next form is edited at once anyway).
        if !route.scope.editsOnArrival { editing = false }
        return route.scope.submit(&self)
    }

    /// Esc: the innermost thing first.
    mutating func cancel() -> [Effect] {
        if confirmingQuit {
            confirmingQuit = false
            return []
        }
        if inFlight != nil { return stopWaiting() }
        if editing {
            // The first Esc only ends editing; what was typed stays.
            editing = false
            return []
        }
        if let s = staged {
            staged = nil
            retryable = s
            notice = .info("Not sent: \(s.purpose.stepLabel).", advice: "Send it later with r (^R in a form).")
            return []
        }
        return route.scope.cancel(&self)
    }

    /// Back to the home menu (the session screen before login).
    mutating func back() -> [Effect] {
        var effects: [Effect] = []
        // The banner belongs to the screen being left: its advice names that screen's keys.
        if route != .home && route != .start { notice = nil }
        // Leaving a flow the checklist started: finishing it later no longer comes back to the list.
        if let need = steps.resolving?.need, Self.route(resolving: need) == route {
            effects += Features.steps.send(.flowLeft, to: &self)
        }
        if route.isLookAside, let from = cameFrom, from != route, session.loggedIn != nil || from == .start {
            // F8 and F9 are looks aside: Esc returns to the flow they were opened over, as it was.
            cameFrom = nil
            route = from
            return effects
        }
        cameFrom = nil
        if route != .home { route = session.loggedIn == nil ? .start : .home }
        return effects
    }

    /// Opening a screen tells its feature, which starts what it needs (the guided flow its first
    /// check, the lists their data).
    mutating func open(_ r: Route) -> [Effect] {
        guard session.loggedIn != nil || r == .start || r == .log else {
            notice = .info("Log in first.", advice: "Fill the session screen and press Enter.")
            route = .start
            return []
        }
        // Another screen: the last one's banner (its advice, its keys) stays behind.
        if r != route { notice = nil }
        if r.isLookAside && !route.isLookAside { cameFrom = route }
        if !r.isLookAside { cameFrom = nil }
        route = r
        return r.scope.open(&self)
    }

    mutating func choose(_ command: Command) -> [Effect] {
        switch command {
        case .open(let r): return open(r)
        case .back: return back()
        case .toggleHelp:
            showHelp.toggle()
            helpOffset = 0
            return []
        case .quit:
            if isFlowUnderway { confirmingQuit = true } else { quitRequested = true }
            return []
        case .dismissNotice:
            notice = nil
            return []
        case .sendStaged: return staged.map { send($0) } ?? []
        case .retry: return retry()
        case .toggleSendAsTyped:
            sendAsTyped.toggle()
            notice = .info(sendAsTyped ? "Send as typed: ON — fields are sent as they are, to see the backend's own refusals (2101/2102, the SDK's errors)."
                                       : "Send as typed: OFF — fields are checked before sending.")
            return []
        case .togglePacing:
            session.config.pacing = session.config.pacing == .auto ? .step : .auto
            return []
        case .toggleMask:
            editActiveForm { $0.toggleMask() }
            return []
        case .autofillCode:
            autofillCode()
            return []
        case .edit:
            editing = focusedField != nil
            return []
        case .clearField:
            clearField()
            return []
        case .stepA:
            // Leaving the screen that met 2317 for the one way out; A asks before it removes.
            let effects = back() + open(.account)
            return effects + Features.account.send(.startTask(.removeAll), to: &self)
        case .openPalette:
            palette = CommandPalette()
            return []
        case .copy(let part): return copy(part)
        case .export(let kind): return [.exportSession(kind)]
        case .markExpected:
            markedExpected = true
            return [.markExpected(expectationsHere)]
        case .report: return [.bugReport]
        }
    }
}

extension Route {
    /// The simulator panel and the API log, opened over a flow (F8, F9) and left back to it.
    var isLookAside: Bool { self == .simulator || self == .log }
}
