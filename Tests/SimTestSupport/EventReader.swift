import Foundation
import SimKernel
import Synchronization

/// Reads a session's events with a generous limit per event (a busy machine is slow, never wrong).
/// The stream is drained in the background into a buffer that `next` takes from.
public final class EventReader: Sendable {
    private final class Buffer: Sendable {
        let state = Mutex<(events: [SimEvent], ended: Bool)>(([], false))
    }
    private let buffer = Buffer()
    private let pump: Task<Void, Never>

    public init<Events: AsyncSequence & Sendable>(_ stream: Events) where Events.Element == SimEvent, Events.Failure == Never {
        let buffer = self.buffer
        pump = Task {
            for await event in stream { buffer.state.withLock { $0.events.append(event) } }
            buffer.state.withLock { $0.ended = true }
        }
    }

    deinit { pump.cancel() }

    public struct Timeout: Error, CustomStringConvertible {
        public let description: String
    }

    /// The next event, whatever its kind. The limit is counted in this reader's own polls (10 ms
    /// each), not on the wall clock: when the whole test run starves the thread pool (other tests
    /// blocking it on child processes), the pump that fills the buffer starves too, and a wall-clock
    /// deadline would expire with the event on its way.
    public func next(within seconds: Int = 60) async throws -> SimEvent {
        for _ in 0..<(seconds * 100) {
            let (event, ended): (SimEvent?, Bool) = buffer.state.withLock { b in
                b.events.isEmpty ? (nil, b.ended) : (b.events.removeFirst(), false)
            }
            if let event { return event }
            if ended { throw Timeout(description: "the event stream ended") }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw Timeout(description: "no event within \(seconds * 100) polls of 10 ms")
    }

    /// The next event of `kind`, skipping others.
    public func next(of kind: SimEvent.Kind) async throws -> SimEvent {
        while true {
            let event = try await next()
            if event.kind == kind { return event }
        }
    }

    /// The events before the next one of `kind` (which is taken too).
    public func upTo(_ kind: SimEvent.Kind) async throws -> [SimEvent] {
        var before: [SimEvent] = []
        while true {
            let event = try await next()
            if event.kind == kind { return before }
            before.append(event)
        }
    }

    /// Over HTTP the stream connects in the background: a broadcast event proves it is connected,
    /// so that nothing the test does next is missed.
    public func waitUntilLive(_ backend: any SimBackend) async throws {
        let probe = Task {
            while !Task.isCancelled {
                _ = await backend.control(.clearFaults)
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        do {
            _ = try await next(of: .faultsChanged)
        } catch {
            probe.cancel()
            throw error
        }
        probe.cancel()
        await probe.value
        // Drain the probe's other events so that the test starts from a quiet stream.
        let marker = await backend.control(.fault(FaultRule(name: "pims.marker.live", latencyMs: 1)))
        guard marker.ok else { throw Timeout(description: "the marker fault was refused: \(marker.error ?? "")") }
        while try await next(of: .faultsChanged).data["count"] != 1 {}
        _ = await backend.control(.clearFaults)
        while try await next(of: .faultsChanged).data["count"] != 0 {}
    }
}
