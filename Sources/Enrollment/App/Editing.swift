/// Text entry is modal, as in lazygit or k9s: letters are commands unless a field is being edited.
/// `i` (or a click, or a paste) starts editing the focused field, Esc ends it; a flow's prompt is
/// edited as soon as it appears, since it is there to be typed into.
extension AppState {
    /// ^U: empty the field being edited, as readline does.
    mutating func clearField() {
        guard editingField != nil else { return }
        let policy = session.policy
        editActiveForm { form in
            guard let id = form.focused?.id else { return }
            form.set(id, "", policy: policy)
        }
    }

    /// After an action: editing needs a focused field; a prompt that appears (a new form, or the
    /// same prompt asked again after an answer) is edited at once where the screen says so.
    mutating func settleEditing(since before: FormOnScreen, after action: Action) {
        guard let focused = focusedField else {
            editing = false
            return
        }
        let now = FormOnScreen(self, focusedField: focused)
        guard route.scope.editsAtOnce(self) else {
            // A screen of settings (or the log's filter) waits for `i`: editing does not follow a
            // jump to it from a prompt.
            if now != before { editing = false }
            return
        }
        if now != before || action.isAnswer { editing = true }
    }
}

/// Which form is on screen, to tell when a new one appears.
struct FormOnScreen: Equatable {
    let route: Route
    let fields: [FieldID]

    init(_ state: borrowing AppState) { self.init(state, focusedField: state.focusedField) }

    /// `focusedField`: the state's, read already. Borrowed: an initializer's argument is otherwise
    /// a copy of the whole state.
    init(_ state: borrowing AppState, focusedField: FormField?) {
        route = state.route
        fields = focusedField == nil ? [] : (state.activeForm?.fields.map(\.id) ?? [])
    }
}

extension Action {
    /// An answer of the backend (not a key): a prompt on screen after it is asked anew.
    var isAnswer: Bool {
        switch self {
        case .response, .controlAnswer, .connected: true
        case .moveSelection, .focusNext, .focusPrevious, .typed, .pasted, .backspace, .submit, .cancel, .choose, .feature, .event, .timerFired, .fileSaved, .screenshotSaved, .recordingStopped, .exported, .reported:
            false
        }
    }
}
