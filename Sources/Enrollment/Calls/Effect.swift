import SimKernel
import Walk

/// Identifies one backend call or control, so that its answer is matched to its log entry (and a
/// late answer after Esc is recognised as late).
public struct RequestID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public static func < (a: RequestID, b: RequestID) -> Bool { a.value < b.value }
    public var description: String { "#\(value)" }
}

/// Timers are values too: the runtime starts them on an injected clock and answers `.timerFired`.
public enum TimerID: Hashable, Sendable {
    /// The client gives up waiting for a call after `Timing.callTimeoutMs` (shown as 2201).
    case callTimeout(RequestID)
}

/// What the reducer asks the world to do. The runtime (`Store`) runs them and feeds their results back
/// as actions; the reducer never performs them itself.
public enum Effect: Equatable, Sendable {
    /// Open a backend (a scenario in-process, or a remote server); answered by `.connected`.
    case connect(BackendChoice)
    /// One PIMS call on a named session; answered by `.response`, which brings the purpose back.
    case send(RequestID, CallRequest, session: String, purpose: CallPurpose)
    /// One simulator control; answered by `.controlAnswer`, which brings the purpose back.
    case control(RequestID, SimControl, purpose: ControlPurpose)
    /// Follow what happens to a session: a long-lived effect, beside the call in flight, whose
    /// events arrive as `.event`. It replaces any subscription running.
    case subscribe(session: String)
    /// Stop following (the backend is being replaced).
    case unsubscribe
    /// Answered by `.timerFired` after `milliseconds` on the runtime's clock, unless cancelled.
    case startTimer(TimerID, milliseconds: Int)
    case cancelTimer(TimerID)
    /// Write a file (scenario save-as); answered by `.fileSaved`.
    case saveFile(path: String, contents: String)
    /// Put text on the terminal's clipboard (OSC 52, written by the terminal layer); not answered.
    case copyToClipboard(String)
    /// Write the session so far in this form; answered by `.exported`.
    case exportSession(SessionExport)
    /// Record screen expectations in the walk (what the user marked as what must be seen); not answered.
    case markExpected([WalkExpectation])
    /// Write a bug-report bundle of the session so far; answered by `.reported`.
    case bugReport
}

/// Client-side timing decisions.
public enum Timing {
    /// How long the client waits for an answer before treating the call as timed out (2201). The
    /// documents are silent; 30 s is what a mobile app typically waits.
    public static let callTimeoutMs = 30_000
}
