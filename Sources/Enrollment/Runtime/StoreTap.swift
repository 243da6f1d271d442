import SimKernel
import Walk

/// What passes through the store to and from the backend, told as it happens: a walk is recorded
/// from this (every call with its answer and step, every control, every event).
public enum StoreTap: Sendable {
    case call(CallRequest, session: String, step: String, response: CallResponse, durationMs: Int)
    case control(SimControl, answer: SimAnswer)
    case event(SimEvent)
    /// What the user marked as what must be seen here (F7).
    case expect(WalkExpectation)
}
