/// The app's own commands: what every screen offers, whatever its feature.
public enum Command: Hashable, Sendable {
    case open(Route)
    case back
    case toggleHelp
    case quit
    case dismissNotice
    /// Step pacing: send the call shown.
    case sendStaged
    /// After a transport error or Esc: the same call again.
    case retry
    case toggleSendAsTyped
    case togglePacing
    /// Show or hide the focused PIN.
    case toggleMask
    /// Type the newest SMS code of the simulated phone into the prompt's code field.
    case autofillCode
    /// Start editing the focused field (`i`, a click); Esc or Enter ends it.
    case edit
    /// Empty the field being edited (^U, as readline).
    case clearField
    /// After 2317 anywhere: account management's step A (remove all enrollments), which asks first.
    case stepA

    /// Commands that neither start nor change a flow, so they are taken while a call is in flight.
    var isAllowedWhileBusy: Bool {
        switch self {
        case .toggleHelp, .quit, .dismissNotice, .toggleMask, .toggleSendAsTyped, .togglePacing, .autofillCode, .edit, .clearField: true
        case .open, .back, .sendStaged, .retry, .stepA: false
        }
    }
}
