import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import SimKernel
import SimWorld
import Synchronization

/// What answering calls on the event loop needs, and when it may: only where the router would add
/// nothing to the answer but the answer itself and, at `info`, its access log line (written here as
/// `JSONErrors` writes it). Logging at `debug` or below and trusted proxies (their `X-Forwarded-For`)
/// send every request to the router.
struct EventLoopCallSetup: Sendable {
    let core: ServerCore
    /// The server's own name when it listens on loopback (the DNS-rebinding guard's), else nil.
    let loopbackHost: String?
    let serverName: String
    /// The logger of the access log lines, when its level is `info`.
    let accessLog: Logger?
    /// The systems' requests answered here (`SystemRoutes.eventLoopAnswers`).
    let systems: [any EventLoopAnswers]

    static func make(core: ServerCore, options: TeamServer.Options, logger: Logger, serverName: String) -> Self? {
        guard options.answersCallsOnEventLoop, logger.logLevel >= .info, options.trustedProxies.isEmpty else { return nil }
        let services = ServerServices(core: core, options: options)
        return Self(core: core, loopbackHost: TeamServer.isLoopback(options.host) ? options.host : nil, serverName: serverName,
                    accessLog: logger.logLevel == .info ? logger : nil, systems: options.systemRoutes.compactMap { $0.eventLoopAnswers(services) })
    }

    /// When an answered request began, for its access log line (nil when there is none to write).
    var started: ContinuousClock.Instant? { accessLog == nil ? nil : .now }

    /// The access log line `JSONErrors` writes for a request, under a request id as Hummingbird draws one.
    /// - Parameter path: the target's path, without its query.
    func logAnswer(_ path: String, _ status: HTTPResponse.Status, since start: ContinuousClock.Instant?, method: HTTPRequest.Method = .post) {
        guard let accessLog, let start else { return }
        let ms = (ContinuousClock.now - start) / .milliseconds(1)
        accessLog.info("\(method) \(path.escapingControlCharacters) \(status.code)",
                       metadata: ["hb.request.id": .stringConvertible(RequestID()), "ms": "\(String(format: "%.1f", ms))"])
    }

    /// Whether the `Host` is one the loopback guard lets through (always, off loopback).
    private func hostAllowed(_ head: HTTPRequest) -> Bool {
        guard let own = loopbackHost, let host = head.authority else { return true }
        return LoopbackHostGuard<ServerContext>.isLoopbackName(LoopbackHostGuard<ServerContext>.hostName(host), own: own)
    }

    /// A call's head as clients send it, read in one pass over its fields (a field looked up by name
    /// is a pass each): nil when the router is to answer it, however rare the reason.
    func callHead(_ head: HTTPRequest) -> CallHead? {
        guard head.method == .post, head.path == "/v1/call" || head.path == "/v1/pims" else { return nil }
        guard hostAllowed(head) else { return nil }
        var authorization: String?, contentType: String?, traced = false
        for field in head.headerFields {
            switch field.name {
            case .authorization:
                guard authorization == nil else { return nil }  // the router reads them joined
                authorization = field.value
            case .contentType:
                guard contentType == nil else { return nil }
                contentType = field.value
            case .contentLength:
                guard let length = Int(field.value), length <= Routes.bodyLimit else { return nil }
            case .connection:
                return nil
            case Routes.traceHeader:
                guard !field.value.contains(",") else { return nil }  // a list: the router reads its values
                traced = traced || field.value == "1"
            default:
                continue
            }
        }
        guard contentType == "application/json", let authorization,
              let token = try? AdminAuth.bearer(authorization, expecting: "session token") else { return nil }
        return CallHead(head: head, token: token, traced: traced, started: started)
    }

    /// A system's request as it is answered here (`EventLoopAnswers`): nil when the router is to answer it.
    func systemHead(_ head: HTTPRequest) -> CallHead? {
        guard !systems.isEmpty, let system = systems.first(where: { $0.takes(head) }), hostAllowed(head) else { return nil }
        for field in head.headerFields {
            switch field.name {
            case .contentLength:
                guard let length = Int(field.value), length <= Routes.bodyLimit else { return nil }
            case .connection, .expect:
                return nil
            default:
                continue
            }
        }
        return CallHead(head: head, token: "", traced: false, started: started, system: system)
    }

    struct CallHead {
        let head: HTTPRequest
        let token: String
        let traced: Bool
        let started: ContinuousClock.Instant?
        /// A system's request, not a call: the system answers it.
        var system: (any EventLoopAnswers)? = nil
    }

