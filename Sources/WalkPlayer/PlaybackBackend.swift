import Enrollment
import Foundation
import SimKernel
import Walk
import Synchronization

/// A backend that answers from a walk: each call and control gets the recorded answer of the first
/// equal one not yet used, so the front shows what the user saw whatever the world would say now.
/// A request the walk never made is answered with a failure that says so (the replay has diverged).
public actor PlaybackBackend: SimBackend {
    private var calls: [WalkCall]
    private var controls: [(SimControl, SimAnswer)]
    private let clock: PlaybackClock

    public init(_ walk: Walk, clock: PlaybackClock) {
        calls = walk.calls
        controls = walk.entries.compactMap { if case .control(let c, let a) = $0.what { return (c, a) }; return nil }
        self.clock = clock
    }

    public func send(_ request: CallRequest, session: String) async -> CallResponse {
        guard let i = calls.firstIndex(where: { $0.request == request && $0.session == session }) else {
            // Not any system's answer: the replay left the walk's path, whichever system it plays.
            return .failure("replay", CallError(code: .text("REPLAY_DIVERGED"), label: "The walk never made this call",
                                                detail: WalkCheck.describe(request)))
        }
        let call = calls.remove(at: i)
        clock.advance(call.ms)
        return call.response
    }

    public func control(_ control: SimControl) async -> SimAnswer {
        guard let i = controls.firstIndex(where: { $0.0 == control }) else {
            return .failure("the walk never sent this control: \(control)")
        }
        return controls.remove(at: i).1
    }

    /// Events are delivered by the player at their place in the walk, not by a subscription.
    public nonisolated func events(session: String) -> AsyncStream<SimEvent> { AsyncStream { $0.finish() } }
}

/// The store's clock during playback: it moves by each call's recorded duration, so the API log
/// shows the durations the user saw; timers never fire (a replay has no timeouts).
public final class PlaybackClock: RuntimeClock, Sendable {
    private let ms = Mutex(0)
    public init() {}
    public func nowMs() -> Int { ms.withLock { $0 } }
    func advance(_ by: Int) { ms.withLock { $0 += by } }
    public func sleep(ms: Int) async throws {
        // Never fires: cancelled when the store cancels the timer, or at the end of the replay.
        while true { try await Task.sleep(for: .seconds(3600)) }
    }
}
