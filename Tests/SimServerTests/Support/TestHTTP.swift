import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PIMS
import SimClient

/// Raw HTTP for the tests that look at the server's answers themselves (status, error bodies, tokens).
struct TestHTTP: Sendable {
    let base: String

    struct Answer: Sendable {
        let status: Int
        let text: String
        var headers: [(String, String)] = []
        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        var json: JSONValue? { try? JSONText.parse(text) }
        /// The `{"error": "…"}` message of an error answer.
        var error: String? { json?["error"]?.stringValue }
    }

    func request(_ method: HTTPMethod, _ path: String, body: String? = nil, headers: [(String, String)] = []) async throws -> Answer {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.body = .bytes(ByteBuffer(string: body))
            if !headers.contains(where: { $0.0.lowercased() == "content-type" }) { request.headers.add(name: "Content-Type", value: "application/json") }
        }
        let response = try await RemoteBackend.sharedHTTPClient.execute(request, timeout: .seconds(30))
        let buffer = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return Answer(status: Int(response.status.code), text: String(buffer: buffer), headers: response.headers.map { ($0.name, $0.value) })
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
