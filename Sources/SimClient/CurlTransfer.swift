import CCurl
import Foundation
import Synchronization

/// One request on a curl easy handle: what to send, the head and body as curl hands them over, and
/// the one answer it gives (a whole answer to a continuation, or the parts of an event stream). Only
/// the engine thread touches it, except `cancelled`.
// Unchecked: its mutable state is the engine thread's alone; `cancelled`, the one part others touch, is an Atomic.
final class CurlTransfer: @unchecked Sendable {
    enum Delivery {
        case whole(CheckedContinuation<HTTPTransport.Answer, any Error>)
        case stream(AsyncThrowingStream<HTTPTransport.StreamPart, any Error>.Continuation)
    }

    struct Request {
        let method: String
        let url: URL
        let headers: [(String, String)]
        let body: Data?
    }

    let request: Request
    /// The transport and server whose connections it counts against; nil for an event stream.
    let pool: String?
    let connections: Int
    let timeout: Duration
    let deadline: ContinuousClock.Instant?
    /// Set by the caller's cancellation, read when the engine starts it (it may come first).
    let cancelled = Atomic<Bool>(false)
    private var delivery: Delivery?

    private(set) var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    private var status = 0
    private var headers: [(name: String, value: String)] = []
    private var body = Data()
    private var headGiven = false

    init(_ request: Request, pool: String?, connections: Int, timeout: Duration?) {
        self.request = request
        self.pool = pool
        self.connections = connections
        self.timeout = timeout ?? .zero
        deadline = timeout.map { ContinuousClock.now + $0 }
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        close()
        errorBuffer.deallocate()
    }

    /// The easy handle, set up: curl copies every string it is given.
    func open() throws -> UnsafeMutableRawPointer {
        guard let easy = ccurl_easy_init() else { throw HTTPTransport.Unavailable(description: "libcurl could not make a request handle") }
        self.easy = easy
        let context = Unmanaged.passUnretained(self).toOpaque()
        var failed = ccurl_easy_setopt_pointer(easy, CURLOPT_URL, request.url.absoluteString) != CURLE_OK
        // Several threads, and no signals: curl's threaded resolver needs no SIGALRM.
        failed = failed || ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1) != CURLE_OK
        failed = failed || ccurl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1)) != CURLE_OK
        // A proxy's own "200 Connection established" is not the server's head.
        failed = failed || ccurl_easy_setopt_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1) != CURLE_OK
        failed = failed || ccurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer) != CURLE_OK
        failed = failed || ccurl_easy_setopt_callback(easy, CURLOPT_WRITEFUNCTION, onBody) != CURLE_OK
        failed = failed || ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context) != CURLE_OK
        failed = failed || ccurl_easy_setopt_callback(easy, CURLOPT_HEADERFUNCTION, onHeaderLine) != CURLE_OK
        failed = failed || ccurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context) != CURLE_OK
        // "Expect:" unset: a body goes at once, not after a 100 Continue that a server may never send.
        for line in request.headers.map({ "\($0.0): \($0.1)" }) + ["Expect:"] {
            headerList = ccurl_slist_append(headerList, line)
        }
        failed = failed || ccurl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList) != CURLE_OK
        if let body = request.body {
            failed = failed || ccurl_easy_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)) != CURLE_OK
            let bytes = [UInt8](body) + [0]  // never empty, so never a null pointer
            failed = failed || ccurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, bytes) != CURLE_OK
            if request.method != "POST" { failed = failed || ccurl_easy_setopt_pointer(easy, CURLOPT_CUSTOMREQUEST, request.method) != CURLE_OK }
        } else if request.method == "HEAD" {
            failed = failed || ccurl_easy_setopt_long(easy, CURLOPT_NOBODY, 1) != CURLE_OK
        } else if request.method == "POST" {
            failed = failed || ccurl_easy_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, 0) != CURLE_OK
            failed = failed || ccurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, "") != CURLE_OK
        } else if request.method != "GET" {
            failed = failed || ccurl_easy_setopt_pointer(easy, CURLOPT_CUSTOMREQUEST, request.method) != CURLE_OK
        }
        if failed { throw HTTPTransport.Unavailable(description: "libcurl refused a request option (\(String(cString: ccurl_easy_strerror(CURLE_UNKNOWN_OPTION))))") }
        return easy
    }

    /// Frees the handle (after the engine took it out of the multi handle).
    func close() {
        if let easy { ccurl_easy_cleanup(easy) }
        easy = nil
        if let headerList { ccurl_slist_free_all(headerList) }
        headerList = nil
    }

    /// What a finished transfer answers: its head and body, or curl's failure.
    func outcome(_ result: CURLcode) -> Result<HTTPTransport.Answer, any Error> {
        guard result == CURLE_OK else {
            let words = errorBuffer.pointee != 0 ? String(cString: errorBuffer) : String(cString: ccurl_easy_strerror(result))
            return .failure(HTTPTransport.Failure(code: Int(result.rawValue), words: words))
        }
        if status == 0, let easy {
            var code = 0
            ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &code)
            status = code
        }
        return .success(HTTPTransport.Answer(status: status, headers: headers, body: body))
    }

    /// Where the answer goes: set once, before the transfer is handed to the engine.
    func deliver(to delivery: Delivery) { self.delivery = delivery }

    /// Given once: a later call (a cancellation that came too late) does nothing.
    func answer(_ outcome: Result<HTTPTransport.Answer, any Error>) {
        guard let delivery else { return }
        self.delivery = nil
        switch (delivery, outcome) {
        case (.whole(let continuation), _): continuation.resume(with: outcome)
        case (.stream(let continuation), .success(let answer)):
            if !headGiven { continuation.yield(.head(status: answer.status, headers: answer.headers)) }
            continuation.finish()
        case (.stream(let continuation), .failure(let error)): continuation.finish(throwing: error)
        }
    }

    fileprivate func received(body bytes: UnsafeRawBufferPointer) -> Int {
        switch delivery {
        case .stream(let continuation)?:
            if !headGiven { giveHead() }
            // The reader is gone: 0 makes curl stop the transfer.
            if case .terminated = continuation.yield(.bytes(Data(bytes))) { return 0 }
        case .whole?: body.append(contentsOf: bytes)
        case nil: return 0
        }
        return bytes.count
    }

    /// One line of a head ("HTTP/1.1 200 OK", "Name: value", or the blank line that ends it).
    fileprivate func received(headerLine bytes: UnsafeRawBufferPointer) -> Int {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            // A new head: after a 1xx, or the server's after a proxy's.
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            headers = []
        } else if line.isEmpty {
            if status >= 200 { giveHead() }
        } else if let colon = line.firstIndex(of: ":") {
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return bytes.count
    }

    /// An event stream's status and headers, as soon as the head is whole (its body may be long to come).
    private func giveHead() {
        guard !headGiven, case .stream(let continuation)? = delivery else { return }
        headGiven = true
        continuation.yield(.head(status: status, headers: headers))
    }
}

private let onBody: ccurl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.received(body: UnsafeRawBufferPointer(start: data, count: size * count))
}

private let onHeaderLine: ccurl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.received(headerLine: UnsafeRawBufferPointer(start: data, count: size * count))
}
