import PIMS

/// Everything that can happen to the app: the user's intents (key-level, mapped by the screens'
/// keymap) and the answers of the effects.
public enum Action: Hashable, Sendable {
    // Intents.
    case moveSelection(Int)
    case focusNext
    case focusPrevious
    case typed(Character)
    /// A paste (bracketed by the terminal), into the focused field in one step: see `FieldPaste`.
    case pasted(String)
    case backspace
    /// Enter: send the staged call, confirm, submit the form or open the selected item.
    case submit
    /// Esc: stop waiting, unstage, decline, close help, or go back.
    case cancel
    case choose(Command)

    // Answers.
    /// A backend was opened (error nil) or not; `defaults` are the scenario's default session, when known.
    case connected(error: String?, defaults: ScenarioDefaults? = nil)
    case response(RequestID, PIMSResponse, durationMs: Int)
    case controlAnswer(RequestID, SimAnswer)
    case timerFired(TimerID)
    case fileSaved(path: String, error: String?)
}
