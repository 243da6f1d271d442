import Foundation
import SimKernel
import SimWorld
import Synchronization

/// The in-process world as the explorer drives it: calls and controls pass straight through, but
/// events are not pushed to the front by a subscription on their own time; the explorer reads them
/// after each key (`pendingEvents`) and hands them over itself, so every run of a sequence of keys
/// sees the same events at the same place (a walk's replay does the same).
public final class ExploreBackend: SimBackend, Sendable {
    public let inner: InProcessBackend
    private let subscribed = Mutex<String?>(nil)

    public init(world: World) {
        inner = InProcessBackend(world: world, honoursLatency: false)
    }

    public func send(_ request: CallRequest, session: String) async -> CallResponse {
        await inner.send(request, session: session)
    }

    public func control(_ control: SimControl) async -> SimAnswer {
        await inner.control(control)
    }

    /// The session the front listens to; its events come from `pendingEvents`.
    public func events(session: String) -> AsyncStream<SimEvent> {
        subscribed.withLock { $0 = session }
        return AsyncStream { $0.finish() }
    }

    /// The events of the session the front listens to since the last read (none while it listens to none).
    public func pendingEvents() async -> [SimEvent] {
        guard let session = subscribed.withLock({ $0 }) else { return [] }
        let answer = await inner.control(SimControl("events", ["session": .string(session)]))
        guard let list = answer["events"]?.arrayValue else { return [] }
        return list.compactMap(SimEvent.init(json:))
    }
}
