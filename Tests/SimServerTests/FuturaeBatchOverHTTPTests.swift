import Foundation
import SimWorld
import Testing

/// A Futurae script answers byte for byte the same in process and over HTTP (the server and client
/// needed no change for the new system).
@Suite struct FuturaeBatchOverHTTPTests {
    static let bobQR = "futurae://enroll?activation_code=vijfu0WYKzPZ0cW1mvplf7NZ1L0xW-hlB0xBMsxyMbg"
    static let script = """
        {"type": "call", "name": "futurae.accounts"}
        {"type": "call", "name": "futurae.enroll", "params": {"activationCode": "\(bobQR)"}}
        {"type": "call", "name": "futurae.unlock", "params": {"method": "sdkPin", "sdkPin": "0000"}}
        {"type": "call", "name": "futurae.unlock", "params": {"method": "sdkPin", "sdkPin": "1234"}}
        {"sim": "fault", "name": "futurae.enroll", "latencyMs": 1000, "times": 1}
        {"type": "call", "name": "futurae.enroll", "params": {"activationCode": "\(bobQR)"}}
        {"type": "call", "name": "futurae.enroll", "params": {"shortCode": "1111 2222 3333 4444"}}
        {"sim": "futurae.activation", "user": "alice@example.com", "shortCode": true, "binding": true}
        {"sim": "futurae.activations"}
        {"sim": "session", "session": "ipad", "device": "alice-ipad", "lockType": "biometricsOnly", "biometrics": true}
        {"session": "ipad", "type": "call", "name": "futurae.unlock", "params": {"method": "biometrics", "outcome": "cancel"}}
        {"sim": "session", "session": "bad", "device": "x", "lockType": "faceId"}
        {"type": "call", "name": "futurae.nothing"}
        {"sim": "fault", "name": "futurae.accounts", "code": "deviceArchived"}
        {"type": "call", "name": "futurae.accounts"}
        {"sim": "advance", "seconds": 2}
        {"type": "call", "name": "futurae.accounts"}
        {"sim": "export"}

        """

    @Test func theSameFuturaeScriptGivesTheSameBytesInProcessAndOverHTTP() async throws {
        let a = try await BatchOverHTTPTests().sameLinesInProcessAndOverHTTP(scenario: "futurae-enrolled", script: Self.script)
        // The script reached the interesting answers.
        #expect(a[1].contains("\"name\":\"locked\""))
        #expect(a[5].contains("\"username\":\"bob@example.com\""))
        #expect(a[6].contains("\"name\":\"multipleEnrollDisallowed\""))
        #expect(a[10].contains("biometric prompt: cancel"))
        #expect(a[14].contains("injected fault"))
        #expect(a.last?.contains("enrollInFlightUntil") == true)
    }
}
