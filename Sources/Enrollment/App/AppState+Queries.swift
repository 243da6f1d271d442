import SimKernel

/// What the screens (and the keys) ask of the state.
extension AppState {
    /// True while a call is in flight: the screens show a busy marker.
    public var isBusy: Bool { inFlight != nil }

    /// The form that typed keys go to on this screen, if any.
    public var activeForm: Form? { route.scope.form(self) }

    /// The focused field (typing goes to it while `editing`).
    public var focusedField: FormField? {
        // The form first: most screens have none, and the question asks the screen's feature
        // with the shared state built (`Shared`).
        guard staged == nil, !confirmingQuit, let focused = activeForm?.focused else { return nil }
        return isAwaitingConfirmation ? nil : focused
    }

    /// The focused field, when whether the screen asks a question is known already.
    func focusedField(confirming: Bool) -> FormField? {
        guard staged == nil, !confirmingQuit, !confirming else { return nil }
        return activeForm?.focused
    }

    /// The field printable keys type into: the focused field while it is being edited.
    public var editingField: FormField? { editing ? focusedField : nil }

    /// How the screen draws the form's focused field: not at all, selected, or with the caret.
    public var fieldFocus: FieldFocus { focusedField == nil ? .none : editing ? .editing : .selected }

    /// The yes/no question on screen, if any (Enter confirms, Esc declines).
    public var confirmation: Confirmation? { route.scope.confirmation(self) }
    public var isAwaitingConfirmation: Bool { confirmation != nil }

    /// A flow is under way: quitting asks first.
    public var isFlowUnderway: Bool {
        inFlight != nil || Features.all.contains { $0.route != nil && $0.isUnderway(self) }
    }

    /// Step pacing: the call just sent, answered, shown beside the next one before it goes.
    public var lastAnswered: APILog.Entry? {
        guard staged != nil else { return nil }
        return log.entries.last { $0.response != nil }
    }

    /// The staged call's request as pretty JSON, for the step-pacing panel.
    public var stagedRequestText: String? { staged.map { JSONText.pretty($0.request.json) } }

    /// The staged call, in words, for the step-pacing banner: "Enrollment · step 5: get pims.authentication.smscode enrollment".
    public var stagedDescription: String? {
        guard let s = staged else { return nil }
        let sub = s.request.subAPI.map { " \($0)" } ?? ""
        return "\(s.purpose.stepLabel): \(s.request.type.rawValue) \(s.request.name)\(sub)"
    }
}

/// The focused field as drawn: selected (letters are commands; `i` edits it) or being edited.
public enum FieldFocus: Hashable, Sendable {
    case none, selected, editing
}
