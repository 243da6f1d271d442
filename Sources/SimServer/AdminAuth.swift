import Hummingbird

/// Bearer tokens: the admin token guards `/v1/sim` and admin attachments; a session token opens
/// `/v1/pims`. A missing or wrong token is a 401 that says which token was expected.
struct AdminAuth: Sendable {
    let adminToken: String

    /// The bearer secret of the request, or a 401.
    static func bearer(_ request: Request, expecting what: String) throws -> String {
        guard let header = request.headers[.authorization] else {
            throw unauthorized("missing \"Authorization: Bearer <\(what)>\"")
        }
        return try bearer(header, expecting: what)
    }

    /// The secret of an `Authorization` header's value, or a 401.
    static func bearer(_ header: String, expecting what: String) throws -> String {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
            throw unauthorized("the Authorization header must be \"Bearer <\(what)>\"")
        }
        return String(parts[1])
    }

    func check(_ request: Request) throws {
        let token = try Self.bearer(request, expecting: "admin token")
        guard BearerSecret.equal(token, adminToken) else { throw Self.unauthorized("wrong admin token") }
    }

    func isAdmin(_ request: Request) -> Bool {
        guard let token = try? Self.bearer(request, expecting: "admin token") else { return false }
        return BearerSecret.equal(token, adminToken)
    }

    static func unauthorized(_ message: String) -> HTTPError {
        HTTPError(.unauthorized, headers: [.wwwAuthenticate: "Bearer"], message: message)
    }
}
