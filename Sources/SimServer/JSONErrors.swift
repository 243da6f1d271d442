import Foundation
import Hummingbird
import SimKernel

/// Every error leaves as JSON that says what was wrong, `{"error": "…"}`, with its status: the
/// router's own 404 and the body limit's 413 included (they come without a message). Also the one
/// access-log line per request, under the request id Hummingbird gives the context's logger.
struct JSONErrors<Context: RequestContext>: RouterMiddleware {
    /// The systems' answers to a path of theirs that no route takes (`SystemRoutes.noRoute`).
    var systemNoRoute: [@Sendable (Request) -> Response?] = []

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && error.body == nil {
            response = noRoute(request)
        } catch let error as HTTPError {
            response = Self.response(error.status, error.body ?? Self.defaultMessage(error.status, request), headers: error.headers)
        } catch let error as ClientError {
            context.logger.debug("client error", metadata: ["error": .escaped(error.message)])
            response = Self.response(.badRequest, error.message)
        } catch let error as any HTTPResponseError {
            response = Self.response(error.status, Self.defaultMessage(error.status, request))
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(error)"])
            response = Self.response(.internalServerError, "internal error: \(error)")
        }
        let ms = (ContinuousClock.now - start) / .milliseconds(1)
        context.logger.info("\(request.method) \(request.uri.path.escapingControlCharacters) \(response.status.code)",
                            metadata: ["ms": "\(String(format: "%.1f", ms))"])
        return response
    }

    /// 404 for an unknown path, 405 (with `Allow`) for a known path with another method.
    func noRoute(_ request: Request) -> Response {
        for system in systemNoRoute {
            if let refused = system(request) { return refused }
        }
        let path = request.uri.path
        if let method = Routes.allMethods[path] {
            return Self.response(.methodNotAllowed, "\(path) takes \(method) only, not \(request.method)", headers: [.allow: method.rawValue])
        }
        let routes = Routes.allMethods.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return Self.response(.notFound, "no route \(request.method) \(path) (routes: \(routes))")
    }

    static func defaultMessage(_ status: HTTPResponse.Status, _ request: Request) -> String {
        switch status {
        case .contentTooLarge: "the request body is over the limit of \(Routes.bodyLimit / 1024) KiB"
        default: status.reasonPhrase
        }
    }

    static func response(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Response {
        var response = Response.json(["error": .string(message)], status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}

extension Response {
    /// A JSON body written by `JSONText` (keys sorted, as every answer of enrollsim).
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: JSONText.answerBytes(value))))
    }
}

extension JSONText {
    /// An answer's body, as the router and the calls answered on the event loop both write it.
    static func answerBytes(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(value, into: &bytes)
        return bytes
    }
}
