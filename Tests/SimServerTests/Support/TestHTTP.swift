import Foundation
import PIMS
import SimClient

/// Raw HTTP for the tests that look at the server's answers themselves (status, error bodies, tokens).
struct TestHTTP: Sendable {
    let base: String

    /// A request method, written `.GET` as at the call sites.
    struct Method: Sendable {
        let rawValue: String
        static let GET = Method(rawValue: "GET"), HEAD = Method(rawValue: "HEAD"), POST = Method(rawValue: "POST")
        static let DELETE = Method(rawValue: "DELETE"), OPTIONS = Method(rawValue: "OPTIONS")
    }

    struct Answer: Sendable {
        let status: Int
        let text: String
        var headers: [(String, String)] = []
        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        var json: JSONValue? { try? JSONText.parse(text) }
        /// The `{"error": "…"}` message of an error answer.
        var error: String? { json?["error"]?.stringValue }
    }

    func request(_ method: Method, _ path: String, body: String? = nil, headers: [(String, String)] = []) async throws -> Answer {
        var headers = headers
        if body != nil, !headers.contains(where: { $0.0.lowercased() == "content-type" }) { headers.append(("Content-Type", "application/json")) }
        guard let url = URL(string: base + path) else { throw BadURL(text: base + path) }
        let answer = try await HTTPTransport.shared.send(method.rawValue, url, headers: headers, body: body.map { Data($0.utf8) }, timeout: .seconds(120))
        return Answer(status: answer.status, text: answer.text, headers: answer.headers.map { ($0.name, $0.value) })
    }

    /// A test's own URL that does not parse.
    struct BadURL: Error {
        let text: String
    }

    func post(_ path: String, _ body: JSONValue, bearer: String? = nil) async throws -> Answer {
        try await request(.POST, path, body: JSONText.encode(body), headers: bearer.map { [("Authorization", "Bearer \($0)")] } ?? [])
    }

    /// A device session's token.
    func openSession(device: String, platform: String = "ios") async throws -> String? {
        let answer = try await post("/v1/sessions", ["device": .string(device), "platform": .string(platform)])
        guard answer.status == 201 else { return nil }
        return answer.json?["session"]?.stringValue
    }
}
