import Foundation
import SimClient
import SimKernel
import Synchronization
import Testing

/// `RemoteBackend.events` reconnects a dropped stream with a back-off that doubles while the server
/// refuses, and starts over from the first delay once a stream worked (issue 43): a client that
/// catches up, drops and reconnects is never left waiting the longest delay.
@Suite struct EventBackoffTests {
    @Test func theBackoffDoublesWhileRefusedAndStartsOverAfterAStreamThatWorked() async throws {
        let accepted = Atomic<Int>(0)
        let event = SimEvent(id: 7, kind: .faultsChanged, data: ["count": 0], at: SimTime(seconds: 0))
        let message = "id: 7\nevent: faults\ndata: \(JSONText.encode(event.json))\n\n"
        let server = try ScriptedHTTPServer { connection in
            guard connection.readRequest() != nil else { return }
            switch accepted.add(1, ordering: .relaxed).newValue {
            case 1, 2, 3, 5:
                connection.write("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            case 4:
                // A stream that works: one event, then the server drops it.
                connection.write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\nretry: 1000\n\n" + message)
            default:
                connection.waitForClose()
            }
        }
        defer { server.stop() }
        let delays = Mutex<[Duration]>([])
        let backoff = RemoteBackend.Backoff(first: .milliseconds(10), last: .seconds(10)) { delay in delays.withLock { $0.append(delay) } }
        let backend = try RemoteBackend(url: "http://127.0.0.1:\(server.port)", adminToken: "admin-token-0123456789", eventBackoff: backoff)
        let reader = EventReaderLite(backend.events(session: "default"))
        #expect(try await reader.first() == 7)
        try await ScriptedHTTPServer.wait("the sixth connection") { accepted.load(ordering: .relaxed) >= 6 }
        // Three refusals (10, 20, 40 ms), the stream that worked and dropped (10 again), a refusal (20).
        #expect(delays.withLock { $0 } == [.milliseconds(10), .milliseconds(20), .milliseconds(40), .milliseconds(10), .milliseconds(20)])
    }
}

/// The first event id of a stream, read in the background.
private final class EventReaderLite: Sendable {
    private final class Box: Sendable { let first = Mutex<Int?>(nil) }
    private let box = Box()
    private let task: Task<Void, Never>

    init(_ stream: AsyncStream<SimEvent>) {
        let box = box
        task = Task {
            for await event in stream {
                box.first.withLock { $0 = $0 ?? event.id }
            }
        }
    }

    deinit { task.cancel() }

    func first() async throws -> Int? {
        try await ScriptedHTTPServer.wait("an event") { box.first.withLock { $0 } != nil }
        return box.first.withLock { $0 }
    }
}
