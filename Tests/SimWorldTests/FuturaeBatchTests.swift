import Futurae
import SimKernel
import SimWorld
import Testing

/// `enrollsim batch` with Futurae calls (`{"type": "call", "name": "futurae.enroll", …}`): the
/// example session of docs/futurae.md on `futurae-pin` (and a qrCodeType), walked line by line.
@Suite("enrollsim batch: Futurae")
struct FuturaeBatchTests {
    static let script = """
        {"sim": "futurae.activations"}
        {"type": "call", "name": "futurae.qrCodeType", "params": {"qrCode": "futurae://enroll?activation_code=3qtYl0cd036QUJAhzL2_xKDWvcnUd3-iGORr2qzJw9w"}}
        {"type": "call", "name": "futurae.enroll", "params": {"shortCode": "2216 8578 5739 9044", "bindingToken": "57S6KDIM"}}
        {"type": "call", "name": "futurae.enroll", "params": {"shortCode": "2216 8578 5739 9044", "sdkPin": "1234"}}
        {"type": "call", "name": "futurae.enroll", "params": {"shortCode": "2216 8578 5739 9044", "sdkPin": "1234", "bindingToken": "57S6KDIM"}}
        {"type": "call", "name": "futurae.lock"}
        {"type": "call", "name": "futurae.unlock", "params": {"method": "sdkPin", "sdkPin": "0000"}}
        {"type": "call", "name": "futurae.unlock", "params": {"method": "biometrics", "outcome": "success"}}
        {"sim": "futurae.activation", "user": "bob@example.com", "shortCode": true, "binding": false}
        {"type": "call", "name": "futurae.accounts"}
        """

    func run(_ lines: [String], scenario: String = "futurae-pin") async throws -> [JSONValue] {
        try await batchAnswers(lines, scenario: scenario)
    }

    @Test func theDocumentedSessionAnswersAsTheContractSays() async throws {
        let out = try await run(Self.script.split(separator: "\n").map(String.init))
        #expect(out.count == 10)
        #expect(out[0]["activations"]?.arrayValue?.first?["status"] == "pending")
        #expect(out[1]["result"] == ["qrCodeType": "enrollment"])
        #expect(out[2]["error"]?["name"] == "sdkPinEnrollRequired")  // F2.5
        #expect(out[3]["error"]?["name"] == "bindingTokenCheckFailed")  // F2.7
        #expect(out[4]["result"]?["account"]?["serviceName"] == "Acme Bank")  // F2.9
        #expect(out[5] == ["result": nil, "status": "SUCCEEDED", "transactionId": "tx-000005"])  // F5
        #expect(out[6]["error"] == ["domain": "SDKApiError", "code": 1, "name": "incorrectPin", "label": "Incorrect SDK PIN",
                                    "detail": "wrong SDK PIN: 4 attempts left"])  // F4
        #expect(out[6]["result"] == ["pinAttemptsLeft": 4])
        #expect(out[7]["result"] == ["unlockedUntil": "2026-01-05T09:01:00Z"])

        // Bob's shortcode, from the back office's answer: the SDK is unlocked, so no PIN is asked.
        let shortCode = try #require(out[8]["activation"]?["shortCode"]?.stringValue)
        let more = try await run(Self.script.split(separator: "\n").map(String.init) + [
            #"{"type": "call", "name": "futurae.enroll", "params": {"shortCode": "\#(shortCode)"}}"#,
            #"{"type": "call", "name": "futurae.accounts"}"#,
        ])
        #expect(more[10]["result"]?["account"]?["username"] == "bob@example.com")
        #expect(more[11]["result"]?["accounts"]?.arrayValue?.compactMap { $0["username"]?.stringValue } == ["alice@example.com", "bob@example.com"])
    }

    @Test func twoRunsPrintTheSameLines() async throws {
        let lines = Self.script.split(separator: "\n").map(String.init)
        let a = try await run(lines)
        #expect(try await run(lines) == a)
    }

    @Test func malformedFuturaeLinesAreLineErrorsOrInvalidParameter() async throws {
        let out = try await run([
            #"{"sim": "futurae.activation", "user": "bob@example.com"}"#,
            #"{"type": "call", "name": "futurae.enroll", "params": []}"#,
            #"{"type": "call", "name": "futurae.unenroll"}"#,
        ])
        #expect(out[0] == ["ok": false, "error": "line 1: futurae.activation: missing \"shortCode\""])
        #expect(out[1]["ok"] == false)  // params must be an object: an envelope error
        #expect(out[2]["error"]?["name"] == "invalidParameter")
        #expect(out[2]["error"]?["detail"]?.stringValue?.contains("futurae.unenroll") == true)
    }
}
