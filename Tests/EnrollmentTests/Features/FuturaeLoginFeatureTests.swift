@testable import Enrollment
import Futurae
import PIMS
import Testing

/// Push authentication on the phone (F8–F10) as a feature alone: a push becomes a request and a
/// notice, the answer is sent at once under lock type none, the SDK's lock is read first where the
/// lock type protects calls and a locked SDK asks for an unlock before the answer, the answers'
/// endings (approved, rejected, fraud, expired) and the back office's push and list.
@Suite struct FuturaeLoginFeatureTests {
    typealias Harness = FeatureHarness<FuturaeLogin>

    static let push: JSONValue = ["sessionId": "s-1", "userId": "u-1", "username": "alice@example.com", "serviceName": "Acme Bank",
                                  "expiresAt": "2026-01-05T09:02:00Z"]
    static let pushedAt = "2026-01-05T09:00:00Z"

    private static func shared(_ lockType: LockConfigurationType, biometrics: Bool = true) -> Shared {
        var config = SessionConfig()
        config.system = .futurae
        config.username = "alice@example.com"
        config.lockType = lockType
        config.biometrics = biometrics
        return Shared(config: config)
    }

    private static func ok(_ result: JSONValue = .null) -> CallResponse {
        CallResponse(transactionId: "tx-1", outcome: .success(result))
    }

    private static func failed(_ error: FuturaeError, _ detail: String? = nil, result: JSONValue? = nil) -> CallResponse {
        CallResponse(transactionId: "tx-1", outcome: .failure(error.callError(detail: detail)), failureResult: result)
    }

    /// A harness whose phone has the push open.
    private static func opened(_ lockType: LockConfigurationType) -> Harness {
        var t = Harness(FuturaeLogin.State(), shared: shared(lockType))
        _ = FuturaeLogin.reduce(&t.state, .pushed(push, at: pushedAt), t.shared)
        _ = FuturaeLogin.reduce(&t.state, .openPush, t.shared)
        return t
    }

    @Test("A push becomes a request, unread, with the question and its time left; F6's action opens it")
    func pushArrives() throws {
        var t = Harness(FuturaeLogin.State(), shared: Self.shared(.none))
        let request = try #require(FuturaeLogin.Request(Self.push))
        t.send(.pushed(Self.push, at: Self.pushedAt),
               [.notice(.info("Acme Bank: approve login as alice@example.com? (2:00 left)",
                              advice: "F6 opens it on the phone (Esc first from the simulator): approve, reject or report fraud."))]) {
            $0.requests = [request]
            $0.now = Self.pushedAt
            $0.unread = "s-1"
        }
        // Issue 38 (15): opened, the banner that said "F6 opens it" goes.
        t.send(.openPush, [.delegate(.show), .notice(nil)]) {
            $0.unread = nil
            $0.open = request
            $0.phase = .request
        }
        #expect(t.keys() == ["y approve", "n reject", "f fraud", "w wait 1 min", "Esc later"])
    }

    @Test("Lock type none: approve is sent at once (futurae.approveAuth) and ends approved, the request gone")
    func approveUnlocked() throws {
        var t = Self.opened(.none)
        t.send(.answer(.approve), [.call(.futuraeLogin(.answer(.approve)), FuturaeRequests.answerAuth(sessionId: "s-1", .approve))])
        #expect(FuturaeRequests.answerAuth(sessionId: "s-1", .approve).name == "futurae.approveAuth")
        t.send(.answered(.answer(.approve), Self.ok()), [.notice(.success("Login approved: Acme Bank · alice@example.com."))]) {
            $0.phase = .answered(.approve)
            $0.requests = []
            $0.message = "The service's auth/status reads allow."
        }
        t.send(.submit, [.control(.futuraeLogin(.clock), .futuraeDevice(session: t.shared.config.sessionName))]) {
            $0.phase = .inbox
            $0.open = nil
            $0.message = nil
        }
    }

    @Test("Reject and report fraud are futurae.rejectAuth, isFraud false and true")
    func rejectAndFraud() {
        let reject = FuturaeRequests.answerAuth(sessionId: "s-1", .reject)
        let fraud = FuturaeRequests.answerAuth(sessionId: "s-1", .fraud)
        #expect(reject.name == "futurae.rejectAuth" && reject.params["isFraud"] == false)
        #expect(fraud.name == "futurae.rejectAuth" && fraud.params["isFraud"] == true)
        var t = Self.opened(.none)
        t.send(.answer(.fraud), [.call(.futuraeLogin(.answer(.fraud)), fraud)])
        t.send(.answered(.answer(.fraud), Self.ok()), [.notice(.info("Login reported as fraud: Acme Bank · alice@example.com."))]) {
            $0.phase = .answered(.fraud)
            $0.requests = []
            $0.message = "The service's auth/status reads deny (status fraud)."
        }
    }

