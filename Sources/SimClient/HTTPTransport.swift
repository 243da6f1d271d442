import Foundation
import Synchronization

/// HTTP/1.1 for the client, on libcurl's C API (`CurlEngine`), loaded when the first request is
/// made: `https://` URLs are checked against the system's trusted certificates, and the
/// `https_proxy`, `http_proxy` and `no_proxy` variables work as they do for curl; the terminal app
/// that runs the simulator in process never loads it.
public final class HTTPTransport: Sendable {
    /// One answer, its body read whole.
    public struct Answer: Sendable {
        public let status: Int
        public let headers: [(name: String, value: String)]
        public let body: Data
        public var text: String { String(decoding: body, as: UTF8.self) }
        public func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
    }

    /// The request took longer than its timeout (the SDK's 2201, not a refusal's 2202).
    public struct TimedOut: Error, CustomStringConvertible {
        public let timeout: Duration
        public var description: String { "timed out after \(timeout)" }
    }

    /// libcurl is missing (or too old): what to install.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    private let connections: Int
    /// This transport's own share of connections (see `CurlEngine`).
    private let id: Int
    private static let made = Atomic<Int>(0)

    /// - Parameter connections: at most this many connections to one server at a time (event
    ///   streams aside: each has its own).
    public init(connections: Int = 16) {
        _ = Self.loopbackBypassesProxy
        self.connections = max(1, connections)
        id = Self.made.add(1, ordering: .relaxed).newValue
        CurlEngine.kept.add(self.connections, ordering: .relaxed)
    }

    deinit { CurlEngine.kept.subtract(connections, ordering: .relaxed) }

    /// curl sends even loopback requests to `http_proxy` unless `no_proxy` names them, and a proxy
    /// cannot reach a server on this machine: loopback is added to `no_proxy`, once, when the first
    /// transport is made (at startup, before requests run on other threads).
    private static let loopbackBypassesProxy: Void = {
        let environment = ProcessInfo.processInfo.environment
        let names = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let missing = ["localhost", "127.0.0.0/8", "::1"].filter { !names.contains($0) }
        guard !names.contains("*"), !missing.isEmpty else { return }
        setenv("no_proxy", (names + missing).joined(separator: ","), 1)
    }()

    /// The transport the process shares.
    public static let shared = HTTPTransport()

    /// Sends one request and reads its whole answer. `timeout` bounds the whole exchange, waiting for
    /// a connection included; a server that is not listening fails at once (connection refused).
    public func send(_ method: String, _ url: URL, headers: [(String, String)] = [], body: Data? = nil,
                     timeout: Duration) async throws -> Answer {
        let engine = try Self.engine(for: url)
        try Task.checkCancellation()
        let request = CurlTransfer.Request(method: method, url: url, headers: headers, body: body)
        let pool = "\(id) \(url.scheme ?? "") \(url.host ?? "") \(url.port ?? -1)"
        let transfer = CurlTransfer(request, pool: pool, connections: connections, timeout: timeout)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.deliver(to: .whole(continuation))
                engine.submit(.start(transfer))
            }
        } onCancel: {
            // Runs at once, before the transfer starts, when the task was already cancelled: the
            // engine then sees the flag when it starts it.
            transfer.cancelled.store(true, ordering: .releasing)
            engine.submit(.cancel(transfer))
        }
    }

    /// Opens a request whose answer keeps coming (an event stream): its status and headers first, then the
    /// body's bytes as they arrive. Ending the iteration (or cancelling its task) closes the connection.
    public func stream(_ url: URL, headers: [(String, String)] = []) -> AsyncThrowingStream<StreamPart, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: StreamPart.self)
        let engine: CurlEngine
        do {
            engine = try Self.engine(for: url)
        } catch {
            continuation.finish(throwing: error)
            return stream
        }
        // No timeout: the server's heartbeats keep the stream open, and a drop ends it anyway.
        let transfer = CurlTransfer(CurlTransfer.Request(method: "GET", url: url, headers: headers, body: nil),
                                    pool: nil, connections: 1, timeout: nil)
        transfer.deliver(to: .stream(continuation))
        continuation.onTermination = { _ in
            transfer.cancelled.store(true, ordering: .releasing)
            engine.submit(.cancel(transfer))
        }
        engine.submit(.start(transfer))
        return stream
    }

    public enum StreamPart: Sendable {
        case head(status: Int, headers: [(name: String, value: String)])
        case bytes(Data)
    }

    /// The engine (libcurl loaded, its thread started), for an `http` or `https` URL.
    private static func engine(for url: URL) throws -> CurlEngine {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw Failure.unsupported(url)
        }
        return try CurlEngine.shared.get()
    }
}