    /// A system's answer as the router gives it: its status, headers and body, byte for byte.
    func answer(_ answer: EventLoopAnswer, allocator: ByteBufferAllocator) -> (HTTPResponse, ByteBuffer) {
        core.systemEventLoopAnswers.add(1, ordering: .relaxed)
        return head(answer.status, contentType: answer.contentType, body: answer.body, allocator: allocator)
    }

    /// The call a request asks for, run; nil (and nothing run) when the router is to answer it: a
    /// body that is not a call envelope, a token that opens no session.
    /// - Parameter digest: the bearer token's (`BearerSecret.digest`).
    func run(digest: String, _ body: ByteBuffer?) -> (outcome: Simulator.Outcome, ticket: LiveWorld.Ticket)? {
        guard let request = try? Routes.callRequest(Routes.parseJSON(body ?? ByteBuffer())) else { return nil }
        return core.live.call(request, digest: digest)
    }

    /// The answer to a call run here: returned when its change is durable and no fault delays it;
    /// otherwise nil, and `later` gets it on `loop` once it may be given (a 503 if it was not saved).
    func answer(_ outcome: Simulator.Outcome, _ ticket: LiveWorld.Ticket, traced: Bool, loop: any EventLoop,
                later: @escaping (JSONValue, HTTPResponse.Status) -> Void) -> JSONValue? {
        core.eventLoopAnswers.add(1, ordering: .relaxed)
        let json = Routes.answer(outcome.response, traced: traced)
        if core.commits.isDurable(ticket) && !(core.honoursLatency && outcome.latencyMs > 0) { return json }
        let commits = core.commits, latencyMs = core.honoursLatency ? outcome.latencyMs : 0
        let bound = NIOLoopBound(later, eventLoop: loop)
        if latencyMs == 0 {
            // No task per write: the commit that makes it durable hands the answer to the loop.
            commits.whenDurable(ticket) { error in
                let (answer, status): (JSONValue, HTTPResponse.Status) =
                    error.map { (["error": .string("not saved: \($0)")], .serviceUnavailable) } ?? (json, .ok)
                loop.execute { bound.value(answer, status) }
            }
            return nil
        }
        Task {
            let (answer, status): (JSONValue, HTTPResponse.Status)
            do {
                try await commits.waitUntilDurable(ticket)
                if latencyMs > 0 { try? await Task.sleep(for: .milliseconds(latencyMs)) }
                (answer, status) = (json, .ok)
            } catch {
                (answer, status) = (["error": .string("not saved: \(error)")], .serviceUnavailable)
            }
            loop.execute { bound.value(answer, status) }
        }
        return nil
    }

    /// The answer as the router's `call` gives it: its status, headers and body, byte for byte.
    func answer(_ value: JSONValue, status: HTTPResponse.Status, allocator: ByteBufferAllocator) -> (HTTPResponse, ByteBuffer) {
        head(status, contentType: "application/json", body: JSONText.answerBytes(value), allocator: allocator)
    }

    private func head(_ status: HTTPResponse.Status, contentType: String, body: [UInt8], allocator: ByteBufferAllocator) -> (HTTPResponse, ByteBuffer) {
        var fields = HTTPFields()
        fields.reserveCapacity(4)
        fields[.contentType] = contentType
        fields[.contentLength] = String(body.count)
        fields[.date] = HTTPDate.now
        fields[.server] = serverName
        return (HTTPResponse(status: status, headerFields: fields), allocator.buffer(bytes: body))
    }
}

extension EventLoopCallSetup {
    /// The same answer as the bytes NIO's HTTP/1 encoder writes for it, in one buffer.
    func answerBytes(_ value: JSONValue, status: HTTPResponse.Status, allocator: ByteBufferAllocator) -> ByteBuffer {
        let body = JSONText.answerBytes(value)
        var buffer = allocator.buffer(capacity: body.count + 160)
        if status == .ok {
            buffer.writeStaticString("HTTP/1.1 200 OK\r\n")
        } else {
            buffer.writeString("HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n")
        }
        buffer.writeStaticString("Content-Type: application/json\r\nContent-Length: ")
        buffer.writeString(String(body.count))
        buffer.writeStaticString("\r\nDate: ")
        buffer.writeString(HTTPDate.now)
        buffer.writeStaticString("\r\nServer: ")
        buffer.writeString(serverName)
        buffer.writeStaticString("\r\n\r\n")
        buffer.writeBytes(body)
        return buffer
    }
}
