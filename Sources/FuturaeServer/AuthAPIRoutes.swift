import Foundation
import Futurae
import HTTPTypes
import Hummingbird
import HummingbirdCore
import QRCode
import SimKernel
import SimServer
import SimWorld

/// Futurae's Auth API as the team server registers it (`TeamServer.Options.systemRoutes`): the
/// routes under `/srv/auth/v1`, with their own 404 and 405 in FA's error shape.
public struct FuturaeAuthAPI: SystemRoutes {
    public let options: AuthAPIOptions

    public init(options: AuthAPIOptions = AuthAPIOptions()) { self.options = options }

    public func routes(_ server: ServerServices) -> RouteCollection<ServerContext> {
        let routes = RouteCollection(context: ServerContext.self)
        AuthAPIRoutes(server: server, options: options).register(on: routes)
        return routes
    }

    public func noRoute(_ request: Request) -> Response? { AuthAPIRoutes.noRoute(request) }

    public func eventLoopAnswers(_ server: ServerServices) -> (any EventLoopAnswers)? {
        AuthAPIEventLoop(routes: AuthAPIRoutes(server: server, options: options))
    }
}

/// The signed reads answered on the event loop, as `/v1/call` reads are: the routes' own answers
/// (`AuthAPIRoutes.answer`), for the targets the router matches plainly.
struct AuthAPIEventLoop: EventLoopAnswers {
    let routes: AuthAPIRoutes

    func takes(_ head: HTTPRequest) -> Bool { AuthAPIRoutes.read(head.method, target: head.path ?? "") != nil }

    func answer(_ head: HTTPRequest, body: ByteBuffer) -> EventLoopAnswer? {
        guard let read = AuthAPIRoutes.read(head.method, target: head.path ?? "") else { return nil }
        let (json, status) = routes.answer(read, head: head, body: Array(body.readableBytesView))
        return EventLoopAnswer(status: status, contentType: AuthAPIResponse.contentType, body: AuthAPIResponse.bytes(json))
    }
}

/// Futurae's server-side Auth API under `/srv/auth/v1` (docs/futurae-rules.md, FA1–FA14): what a bank's
/// login service or an identity provider calls to enroll a user's phone and to ask it to approve a
/// login. Reads answer from the live world; changes run as Futurae's controls (`futurae.activation`,
/// `futurae.unenroll`, `futurae.auth`), so they are stored, numbered and pushed as events like any
/// other. Every answer comes at once (FA1).
struct AuthAPIRoutes: Sendable {
    static let prefix = "/srv/auth/v1"
    /// The routes, for a 404's list.
    static let paths = ["GET \(prefix)/users", "GET \(prefix)/users/{user_id}", "POST \(prefix)/user/enroll",
                        "POST \(prefix)/user/enroll_status", "POST \(prefix)/user/unenroll", "POST \(prefix)/user/preauth",
                        "POST \(prefix)/user/auth", "POST \(prefix)/user/auth/status", "GET \(prefix)/activation/{enrollment_id}/qrcode.png"]

    let server: ServerServices
    let options: AuthAPIOptions

    func register(on router: RouteCollection<ServerContext>) {
        let p = Self.prefix
        router.get("\(p)/users") { request, _ in await signed(request, .lookup) }
        router.get("\(p)/users/:user_id") { request, context in await signed(request, .userInfo(context.parameters.get("user_id") ?? "")) }
        router.post("\(p)/user/enroll") { request, _ in await signed(request) { try await enroll($1, request: request) } }
        router.post("\(p)/user/enroll_status") { request, _ in await signed(request, .enrollStatus) }
        router.post("\(p)/user/unenroll") { request, _ in await signed(request) { try await unenroll($1) } }
        router.post("\(p)/user/preauth") { request, _ in await signed(request, .preauth) }
        router.post("\(p)/user/auth") { request, _ in await signed(request) { try await auth($1) } }
        router.post("\(p)/user/auth/status") { request, _ in await signed(request, .authStatus) }
        // Unsigned: a browser loads it into an <img> (FA9).
        router.get("\(p)/activation/:enrollment_id/qrcode.png") { _, context in
            qrCode(context.parameters.get("enrollment_id") ?? "")
        }
    }

    /// Reads and checks a request (FA2–FA4), runs `body` and turns its refusals into FA3/FA4 answers.
    private func signed(_ request: Request, _ body: (Request, AuthAPIRequest) async throws -> JSONValue) async -> Response {
        do {
            let read = try await AuthAPIRequest.read(request, options: options, service: service, now: server.now)
            return AuthAPIResponse.json(try await body(request, read))
        } catch {
            let (json, status) = Self.refusal(error)
            return AuthAPIResponse.json(json, status: status)
        }
    }

