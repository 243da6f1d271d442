import SimKernel

/// The keys of the current state, each with a short description: the app's own around the screen
/// feature's table. The screens build the help bar and the `?` overlay from this list, and
/// dispatch keys through it.
extension AppState {
    public var availableCommands: [AvailableCommand] { commands(describingQuit: true) }

    /// The same keys for what reads only keys, titles and actions (key dispatch, the help bar):
    /// the quit key's help does not say whether a flow is under way, which asks every feature.
    public var availableKeys: [AvailableCommand] { commands(describingQuit: false) }

    private func commands(describingQuit: Bool) -> [AvailableCommand] {
        // The screen's question and form are read once here (each reading asks the screen's feature).
        let confirming = isAwaitingConfirmation
        let focusedField = focusedField(confirming: confirming)
        // On a screen with a focused field, printable keys are typed: commands move to Ctrl keys.
        let focused = editing ? focusedField : nil
        let typing = focused != nil
        func cmd(_ c: Character, _ title: String, _ help: String, _ command: Command) -> AvailableCommand {
            .command(typing ? .ctrl(c) : .char(c), title, help, command)
        }
        let help = AvailableCommand.command(typing ? .function(1) : .char("?"), "help", "Show every key.", .toggleHelp)

        // While the help overlay is shown, this is still the screen's list (what the overlay shows);
        // the overlay closes on Esc, Enter or the help key.
        if confirmingQuit {
            return [AvailableCommand(.enter, "quit", "A flow is under way: quit anyway.", .submit),
                    AvailableCommand(.escape, "stay", "Go back to the flow.", .cancel)]
        }
        if let f = inFlight {
            return [AvailableCommand(.escape, "stop waiting", "Stop waiting for \(f.call.purpose.stepLabel); its answer will still be logged.", .cancel),
                    help]
        }
        var list: [AvailableCommand] = []
        if staged != nil {
            list.append(AvailableCommand(.enter, "send", "Send the call shown (step pacing).", .choose(.sendStaged)))
            list.append(AvailableCommand(.escape, "don't send", "Leave the call unsent.", .cancel))
        } else {
            list += route.scope.commands(self, typing: typing)
        }
        // The system's keys on every screen (PIMS's step A, the card phone's push).
        list += session.config.system.front.globalCommands(self)
        if retryable != nil && staged == nil {
            list.append(cmd("r", "retry", "Send the last call again (after a transport error or Esc).", .retry))
        }
        // `i` edits, unless the screen has its own key for it (the log's `/`).
        if let field = focusedField, !typing, !list.contains(where: { $0.action == .choose(.edit) }) {
            list.append(AvailableCommand(.char("i"), "edit", "Edit \(field.label) (Esc ends editing; Tab moves on).", .choose(.edit)))
        }
        if let field = focused {
            // While editing, Esc only ends editing: the screen's own Esc waits for the next one.
            list.removeAll { $0.key == .escape }
            list.insert(AvailableCommand(.escape, "done", "Stop editing \(field.label) (what was typed stays).", .cancel), at: 0)
            list.append(AvailableCommand(.ctrl("u"), "clear", "Empty \(field.label).", .choose(.clearField)))
        }
        if let field = focusedField {
            if activeForm.map({ $0.fields.count > 1 }) == true {
                list.append(AvailableCommand(.tab, "next field", "Move to the next field (S-Tab: previous).", .focusNext))
            }
            if field.kind.isSecret {
                list.append(cmd("v", field.masked ? "show" : "hide", "Show or hide the \(field.label).", .toggleMask))
            }
            // The fields the app checks before it calls (codes, PINs, phones, VINs, tokens): `x`
            // lets a malformed value through to the backend's own input check (`FieldKind.sendsAsTyped`).
            if field.kind.sendsAsTyped {
                list.append(cmd("x", sendAsTyped ? "check input" : "send as typed",
                                sendAsTyped ? "Check fields before sending again." : "Send fields as typed, to see the backend's own input errors.",
                                .toggleSendAsTyped))
            }
        }
        if !typing && !confirming {
            list.append(.command(.char(":"), "commands", "Open the command palette: every screen and action by name (^P too).", .openPalette))
        }
        // Jumps from anywhere (function keys: they work while a field is edited too).
        for target in [Route.simulator, .log] where target != route && reachableRoutes.contains(target) {
            if let key = jumpKey(to: target) {
                list.append(.command(key, target.title, "Open the \(target.title) from any screen.", .open(target)))
            }
        }
        // Pacing everywhere once logged in, unless the screen's own table binds it (the session's does).
        if session.loggedIn != nil && !list.contains(where: { $0.action == .choose(.togglePacing) }) {
            let auto = session.config.pacing == .auto
            list.append(cmd("p", auto ? "step pacing" : "auto pacing",
                            auto ? "Make every API call wait for Enter." : "Let checks run until input is needed.", .togglePacing))
        }
        list.append(help)
        list.append(cmd("q", "quit", describingQuit && isFlowUnderway ? "Quit (asks first: a flow is under way)." : "Quit.", .quit))
        return list
    }
}
