import Foundation
import SimWorld
import Testing

/// A card script answers byte for byte the same in process and over HTTP (the server and client
/// needed no change for the third system).
@Suite struct CardBatchOverHTTPTests {
    static let script = """
        {"sim": "casa.purchase", "card": "8888", "merchant": "Acme Shoes", "amount": 12950, "currency": "EUR"}
        {"type": "call", "name": "casa.getTransaction"}
        {"type": "call", "name": "casa.verifyPINUsingTouchID", "params": {"transactionId": "D60945AF07648C0A", "autoEnrollId": "7c3e91a04bd25f68e0a1", "outcome": "cancel"}}
        {"type": "call", "name": "casa.verifyPIN", "params": {"pin": "0000", "transactionId": "D60945AF07648C0A", "autoEnrollId": "7c3e91a04bd25f68e0a1"}}
        {"type": "call", "name": "casa.verifyPIN", "params": {"pin": "1234", "transactionId": "D60945AF07648C0A", "autoEnrollId": "7c3e91a04bd25f68e0a1"}}
        {"type": "call", "name": "casa.autoEnrollAccount", "params": {"displayName": "Travel card"}}
        {"sim": "casa.purchase", "card": "4242", "merchant": "Corner Shop", "amount": 500, "currency": "GBP"}
        {"sim": "advance", "seconds": 300}
        {"type": "call", "name": "casa.getTransaction"}
        {"sim": "casa.activationCode", "card": "8888"}
        {"sim": "session", "session": "ipad", "device": "alice-ipad", "biometrics": false}
        {"session": "ipad", "type": "call", "name": "casa.getEnabledAuthenticationTypes"}
        {"sim": "casa.card", "card": "4242", "state": "inactive"}
        {"type": "call", "name": "casa.getAllEnrolledAccounts"}
        {"sim": "fault", "name": "casa.setPin", "code": "ERROR_PIN_LOCKED"}
        {"type": "call", "name": "casa.setPin", "params": {"pin": "1234"}}
        {"sim": "casa.pushes"}
        {"sim": "export"}

        """

    @Test func theSameCardScriptGivesTheSameBytesInProcessAndOverHTTP() async throws {
        let a = try await BatchOverHTTPTests().sameLinesInProcessAndOverHTTP(scenario: "card-replacement", script: Self.script)
        // The script reached the interesting answers.
        #expect(a[0].contains("\"transactionId\":\"D60945AF07648C0A\""))
        #expect(a[3].contains("ERROR_INVALID_PIN"))
        #expect(a[5].contains("\"transactionStatus\":\"approved\""))
        #expect(a[8].contains("ERROR_TRANSACTION_EXPIRED"))
        #expect(a[11].contains("\"types\":[\"PIN\"]"))
        #expect(a[15].contains("injected fault"))
        #expect(a.last?.contains("verifiedOn: default") == true)
    }
}