    /// A signed read through the router: its body read whole, then `answer`.
    private func signed(_ request: Request, _ read: Read) async -> Response {
        do {
            let (json, status) = answer(read, head: request.head, body: try await AuthAPIRequest.body(request))
            return AuthAPIResponse.json(json, status: status)
        } catch {
            return error.response
        }
    }

    /// The reads: answered at once from the head and the whole body, by the routes above and on the
    /// event loop (`AuthAPIEventLoop`) alike.
    enum Read: Equatable {
        case lookup, userInfo(String), enrollStatus, preauth, authStatus
    }

    /// The read a request asks for when its target is written as the router matches it without
    /// reading it twice: the path as registered, or `users/` and one segment, then any query; nil
    /// for anything else (the router reads it, and answers it the same).
    static func read(_ method: HTTPRequest.Method, target: String) -> Read? {
        let u = target.utf8
        guard u.first == UInt8(ascii: "/"), !u.contains(UInt8(ascii: "#")) else { return nil }
        let path = u.firstIndex(of: UInt8(ascii: "?")).map { target[..<$0] } ?? target[...]
        switch method {
        case .get:
            if path == readPaths.users { return .lookup }
            guard path.hasPrefix(readPaths.usersSlash) else { return nil }
            let id = path.dropFirst(readPaths.usersSlash.count)
            return id.isEmpty || id.utf8.contains(UInt8(ascii: "/")) ? nil : .userInfo(String(id))
        case .post:
            switch path {
            case readPaths.enrollStatus: return .enrollStatus
            case readPaths.preauth: return .preauth
            case readPaths.authStatus: return .authStatus
            default: return nil
            }
        default:
            return nil
        }
    }

    private static let readPaths = (users: "\(prefix)/users", usersSlash: "\(prefix)/users/", enrollStatus: "\(prefix)/user/enroll_status",
                                    preauth: "\(prefix)/user/preauth", authStatus: "\(prefix)/user/auth/status")

    /// A signed read's answer and status: checked (FA2–FA4), read from the world under its lock, its
    /// refusals as FA3's and FA4's.
    func answer(_ read: Read, head: HTTPRequest, body: [UInt8]) -> (JSONValue, HTTPResponse.Status) {
        do {
            let r = try AuthAPIRequest.check(head, body: body, options: options, service: service, now: server.now)
            let json = try server.read { world in
                let view = AuthAPIView(world)
                switch read {
                case .lookup: return try lookup(r, view)
                case .userInfo(let id): return try userInfo(id, view)
                case .enrollStatus: return try enrollStatus(r, view)
                case .preauth: return try preauth(r, view)
                case .authStatus: return try authStatus(r, view)
                }
            }
            return (json, .ok)
        } catch {
            return Self.refusal(error)
        }
    }

    /// The service whose key signs requests (FA6), from the live world.
    var service: (id: String, key: String?)? {
        server.read { $0.futurae.service.map { (id: $0.serviceId, key: $0.authApiKey) } }
    }

    /// An error as FA3's and FA4's body and status.
    static func refusal(_ error: any Error) -> (JSONValue, HTTPResponse.Status) {
        switch error {
        case let error as AuthAPIError: (error.json, error.status)
        case let error as HTTPError: (["error": true, "code": .int(Int(error.status.code) * 100), "message": .string(error.body ?? "")], error.status)
        default: (AuthAPIError.badRequest("\(error)").json, .badRequest)
        }
    }

    // MARK: FA7, FA8

    func lookup(_ r: AuthAPIRequest, _ view: AuthAPIView) throws -> JSONValue {
        guard let username = URI(r.head.path ?? "").queryParameters["username"].map(String.init) else {
            throw AuthAPIError.badRequest("missing query parameter \"username\"")
        }
        guard let user = view.futurae.users.first(where: { $0.username == username }) else {
            throw AuthAPIError.badRequest("no user \"\(username)\"")
        }
        return ["user_id": .string(user.userId), "username": .string(username), "status": .string(view.status(user))]
    }

