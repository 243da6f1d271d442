import PIMS
import Testing

/// A thin test-side driver over any backend: calls by name, the simulator controls, and the
/// assertions every rule test needs.
struct Driver: Sendable {
    let backend: any SimBackend

    @discardableResult
    func call(_ type: CallType, _ name: String, _ params: [String: JSONValue] = [:], session: String = "default") async -> CallResponse {
        await backend.send(CallRequest(type, name, params), session: session)
    }

    @discardableResult
    func control(_ json: JSONValue) async throws -> SimAnswer {
        let answer = await backend.control(try SimControl(json: json))
        return answer
    }

    /// The newest code sent to `phone` (the simulated phone's inbox).
    func newestCode(_ phone: String) async throws -> String {
        let answer = try await control(["sim": "inbox", "phone": .string(phone)])
        let code = answer["messages"]?.arrayValue?.last?["code"]?.stringValue
        return try #require(code, "no SMS in the inbox of \(phone)")
    }

    func account(_ username: String = "alice@example.com") async throws -> JSONValue {
        let answer = try await control(["sim": "account", "username": .string(username)])
        return try #require(answer["account"])
    }

    func advance(_ seconds: Int) async throws {
        let answer = try await control(["sim": "advance", "seconds": .int(seconds)])
        #expect(answer.ok)
    }

    func newSession(_ name: String, device: String, platform: String = "ios", sdk: String = "2.3", variant: String = "tutorial",
                    login: String? = "alice@example.com", password: String = "alice-pass") async throws {
        let answer = try await control(["sim": "session", "session": .string(name), "device": .string(device),
                                        "platform": .string(platform), "sdk": .string(sdk), "variant": .string(variant)])
        #expect(answer.ok, "\(answer.error ?? "")")
        if let login {
            let r = await call(.set, "pims.authentication.user", ["action": "login", "username": .string(login), "password": .string(password)], session: name)
            #expect(r.status == .succeeded)
        }
    }
}

/// Asserts a FAILED envelope with `code`.
func expectError(_ response: CallResponse, _ code: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(response.errorCode?.intValue == code, "expected \(code), got \(JSONText.encode(response.json))", sourceLocation: sourceLocation)
    if let e = response.error {
        #expect(e.label == ErrorCatalogue.label(code) || ErrorCatalogue.label(code).contains("["), "label \(e.label)", sourceLocation: sourceLocation)
    }
}

/// Asserts a SUCCEEDED envelope and returns its result.
@discardableResult
func expectSuccess(_ response: CallResponse, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue {
    #expect(response.status == .succeeded, "expected SUCCEEDED, got \(JSONText.encode(response.json))", sourceLocation: sourceLocation)
    return response.result ?? .null
}
