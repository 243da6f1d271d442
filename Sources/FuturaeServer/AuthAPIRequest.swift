import Foundation
import HTTPTypes
import Hummingbird
import SimKernel
import SimServer

/// An Auth API refusal (FA3, FA4): its status with `{"error": true, "code", "message"}`, the code
/// the status × 100 (40100, 40000; decision: 40400, 40500, 41300, 41500 likewise).
struct AuthAPIError: Error {
    let status: HTTPResponse.Status
    let message: String

    static func unauthorized(_ message: String) -> AuthAPIError { AuthAPIError(status: .unauthorized, message: message) }
    static func badRequest(_ message: String) -> AuthAPIError { AuthAPIError(status: .badRequest, message: message) }

    var response: Response {
        AuthAPIResponse.json(["error": true, "code": .int(Int(status.code) * 100), "message": .string(message)], status: status)
    }
}

enum AuthAPIResponse {
    /// FA1: one JSON object, `application/json; charset=utf-8`.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: JSONText.encode(value))))
    }
}

/// Who may call the Auth API: the service's id and key (FA6), from the world's Futurae service
/// unless `serve` overrides them, and how far `FT-Date` may be from the wall clock (FA3).
public struct AuthAPIOptions: Sendable {
    public var serviceId: String?
    public var apiKey: String?
    /// Seconds; 0 turns the check off.
    public var dateSkew: Int

    public init(serviceId: String? = nil, apiKey: String? = nil, dateSkew: Int = 300) {
        self.serviceId = serviceId
        self.apiKey = apiKey
        self.dateSkew = dateSkew
    }

    /// The credentials in force: the overrides, else the world's service.
    public func credentials(service: (id: String, key: String?)?) -> (serviceId: String, apiKey: String)? {
        guard let id = serviceId ?? service?.id, let key = apiKey ?? service?.key else { return nil }
        return (id, key)
    }
}

/// A signed request read whole: its body's bytes (signed as received) and, for a POST, its JSON
/// object with FA4's field readers.
struct AuthAPIRequest {
    let body: [UInt8]
    let fields: [String: JSONValue]

    /// Reads the body and checks the signature (FA2, FA3), then the JSON (FA4).
    static func read(_ request: Request, options: AuthAPIOptions, service: (id: String, key: String?)?, now: Date) async throws -> AuthAPIRequest {
        let body: [UInt8]
        let tooLarge = AuthAPIError(status: .contentTooLarge, message: "the request body is over the limit of \(ServerServices.bodyLimit / 1024) KiB")
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > ServerServices.bodyLimit { throw tooLarge }
        do {
            body = Array(try await request.body.collect(upTo: ServerServices.bodyLimit).readableBytesView)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw tooLarge
        } catch {
            throw AuthAPIError.badRequest("the request body could not be read")
        }
        try verify(request, body: body, options: options, service: service, now: now)
        guard request.method == .post else { return AuthAPIRequest(body: body, fields: [:]) }
        try checkMediaType(request)
        guard let text = String(validating: body, as: UTF8.self), let json = try? JSONText.parse(text) else {
            throw AuthAPIError.badRequest("malformed JSON")
        }
        guard case .object(let o) = json else { throw AuthAPIError.badRequest("the body must be a JSON object, not a \(json.typeName)") }
        return AuthAPIRequest(body: body, fields: o)
    }

    static let ftDate = HTTPField.Name("FT-Date")!

    /// FA1: bodies are JSON. One declared as anything else (`text/plain`, a form) is refused 415
    /// before it is read as JSON; one that declares no type is read as JSON (decision).
    static func checkMediaType(_ request: Request) throws {
        guard let declared = request.headers[.contentType] else { return }
        let type = declared.split(separator: ";", maxSplits: 1)[0].trimmingCharacters(in: .whitespaces).lowercased()
        guard type != "application/json" else { return }
        throw AuthAPIError(status: .unsupportedMediaType, message: "the body must be JSON (Content-Type: application/json), not \"\(declared.escapingControlCharacters)\"")
    }

    /// FA2, FA3: a date within the skew, a known service, the right signature; else 401.
    static func verify(_ request: Request, body: [UInt8], options: AuthAPIOptions, service: (id: String, key: String?)?, now: Date) throws {
        guard let date = request.headers[ftDate] else { throw AuthAPIError.unauthorized("missing FT-Date") }
        guard let signedAt = RFC2822Date.parse(date) else { throw AuthAPIError.unauthorized("FT-Date is not an RFC 2822 date") }
        if options.dateSkew > 0, abs(signedAt.timeIntervalSince(now)) > Double(options.dateSkew) {
            throw AuthAPIError.unauthorized("FT-Date is more than \(options.dateSkew) s from the server's clock")
        }
        guard let header = request.headers[.authorization], let (serviceId, signature) = AuthAPISignature.credentials(header) else {
            throw AuthAPIError.unauthorized("missing or malformed Authorization (Basic base64(serviceId:signature))")
        }
        guard let (knownId, key) = options.credentials(service: service) else {
            throw AuthAPIError.unauthorized("this server has no Auth API key (the scenario's futurae.service.authApiKey, or serve --auth-api-key)")
        }
        guard AuthAPISignature.equal(serviceId, knownId) else { throw AuthAPIError.unauthorized("unknown service") }
        let host = AuthAPISignature.hostWithoutPort(request.head.authority ?? "")
        let expected = AuthAPISignature.sign(key: key, date: date, method: request.method.rawValue, host: host,
                                             target: request.head.path ?? "", body: body)
        guard AuthAPISignature.matches(signature, expected: expected) else { throw AuthAPIError.unauthorized("wrong signature") }
    }

    // MARK: FA4 field readers

    func optionalString(_ key: String) throws -> String? {
        guard let v = fields[key], v != .null else { return nil }
        guard let s = v.stringValue else { throw AuthAPIError.badRequest("\"\(key)\" must be a string, not a \(v.typeName)") }
        return s
    }

    func string(_ key: String) throws -> String {
        guard let s = try optionalString(key) else { throw AuthAPIError.badRequest("missing \"\(key)\"") }
        return s
    }

    func optionalBool(_ key: String) throws -> Bool? {
        guard let v = fields[key], v != .null else { return nil }
        guard case .bool(let b) = v else { throw AuthAPIError.badRequest("\"\(key)\" must be a boolean, not a \(v.typeName)") }
        return b
    }

    func optionalInt(_ key: String) throws -> Int? {
        guard let v = fields[key], v != .null else { return nil }
        guard let n = v.intValue else { throw AuthAPIError.badRequest("\"\(key)\" must be an integer, not a \(v.typeName)") }
        return n
    }

    /// `user_id` or `username`, exactly one (FA9–FA14).
    func userReference() throws -> UserReference {
        switch (try optionalString("user_id"), try optionalString("username")) {
        case (let id?, nil): return .id(id)
        case (nil, let name?): return .username(name)
        case (nil, nil): throw AuthAPIError.badRequest("give \"user_id\" or \"username\"")
        case (.some, .some): throw AuthAPIError.badRequest("give \"user_id\" or \"username\", not both")
        }
    }

    /// Like `userReference`, but neither is allowed (FA10, FA14: the session or enrollment names the user).
    func optionalUserReference() throws -> UserReference? {
        if try optionalString("user_id") == nil && optionalString("username") == nil { return nil }
        return try userReference()
    }
}

enum UserReference {
    case id(String)
    case username(String)
}
