import SimKernel

/// What a feature's `reduce` asks of the app, in order. The app turns these into effects and state
/// it owns (the call in flight, the log, the notice, the route), and hands delegates to the parent's
/// handler: a feature never reaches into another.
public enum Outcome<Delegate: Hashable & Sendable>: Hashable, Sendable {
    /// A call of the system: sent now or staged (step pacing), logged, awaited; its answer comes back to the
    /// feature its purpose names.
    case call(CallPurpose, CallRequest)
    /// A simulator control; its answer comes back with its purpose.
    case control(ControlPurpose, SimControl)
    /// Something of the system front's own, done by the front (`SystemFront.perform`): PIMS reads
    /// its account or its phone's inbox again (`Outcome.refreshAccount`).
    case front(FrontValue)
    /// Show this notice (nil clears it).
    case notice(Notice?)
    /// Send again the call that failed at transport level or was abandoned.
    case retry
    /// Leave the screen (home, or the session screen before login).
    case back
    /// Something the parent decides about.
    case delegate(Delegate)
}