    func userInfo(_ userId: String, _ view: AuthAPIView) throws -> JSONValue {
        guard let user = view.futurae.user(userId) else { throw AuthAPIError.badRequest("no user with user_id \"\(userId)\"") }
        let status = view.status(user)
        var o: [String: JSONValue] = ["username": user.username.map(JSONValue.string) ?? .null,
                                      "display_name": .string(user.username ?? user.userId), "status": .string(status)]
        if status != "disabled" {
            o["allowed_factors"] = ["approve"]
            o["devices"] = .array(view.devices(of: user).map(view.json))
        }
        return .object(o)
    }

    // MARK: FA9–FA11

    func enroll(_ r: AuthAPIRequest, request: Request) async throws -> JSONValue {
        let reference = try r.userReference()
        let validSeconds = try r.optionalInt("valid_secs")
        let shortCode = try r.optionalBool("short_code") ?? false
        let binding = try r.optionalBool("enrollment_flow_binding_enabled") ?? false
        _ = try r.optionalString("display_name")
        _ = try r.optionalString("success_callback_url")
        let name: String
        switch reference {
        case .id(let id):
            guard server.read({ $0.futurae.user(id) }) != nil else { throw AuthAPIError.badRequest("no user with user_id \"\(id)\"") }
            name = id
        case .username(let username):
            guard !username.isEmpty else { throw AuthAPIError.badRequest("\"username\" is empty") }
            name = username
        }
        let control = SimControl.futuraeActivation(user: name, shortCode: shortCode, binding: binding, validSeconds: validSeconds)
        var fields = control.fields
        if case .username = reference { fields["createUser"] = true }
        let answer = try await run(SimControl(control.kind, fields))
        guard let a = answer["activation"], let id = a["enrollmentId"]?.stringValue, let payload = a["qrCode"]?.stringValue,
              let userId = a["userId"]?.stringValue, let expires = a["expiresAt"]?.stringValue.flatMap(SimTime.init(iso8601:))
        else { throw AuthAPIError.badRequest("the activation could not be read back") }
        let png = try Self.png(payload)
        var o: [String: JSONValue] = [
            "enrollment_id": .string(id), "user_id": .string(userId), "username": a["username"] ?? .null,
            "activation_code": a["activationCode"] ?? .null, "activation_code_uri": .string(payload),
            "activation_qrcode_url": .string("\(server.scheme)://\(request.head.authority ?? "localhost")\(Self.prefix)/activation/\(id)/qrcode.png"),
            "activation_qrcode_data_uri": .string("data:image/png;base64," + Data(png).base64EncodedString()),
            "expiration": .int(expires.seconds),
        ]
        if shortCode, let short = a["shortCode"]?.stringValue { o["activation_code_short"] = .string(short.filter(\.isNumber)) }
        return .object(o)
    }

    func enrollStatus(_ r: AuthAPIRequest, _ view: AuthAPIView) throws -> JSONValue {
        let reference = try r.optionalUserReference()
        let id = try r.string("enrollment_id")
        guard let activation = view.futurae.activations[key: id] else { throw AuthAPIError.badRequest("no enrollment \"\(id)\"") }
        if let reference, view.user(reference)?.userId != activation.userId {
            throw AuthAPIError.badRequest("enrollment \(id) is not this user's")
        }
        let status = activation.status(at: view.now)
        var o: [String: JSONValue] = ["result": .string(status.rawValue)]
        if status == .success, let user = view.futurae.user(activation.userId), let device = view.enrolled(user).last {
            o["device_id"] = .string(device.deviceId)
        }
        return .object(o)
    }

    func unenroll(_ r: AuthAPIRequest) async throws -> JSONValue {
        let user = try existingUser(r.userReference())
        let device = try r.string("device_id")
        let answer = try await run(SimControl("futurae.unenroll", ["user": .string(user.userId), "device": .string(device)]))
        return ["result": answer["devicesLeft"]?.intValue == 0 ? "success_2fa_disabled" : "success"]
    }

    // MARK: FA12–FA14

    func preauth(_ r: AuthAPIRequest, _ view: AuthAPIView) throws -> JSONValue {
        let reference = try r.userReference()
        _ = try r.optionalString("trusted_device_token")
        guard let user = view.user(reference) else { return ["result": "unknown"] }
        if user.bypass { return ["result": "allow", "user_status": "bypass"] }
        let devices = view.devices(of: user)
        let usable = devices.filter { !$0.archived }
        if !usable.isEmpty {
            return ["result": "auth", "allowed_factors": ["approve"], "devices": .array(usable.map(view.json)), "recommended_factor": "approve"]
        }
        // Every device archived: locked out; none at all: disabled (decision, as FA7's status).
        return ["result": "deny", "user_status": devices.isEmpty ? "disabled" : "locked_out"]
    }

