import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP/1.1 for the client, on Foundation's URLSession (libcurl on Linux): it ships with the
/// toolchain, so the client builds no TLS or HTTP/2 stack of its own, yet `https://` URLs and the
/// `https_proxy`, `http_proxy` and `no_proxy` variables work as they do for curl.
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

    private let session: URLSession

    /// - Parameter connections: at most this many connections to one server at a time.
    public init(connections: Int = 16) {
        _ = Self.loopbackBypassesProxy
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = connections
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration)
    }

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

    // A URLSession keeps its delegate and curl handles until it is invalidated.
    deinit { session.finishTasksAndInvalidate() }

    /// The transport the process shares (never invalidated).
    public static let shared = HTTPTransport()

    /// Sends one request and reads its whole answer. `timeout` bounds the whole exchange; a server
    /// that is not listening fails at once (connection refused).
    public func send(_ method: String, _ url: URL, headers: [(String, String)] = [], body: Data? = nil,
                     timeout: Duration) async throws -> Answer {
        // curl's own timer counts whole seconds of idleness (a 300 ms limit would never fire): the
        // limit is kept here, and curl's is only a backstop behind it.
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout.seconds.rounded(.up) + 1)
        request.httpMethod = method
        for (name, value) in headers { request.addValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let exchange = Exchange()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    exchange.finish(Result {
                        if let error { throw error }
                        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
                        return Answer(status: http.statusCode, headers: Self.headers(of: http), body: data ?? Data())
                    })
                }
                exchange.start(task, continuation, timeout: timeout)
            }
        } onCancel: {
            exchange.stop(CancellationError())
        }
    }

    /// Opens a request whose answer keeps coming (an event stream): its status and headers first, then the
    /// body's bytes as they arrive. Ending the iteration (or cancelling its task) closes the connection.
    public func stream(_ url: URL, headers: [(String, String)] = []) -> AsyncThrowingStream<StreamPart, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: StreamPart.self)
        // A week of idleness at most: the server's heartbeats keep the stream open, and a drop ends it anyway.
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 7 * 24 * 3600)
        for (name, value) in headers { request.addValue(value, forHTTPHeaderField: name) }
        // A session of its own: its delegate hands this one request's bytes over as they arrive.
        let reader = StreamReader(continuation)
        let streaming = URLSession(configuration: session.configuration, delegate: reader, delegateQueue: nil)
        let task = streaming.dataTask(with: request)
        // Called inside the consumer's cancellation handler when its task is cancelled: both calls
        // wait on the session's queue, so they run on a dispatch thread (see `Exchange`).
        continuation.onTermination = { _ in
            DispatchQueue.global().async {
                task.cancel()
                streaming.invalidateAndCancel()
            }
        }
        task.resume()
        return stream
    }

    public enum StreamPart: Sendable {
        case head(status: Int, headers: [(name: String, value: String)])
        case bytes(Data)
    }

    fileprivate static func headers(of response: HTTPURLResponse) -> [(name: String, value: String)] {
        response.allHeaderFields.compactMap { key, value in
            guard let name = key as? String, let value = value as? String else { return nil }
            return (name, value)
        }
    }
}

/// One request's answer, given once: by its data task, by the timer, or by the caller's cancellation,
/// whichever comes first; the timer and the caller then cancel the data task, from a dispatch thread. The
/// toolchain's `URLSessionTask.cancel()` waits on the session's queue, and waiting there inside a Swift
/// cancellation handler can deadlock every URLSession of the process (swift-corelibs-foundation #5412,
/// fixed after Swift 6.3.1), a risk `URLSession.data(for:)` ran each time a timeout cancelled it.
private final class Exchange: Sendable {
    private enum Phase {
        case waiting
        case running(CheckedContinuation<HTTPTransport.Answer, any Error>, URLSessionDataTask)
        /// Answered; or cancelled before it started, with the error `start` then gives.
        case done((any Error)?)
    }
    private let phase = Mutex(Phase.waiting)

    func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<HTTPTransport.Answer, any Error>, timeout: Duration) {
        let cancelledBefore: (any Error)? = phase.withLock { phase in
            guard case .done(let error) = phase else {
                phase = .running(continuation, task)
                return nil
            }
            return error ?? CancellationError()
        }
        if let cancelledBefore {
            continuation.resume(throwing: cancelledBefore)
            DispatchQueue.global().async { task.cancel() }  // made, never resumed: the session forgets it
            return
        }
        task.resume()
        // Once answered, the timer finds the exchange done and does nothing.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds) { [self] in
            stop(HTTPTransport.TimedOut(timeout: timeout))
        }
    }

    /// The timer's or the caller's end: the answer is this error, and the data task is cancelled.
    func stop(_ error: any Error) {
        guard let task = finish(.failure(error)) else { return }
        DispatchQueue.global().async { task.cancel() }
    }

    /// Gives the answer if none was given yet, and returns the data task it ended.
    @discardableResult
    func finish(_ result: Result<HTTPTransport.Answer, any Error>) -> URLSessionDataTask? {
        let running: (CheckedContinuation<HTTPTransport.Answer, any Error>, URLSessionDataTask)? = phase.withLock { phase in
            switch phase {
            case .waiting:
                if case .failure(let error) = result { phase = .done(error) }
                return nil
            case .running(let continuation, let task):
                phase = .done(nil)
                return (continuation, task)
            case .done:
                return nil
            }
        }
        guard let (continuation, task) = running else { return nil }
        continuation.resume(with: result)
        return task
    }
}

/// The delegate of one streaming request: status, then bytes, then the end (or the failure).
private final class StreamReader: NSObject, URLSessionDataDelegate, Sendable {
    private let continuation: AsyncThrowingStream<HTTPTransport.StreamPart, any Error>.Continuation

    init(_ continuation: AsyncThrowingStream<HTTPTransport.StreamPart, any Error>.Continuation) {
        self.continuation = continuation
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        continuation.yield(.head(status: http?.statusCode ?? 0, headers: http.map(HTTPTransport.headers(of:)) ?? []))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.bytes(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        continuation.finish(throwing: error)
        session.finishTasksAndInvalidate()
    }
}

extension Duration {
    /// In seconds, as Foundation's intervals count.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
