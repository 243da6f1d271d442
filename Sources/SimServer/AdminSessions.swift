import Foundation
import HTTPTypes
import Hummingbird
import SimKernel

/// The admin's view of device sessions: list them, end one (`docs/server.md`). Both need the admin
/// token.
extension Routes {
    /// The admin routes' paths and methods (joined to `Routes.methods` for 404 and 405 answers).
    static let adminMethods: [String: HTTPRequest.Method] = ["/v1/admin/sessions": .get, "/v1/admin/sessions/end": .post]

    /// Every route's path and method.
    static var allMethods: [String: HTTPRequest.Method] { methods.merging(adminMethods) { own, _ in own } }

    func registerAdmin(on router: Router<ServerContext>) {
        router.get("/v1/admin/sessions") { request, _ in try listSessions(request) }
        router.post("/v1/admin/sessions/end") { request, context in try await endSession(request, context) }
    }

    /// `{"sessions": [{"name", "device", "unusedSeconds"}, …], "cap": N}`, least recently used first.
    func listSessions(_ request: Request) throws -> Response {
        try auth.check(request)
        let sessions = core.live.deviceSessionList().map { s -> JSONValue in
            ["name": .string(s.name), "device": .string(s.device), "unusedSeconds": .int(Int(s.unusedFor))]
        }
        return .json(["sessions": .array(sessions), "cap": .int(core.live.policy.cap)])
    }

    /// `{"session": NAME}`: the device session's token stops working (401) and the session leaves
    /// the world; 404 if no device session has that name.
    func endSession(_ request: Request, _ context: ServerContext) async throws -> Response {
        try auth.check(request)
        let body = try await Self.jsonObject(request)
        try Self.refuseUnknownKeys(body, allowed: ["session"], in: "an end of session")
        guard let name = body["session"]?.stringValue, !name.isEmpty else { throw HTTPError(.badRequest, message: "\"session\" must be a device session's name") }
        guard let ticket = core.live.endDeviceSession(name) else {
            throw HTTPError(.notFound, message: "no device session is named \"\(name.escapingControlCharacters)\" (GET /v1/admin/sessions lists them)")
        }
        try await durable(ticket)
        context.logger.info("session ended by the admin", metadata: ["session": .escaped(name)])
        return .json(["ended": .string(name)])
    }
}
