import Card
import SimKernel
import SimWorld
import Testing

/// `enrollsim batch` with card calls and controls: docs/card.md's example session on
/// `card-replacement` (the seed's flow: a purchase, the push, biometric fallback, a wrong PIN, the
/// right one, the new card's name), walked line by line.
@Suite("enrollsim batch: CA Strong Authentication")
struct CardBatchTests {
    /// The first purchase's id on card-replacement (seeded: the same on every run and backend).
    static let tx = "D60945AF07648C0A"
    static let id = "7c3e91a04bd25f68e0a1"
    static let script = """
        {"sim": "casa.purchase", "card": "8888", "merchant": "Acme Shoes", "amount": 12950, "currency": "EUR"}
        {"type": "call", "name": "casa.getTransaction"}
        {"type": "call", "name": "casa.verifyPINUsingTouchID", "params": {"transactionId": "\(tx)", "autoEnrollId": "\(id)", "outcome": "fallback"}}
        {"type": "call", "name": "casa.verifyPIN", "params": {"pin": "0000", "transactionId": "\(tx)", "autoEnrollId": "\(id)"}}
        {"type": "call", "name": "casa.verifyPIN", "params": {"pin": "1234", "transactionId": "\(tx)", "autoEnrollId": "\(id)"}}
        {"type": "call", "name": "casa.autoEnrollAccount", "params": {"displayName": "Travel card"}}
        {"type": "call", "name": "casa.getAllEnrolledAccounts"}
        {"sim": "casa.pushes"}
        """

    func run(_ lines: [String], scenario: String = "card-replacement") async throws -> [JSONValue] {
        try await batchAnswers(lines, scenario: scenario)
    }

    @Test func theDocumentedSessionAnswersAsTheContractSays() async throws {
        let out = try await run(Self.script.split(separator: "\n").map(String.init))
        #expect(out.count == 8)
        #expect(out[0]["transaction"]?["transactionId"] == .string(Self.tx) && out[0]["pushedTo"] == ["default"])  // C1
        #expect(out[1]["result"]?["autoEnrollId"] == .string(Self.id) && out[1]["result"]?["displayAmount"] == "129.50 EUR")  // C2
        #expect(out[2]["error"]?["code"] == "ERROR_BIOMETRIC_FALLBACK" && out[2]["result"]?["fallback"] == true)  // C6
        #expect(out[3]["error"]?["code"] == "ERROR_INVALID_PIN")  // C5
        #expect(out[3]["result"] == ["status": "FAILURE", "errorCode": "ERROR_INVALID_PIN", "attemptAgain": true, "attemptsLeft": 2])
        #expect(out[4]["result"]?["status"] == "SUCCESS")
        #expect(out[5]["result"]?["transactionStatus"] == "approved" && out[5]["result"]?["account"]?["displayName"] == "Travel card")  // C7
        #expect(out[6]["result"]?["accounts"]?.arrayValue?.compactMap { $0["accountId"]?.stringValue } == ["acct-4242", "acct-8888"])  // C9
        #expect(out[7]["pushes"]?.arrayValue?.map { $0["transactionStatus"] } == ["approved"])
    }

    @Test func twoRunsPrintTheSameLines() async throws {
        let lines = Self.script.split(separator: "\n").map(String.init)
        let a = try await run(lines)
        #expect(try await run(lines) == a)
    }

    @Test func malformedCardLinesAreLineErrorsOrInvalidParameter() async throws {
        let out = try await run([
            #"{"sim": "casa.purchase", "card": "8888", "merchant": "S", "amount": "49.99", "currency": "EUR"}"#,
            #"{"type": "call", "name": "casa.setPin", "params": []}"#,
            #"{"type": "call", "name": "casa.nothing"}"#,
        ])
        #expect(out[0] == ["ok": false, "error": "line 1: casa.purchase: \"amount\" must be a whole number"])
        #expect(out[1]["ok"] == false)  // params must be an object: an envelope error
        #expect(out[2]["error"]?["code"] == "ERROR_INVALID_PARAMETER")
        #expect(out[2]["error"]?["detail"]?.stringValue?.contains("casa.nothing") == true)
    }
}
