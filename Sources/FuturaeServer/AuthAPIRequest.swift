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

    var json: JSONValue { ["error": true, "code": .int(Int(status.code) * 100), "message": .string(message)] }

    var response: Response { AuthAPIResponse.json(json, status: status) }
}

enum AuthAPIResponse {
    /// FA1: one JSON object, `application/json; charset=utf-8`.
    static let contentType = "application/json; charset=utf-8"

    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes(value))))
    }

    /// The body's bytes (`JSONText`'s compact text, keys sorted).
    static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        JSONText.write(value, into: &out)
        return out
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

/// A signed request read whole: its head, its body's bytes (signed as received) and, for a POST, its
/// JSON object with FA4's field readers.
struct AuthAPIRequest {
    let head: HTTPRequest
    let body: [UInt8]
    let fields: [String: JSONValue]

    /// Reads the body (413 past the server's limit) and checks the request (`check`).
    static func read(_ request: Request, options: AuthAPIOptions, service: (id: String, key: String?)?, now: Date) async throws -> AuthAPIRequest {
        try check(request.head, body: try await body(request), options: options, service: service, now: now)
    }

    /// The body read whole, or FA's 413 or 400.
    static func body(_ request: Request) async throws(AuthAPIError) -> [UInt8] {
        let tooLarge = AuthAPIError(status: .contentTooLarge, message: "the request body is over the limit of \(ServerServices.bodyLimit / 1024) KiB")
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > ServerServices.bodyLimit { throw tooLarge }
        do {
            return Array(try await request.body.collect(upTo: ServerServices.bodyLimit).readableBytesView)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw tooLarge
        } catch {
            throw AuthAPIError.badRequest("the request body could not be read")
        }
    }

    /// Checks the signature (FA2, FA3), then the JSON (FA4), of a request read whole.
    static func check(_ head: HTTPRequest, body: [UInt8], options: AuthAPIOptions, service: (id: String, key: String?)?, now: Date) throws(AuthAPIError) -> AuthAPIRequest {
        try verify(head, body: body, options: options, service: service, now: now)
        guard head.method == .post else { return AuthAPIRequest(head: head, body: body, fields: [:]) }
        try checkMediaType(head.headerFields)
        guard let text = String(validating: body, as: UTF8.self), let json = try? JSONText.parse(text) else {
            throw AuthAPIError.badRequest("malformed JSON")
        }
        guard case .object(let o) = json else { throw AuthAPIError.badRequest("the body must be a JSON object, not a \(json.typeName)") }
        return AuthAPIRequest(head: head, body: body, fields: o)
    }

    static let ftDate = HTTPField.Name("FT-Date")!

    /// FA1: bodies are JSON. One declared as anything else (`text/plain`, a form) is refused 415
    /// before it is read as JSON; one that declares no type is read as JSON (decision).
    static func checkMediaType(_ headers: HTTPFields) throws(AuthAPIError) {
        guard let declared = headers[.contentType], declared != "application/json" else { return }
        // An empty value, or one of only `;`, names no type (and is refused like any other).
        let type = (declared.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard type != "application/json" else { return }
        throw AuthAPIError(status: .unsupportedMediaType, message: "the body must be JSON (Content-Type: application/json), not \"\(declared.escapingControlCharacters)\"")
    }

    /// FA2, FA3: a date within the skew, a known service, the right signature; else 401. The header
    /// fields are read in one pass (a field sent twice is read as `HTTPFields` joins it), and the
    /// signature is compared with the digest on bytes.
    static func verify(_ head: HTTPRequest, body: [UInt8], options: AuthAPIOptions, service: (id: String, key: String?)?, now: Date) throws(AuthAPIError) {
        var date: String?, authorization: String?
        var dates = 0, authorizations = 0
        for field in head.headerFields {
            if field.name == .authorization {
                authorizations += 1
                authorization = field.value
            } else if field.name == ftDate {
                dates += 1
                date = field.value
            }
        }
        if dates > 1 { date = head.headerFields[ftDate] }
        if authorizations > 1 { authorization = head.headerFields[.authorization] }
        guard var date else { throw AuthAPIError.unauthorized("missing FT-Date") }
        guard let signedAt = date.withUTF8({ RFC2822Date.parse($0) }) else { throw AuthAPIError.unauthorized("FT-Date is not an RFC 2822 date") }
        if options.dateSkew > 0, abs(signedAt.timeIntervalSince(now)) > Double(options.dateSkew) {
            throw AuthAPIError.unauthorized("FT-Date is more than \(options.dateSkew) s from the server's clock")
        }
        guard let authorization, let given = AuthAPICredentials(authorization) else {
            throw AuthAPIError.unauthorized("missing or malformed Authorization (Basic base64(serviceId:signature))")
        }
        guard let (knownId, key) = options.credentials(service: service) else {
            throw AuthAPIError.unauthorized("this server has no Auth API key (the scenario's futurae.service.authApiKey, or serve --auth-api-key)")
        }
        guard AuthAPISignature.equal(given.serviceId, Array(knownId.utf8)) else { throw AuthAPIError.unauthorized("unknown service") }
        let message = AuthAPISignature.message(date: date, method: head.method.rawValue, host: AuthAPISignature.hostWithoutPort(head.authority ?? ""),
                                               target: head.path ?? "", body: body)
        let digest = LibCrypto.hmacSHA256(key: Array(key.utf8), message: message)
        guard AuthAPISignature.matches(given.signature, digest: digest) else { throw AuthAPIError.unauthorized("wrong signature") }
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