    @Test("A locked SDK: the lock is read first, the unlock asked, the SDK PIN sent, then the answer")
    func lockedSDK() {
        var t = Self.opened(.sdkPinWithBiometricsOptional)
        let session = t.shared.config.sessionName
        t.send(.answer(.approve), [.control(.futuraeLogin(.lock(.approve)), .futuraeDevice(session: session))]) {
            $0.phase = .checkingLock(.approve)
        }
        t.send(.controlAnswered(.lock(.approve), .success(["locked": true, "archived": false, "now": "2026-01-05T09:00:10Z"]))) {
            $0.phase = .unlock(.approve)
            $0.now = "2026-01-05T09:00:10Z"
        }
        #expect(t.keys() == ["e SDK PIN", "b biometrics", "Esc back"])
        t.send(.usePIN) { $0.phase = .pin(.approve) }
        t.state.pinForm[.sdkPin] = "9999"
        t.send(.submit, [.call(.futuraeLogin(.unlockPIN(.approve)), FuturaeRequests.unlock(sdkPin: "9999"))]) { _ in }
        t.send(.answered(.unlockPIN(.approve), Self.failed(.incorrectPin, result: ["pinAttemptsLeft": 4])),
               [.notice(.futurae(FuturaeError.incorrectPin.callError()))]) {
            $0.pinAttemptsLeft = 4
            $0.pinForm.clear([.sdkPin])
            $0.message = "Wrong SDK PIN."
        }
        t.send(.answered(.unlockPIN(.approve), Self.ok(["unlockedUntil": "2026-01-05T09:01:10Z"])),
               [.delegate(.unlocked(until: "2026-01-05T09:01:10Z")),
                .call(.futuraeLogin(.answer(.approve)), FuturaeRequests.answerAuth(sessionId: "s-1", .approve))]) {
            $0.pinAttemptsLeft = nil
            $0.phase = .request
            $0.message = "Unlocked until 2026-01-05T09:01:10Z (simulated clock)."
        }
    }

    @Test("Unlocked already: the lock read sends the answer; an answer refused as locked asks for the unlock")
    func unlockedAlready() {
        var t = Self.opened(.biometricsOnly)
        _ = FuturaeLogin.reduce(&t.state, .answer(.reject), t.shared)
        t.send(.controlAnswered(.lock(.reject), .success(["locked": false, "now": "2026-01-05T09:00:10Z"])),
               [.call(.futuraeLogin(.answer(.reject)), FuturaeRequests.answerAuth(sessionId: "s-1", .reject))]) {
            $0.phase = .request
            $0.now = "2026-01-05T09:00:10Z"
        }
        t.send(.answered(.answer(.reject), Self.failed(.locked)), [.notice(.futurae(FuturaeError.locked.callError()))]) {
            $0.phase = .unlock(.reject)
        }
        // Biometrics only: no SDK PIN key.
        #expect(t.keys() == ["b biometrics", "Esc back"])
        t.send(.useBiometrics) { $0.phase = .biometricPrompt(.reject) }
        t.send(.biometric(.cancel), [.call(.futuraeLogin(.unlockBiometrics(.reject)), FuturaeRequests.unlock(biometrics: .cancel))])
    }

    @Test("Not answered in time: the clock advanced past its expiry ends it expired; an answer refused as expired too")
    func expiry() {
        var t = Self.opened(.none)
        t.send(.wait, [.control(.futuraeLogin(.advance), .advance(seconds: 60))])
        t.send(.controlAnswered(.advance, .success(["now": "2026-01-05T09:02:00Z"])), [.call(.futuraeLogin(.list), FuturaeRequests.authSessions)]) {
            $0.now = "2026-01-05T09:02:00Z"
            $0.phase = .expired
            $0.message = "Not answered in time: the service's auth/status reads deny (status timeout)."
        }
        var late = Self.opened(.none)
        late.send(.answered(.answer(.approve), Self.failed(.activationCodeNotFound, "expired")),
                  [.notice(.futurae(FuturaeError.activationCodeNotFound.callError(detail: "expired")))]) {
            $0.phase = .expired
            $0.requests = []
            $0.message = "Not answered in time: the service's auth/status reads deny (status timeout)."
        }
    }

    @Test("The back office pushes a login for the session's user (futurae.auth) and lists the sessions again")
    func backOffice() {
        var t = Harness(FuturaeLogin.State(), shared: Self.shared(.none))
        t.send(.pushLogin, [.control(.futuraeLogin(.push), .futuraeAuth(user: "alice@example.com"))])
        let pushed = SimAnswer.success(["authSession": ["deviceId": "alice-iphone"], "pushedTo": ["default"]])
        t.send(.controlAnswered(.push, pushed), [.control(.futuraeLogin(.backOffice), .futuraeAuthentications())]) {
            $0.backOfficeMessage = "Pushed a login for alice@example.com to alice-iphone (sessions default)."
        }
        let listed = SimAnswer.success(["authSessions": [["sessionId": "s-1", "username": "alice@example.com", "deviceId": "alice-iphone",
                                                          "expiresAt": "2026-01-05T09:02:00Z", "result": "deny", "status": "fraud"]]])
        t.send(.controlAnswered(.backOffice, listed)) {
            $0.backOffice = [FuturaeLogin.BackOfficeLogin(["sessionId": "s-1", "username": "alice@example.com", "deviceId": "alice-iphone",
                                                           "expiresAt": "2026-01-05T09:02:00Z", "result": "deny", "status": "fraud"])!]
        }
        // An authSession event reads the list again only while the panel shows it.
        t.send(.backOfficeChanged(read: false))
        t.send(.backOfficeChanged(read: true), [.control(.futuraeLogin(.backOffice), .futuraeAuthentications())])
        var nobody = Harness(FuturaeLogin.State(), shared: Shared(config: SessionConfig(username: "")))
        nobody.send(.pushLogin) { $0.backOfficeMessage = "No user: the session's Username names who logs in." }
    }
}
