import SimKernel

/// Everything that can happen to the app: the keys every screen shares (mapped by the screens'
/// keymap), the app's own commands, each feature's own actions, and the answers of the effects.
public enum Action: Hashable, Sendable {
    // Keys every screen shares: the app has its say, then the screen's feature.
    case moveSelection(Int)
    case focusNext
    case focusPrevious
    case typed(Character)
    /// A paste (bracketed by the terminal), into the focused field in one step: see `FieldPaste`.
    case pasted(String)
    case backspace
    /// Enter: send the staged call, confirm, or the screen's own Enter.
    case submit
    /// Esc: stop waiting, unstage, decline, close help, or the screen's own Esc.
    case cancel
    case choose(Command)

    /// A feature's own action, addressed to its feature (`Features.all` routes it). Each feature
    /// names its embedding beside itself: `.guided(.submit)`.
    case feature(FeatureMessage)

    // Answers.
    /// A backend was opened (error nil) or not; `defaults` are the scenario's default session, when known.
    case connected(error: String?, defaults: ScenarioDefaults? = nil)
    /// A call's answer, with the purpose its effect carried.
    case response(RequestID, CallResponse, durationMs: Int, purpose: CallPurpose)
    /// A control's answer, with the purpose its effect carried.
    case controlAnswer(RequestID, SimAnswer, purpose: ControlPurpose)
    /// Something happened to the session (the subscription).
    case event(SimEvent)
    case timerFired(TimerID)
    case fileSaved(path: String, error: String?)
    /// The terminal saved the screen (F12): where, or why not.
    case screenshotSaved(paths: [String], error: String?)
    /// The walk being recorded (`--record`) could not be written further (a full disk).
    case recordingStopped(reason: String)
    /// The session was exported: where, or why not.
    case exported(SessionExport, path: String?, error: String?)
    /// A bug-report bundle was written: where, or why not.
    case reported(path: String?, error: String?)
}
