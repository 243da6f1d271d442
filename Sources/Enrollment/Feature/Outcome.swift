import PIMS

/// What a feature's `reduce` asks of the app, in order. The app turns these into effects and state
/// it owns (the call in flight, the log, the notice, the route), and hands delegates to the parent's
/// handler: a feature never reaches into another.
public enum Outcome<Delegate: Hashable & Sendable>: Hashable, Sendable {
    /// A PIMS call: sent now or staged (step pacing), logged, awaited; its answer comes back to the
    /// feature its purpose names.
    case call(CallPurpose, PIMSRequest)
    /// A simulator control; its answer comes back with its purpose.
    case control(ControlPurpose, SimControl)
    /// Read the live account again (the panels and the vehicle lists).
    case refreshAccount
    /// Read the simulated phone's inbox for this number (after an SMS was sent to it).
    case refreshInbox(String?)
    /// Show this notice (nil clears it).
    case notice(Notice?)
    /// Send again the call that failed at transport level or was abandoned.
    case retry
    /// Leave the screen (home, or the session screen before login).
    case back
    /// Something the parent decides about.
    case delegate(Delegate)
}