    func auth(_ r: AuthAPIRequest) async throws -> JSONValue {
        let user = try existingUser(r.userReference())
        let factor = try r.string("factor")
        guard factor == "approve" else { throw AuthAPIError.badRequest("factor \"\(factor)\": only \"approve\" (push) is simulated") }
        let device = try r.optionalString("device_id") ?? "auto"
        let answer = try await run(.futuraeAuth(user: user.userId, device: device == "auto" ? nil : device))
        guard let id = answer["authSession"]?["sessionId"]?.stringValue else { throw AuthAPIError.badRequest("no session was created") }
        return ["session_id": .string(id), "mobile_auth_uri": .string("futurae://auth?session_id=\(id)")]
    }

    func authStatus(_ r: AuthAPIRequest, _ view: AuthAPIView) throws -> JSONValue {
        let id = try r.string("session_id")
        let reference = try r.optionalUserReference()
        guard let session = view.futurae.authSessions[key: id] else { throw AuthAPIError.badRequest("no authentication session \"\(id)\"") }
        if let reference, view.user(reference)?.userId != session.userId {
            throw AuthAPIError.badRequest("authentication session \(id) is not this user's")
        }
        let (result, status) = session.outcome(at: view.now, deviceArchived: view.futurae.isArchived(session))
        return ["result": .string(result.rawValue), "status": .string(status), "status_msg": .string(Self.statusMessage(status)),
                "device_id": .string(session.deviceId)]
    }

    static func statusMessage(_ status: String) -> String {
        switch status {
        case "allow": "The user approved the login."
        case "deny": "The user rejected the login."
        case "fraud": "The user reported the login as fraud."
        case "timeout": "The login request expired before the user answered."
        case "archived": "The device was archived."
        default: "Waiting for the user to answer on the device."
        }
    }

    // MARK: no such route

    /// A path under the prefix that no route takes, in FA's error shape (JSONErrors answers the
    /// others): 405 with `Allow` for a known path asked with another method, else 404 (decision:
    /// codes 40500 and 40400, the routes listed).
    static func noRoute(_ request: Request) -> Response? {
        let path = request.uri.path
        guard path == prefix || path.hasPrefix(prefix + "/") else { return nil }
        let asked = path.split(separator: "/", omittingEmptySubsequences: false)
        let methods = paths.compactMap { route -> String? in
            let parts = route.split(separator: " ", maxSplits: 1)
            let template = parts[1].split(separator: "/", omittingEmptySubsequences: false)
            guard template.count == asked.count,
                  zip(template, asked).allSatisfy({ t, a in t == a || (t.hasPrefix("{") && !a.isEmpty) }) else { return nil }
            return String(parts[0])
        }
        let shown = path.escapingControlCharacters
        guard methods.isEmpty else {
            var response = AuthAPIError(status: .methodNotAllowed, message: "\(shown) takes \(methods.joined(separator: ", ")) only, not \(request.method)").response
            response.headers[.allow] = methods.joined(separator: ", ")
            return response
        }
        return AuthAPIError(status: .notFound, message: "no route \(request.method) \(shown) (routes: \(paths.joined(separator: ", ")))").response
    }

    // MARK: the QR code

    func qrCode(_ enrollmentId: String) -> Response {
        guard let activation = server.read({ $0.futurae.activations[key: enrollmentId] }), let png = try? Self.png(activation.qrCode.text) else {
            return AuthAPIError(status: .notFound, message: "no enrollment \"\(enrollmentId)\"").response
        }
        return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }

    static func png(_ payload: String) throws -> [UInt8] {
        do { return try QRCode(payload).png() } catch { throw AuthAPIError(status: .internalServerError, message: "\(error)") }
    }

    // MARK: helpers

    func existingUser(_ reference: UserReference) throws -> FuturaeUser {
        guard let user = server.read({ AuthAPIView($0).user(reference) }) else { throw AuthAPIError.badRequest("no such user") }
        return user
    }

    /// Runs a control and waits until its change is durable; a refusal is a 400 (FA4).
    func run(_ control: SimControl) async throws -> SimAnswer {
        let answer: SimAnswer
        do {
            answer = try await server.control(control)
        } catch {
            throw AuthAPIError(status: .serviceUnavailable, message: "not saved: \(error)")
        }
        guard answer.ok else { throw AuthAPIError.badRequest(answer.error ?? "refused") }
        return answer
    }
}
