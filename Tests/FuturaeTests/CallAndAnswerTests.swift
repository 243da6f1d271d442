import Futurae
import SimKernel
import Testing

/// An app's Futurae requests are the typed calls' own (`FuturaeCall.request`, read back by F0's
/// `parse` to the same call), and its answers are read by the module's readers, missing fields as
/// their defaults and anything else as nothing.
@Suite struct CallAndAnswerTests {
    static let calls: [FuturaeCall] = [
        .qrCodeType(QRPayload("futurae://enroll?activation_code=abc")),
        .enroll(.init(activationCode: "futurae://enroll?activation_code=abc", sdkPin: "1234")),
        .enroll(.init(shortCode: "57S6KDIM", bindingToken: "tok")),
        .accounts, .lock, .authSessions,
        .unlock(.sdkPin("9999")), .unlock(.biometrics(.cancel)),
        .logoutAccount(userId: "u-1"), .deleteAccount(userId: "u-1"),
        .approveAuth(sessionId: "s-1"), .rejectAuth(sessionId: "s-1", isFraud: true), .rejectAuth(sessionId: "s-1", isFraud: false),
    ]

    @Test(arguments: calls) func aTypedCallsRequestReadsBackToTheCall(call: FuturaeCall) throws {
        let request = call.request
        #expect(request.name == call.api.name)
        #expect(try FuturaeCall.parse(request) == call)
    }

    @Test func anEnrollmentLeavesOutWhatWasNotGiven() {
        #expect(FuturaeCall.enroll(.init(shortCode: "57S6KDIM")).request.params == ["shortCode": "57S6KDIM"])
    }

    @Test func accountsAndActivationsAreReadFromTheirAnswers() throws {
        let accounts = FuturaeAccount.list(["accounts": [["userId": "u-1", "username": "alice", "lockedOut": true], ["username": "no id"], 3]])
        #expect(accounts.map(\.userId) == ["u-1"])
        #expect(accounts.first?.lockedOut == true && accounts.first?.serviceName == "–")
        #expect(FuturaeAccount.list(nil).isEmpty && FuturaeAccount.list(["accounts": "none"]).isEmpty)
        #expect(FuturaeAccount.enrolled(["account": ["userId": "u-2"]])?.username == "u-2", "no username: the id")
        let activations = BackOfficeActivation.list(.success(["activations": [
            ["qrCode": "futurae://x", "shortCode": "1234 5678-9012", "userId": "u-3", "expiresAt": "2026-01-05T09:10:00Z"], ["shortCode": "1"],
        ]]))
        #expect(activations.count == 1)
        #expect(activations.first?.shortCode == "123456789012", "digits only: the screens group them")
        #expect(activations.first?.username == "u-3" && activations.first?.isPending == true)
        #expect(BackOfficeActivation(["activation": ["qrCode": "futurae://y", "status": "expired"]])?.isPending == false)
        #expect(BackOfficeActivation(nil) == nil)
    }

    @Test func loginsAndTheLockAreReadFromTheirAnswers() throws {
        let pushed = try #require(PushedLogin(["sessionId": "s-1", "userId": "u-1", "expiresAt": "2026-01-05T09:02:00Z",
                                               "extraInfo": [["key": "IP", "value": "10.0.0.1"], ["key": "no value"]]]))
        #expect(pushed.username == "u-1" && pushed.serviceName == "The service")
        #expect(pushed.context.map(\.key) == ["IP"] && pushed.context.map(\.value) == ["10.0.0.1"])
        #expect(pushed.secondsLeft(at: "2026-01-05T09:01:00Z") == 60 && pushed.secondsLeft(at: "later") == nil)
        #expect(PushedLogin.list(["authSessions": [["sessionId": "s-1"], ["userId": "u"]]]).map(\.sessionId) == ["s-1"])
        let office = BackOfficeLogin.list(.success(["authSessions": [["sessionId": "s-2", "result": "deny"]]]))
        #expect(office.first?.status == "deny" && office.first?.deviceId == "–")
        let auth = AuthPushed(.success(["authSession": ["deviceId": "alice-iphone"], "pushedTo": ["default", 3]]))
        #expect(auth.deviceId == "alice-iphone" && auth.pushedTo == ["default"])
        let lock = SDKLockRead(.success(["locked": false, "unlockedUntil": "2026-01-05T09:01:00Z"]))
        #expect(!lock.locked && lock.unlockedUntil == "2026-01-05T09:01:00Z" && !lock.archived)
        #expect(SDKLockRead(.failure("no device")) == SDKLockRead(.success([:])))
        #expect(UnlockResult.pinAttemptsLeft(["pinAttemptsLeft": 2]) == 2 && UnlockResult.pinAttemptsLeft(["pinAttemptsLeft": "2"]) == nil)
    }
}
