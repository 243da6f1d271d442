import Foundation
import SimKernel

extension RemoteBackend {
    /// How long to wait before reconnecting a dropped event stream: doubling from the first delay to
    /// the last, so that a server restart is caught quickly and a server that is gone costs little.
    public struct Backoff: Sendable {
        public var first: Duration
        public var last: Duration
        /// How a delay is waited out (a test records the delays instead of the time).
        public var wait: @Sendable (Duration) async -> Void

        public init(first: Duration = .milliseconds(100), last: Duration = .seconds(5),
                    wait: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }) {
            self.first = first
            self.last = last
            self.wait = wait
        }
    }

    /// The session's events over `GET /v1/events`, kept open: a dropped connection is reopened with
    /// backoff and resumes after the last event seen (`Last-Event-ID`), so each event arrives once.
    public func events(session: String) -> AsyncStream<SimEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: SimEvent.self, bufferingPolicy: .unbounded)
        let task = Task { [self] in
            await follow(session, continuation)
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func follow(_ session: String, _ continuation: AsyncStream<SimEvent>.Continuation) async {
        var lastID: Int?
        var delay = backoff.first
        while !Task.isCancelled {
            do {
                let bearer: String
                var path = "/v1/events"
                if let adminToken {
                    bearer = adminToken
                    path += "?session=" + (session.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? session)
                } else {
                    bearer = try await self.bearer(for: session)
                }
                var headers = [("Authorization", "Bearer \(bearer)"), ("Accept", "text/event-stream")]
                if let lastID { headers.append(("Last-Event-ID", String(lastID))) }
                var parts = http.stream(url(path), headers: headers).makeAsyncIterator()
                let head = try await parts.next()
                if case .head(401, _)? = head { forgetToken(session) }
                if case .head(200, _)? = head {
                    var parser = ServerSentEventParser()
                    while case .bytes(let bytes)? = try await parts.next() {
                        delay = backoff.first  // connected and reading: the next drop starts over
                        for event in parser.feed(bytes) {
                            if let id = lastID, event.id <= id { continue }  // never twice
                            lastID = event.id
                            continuation.yield(event)
                        }
                    }
                }
            } catch {
                // Dropped or refused: try again after the backoff.
            }
            if Task.isCancelled { break }
            await backoff.wait(delay)
            delay = min(delay * 2, backoff.last)
        }
    }
}

/// Reads a `text/event-stream` as it arrives: messages end at a blank line; `data:` lines carry the
/// event as JSON (`id` and `event` repeat what the JSON says); comments (`: heartbeat`) are skipped.
/// Bytes are kept until their line is whole, so a character split between two reads arrives intact.
struct ServerSentEventParser {
    private var pending: [UInt8] = []
    private var data: [String] = []

    mutating func feed(_ text: String) -> [SimEvent] { feed(Data(text.utf8)) }

    mutating func feed(_ bytes: Data) -> [SimEvent] {
        pending += bytes
        var events: [SimEvent] = []
        var start = 0
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = String(decoding: pending[start..<newline], as: UTF8.self)
            start = newline + 1
            if line.hasSuffix("\r") { line.removeLast() }
            if line.isEmpty {
                if !data.isEmpty, let json = try? JSONText.parse(data.joined(separator: "\n")), let event = SimEvent(json: json) {
                    events.append(event)
                }
                data = []
            } else if line.hasPrefix("data:") {
                data.append(String(line.dropFirst(5).drop { $0 == " " }))
            }
        }
        pending.removeFirst(start)
        return events
    }
}
