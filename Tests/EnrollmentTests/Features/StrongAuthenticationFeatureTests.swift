import Enrollment
import PIMS
import Testing

/// The OTP page alone: it opens on a 2302, and reports whether the original call is retried.
@Suite struct StrongAuthenticationFeatureTests {
    typealias Harness = FeatureHarness<StrongAuthentication>
    static let original = PlannedCall(.account(.removeVehicle(vin: "VR1AB12C3D4567890")), PIMSRequests.removeProperty("VR1AB12C3D4567890"))

    static func asked() -> Harness {
        var t = Harness(nil)
        // Issue 38 (15): the page says what the 2302 means, once: no message under the form, no banner.
        t.send(.ask(original, returnTo: .account), [.notice(nil)]) {
            $0 = StrongAuthentication.Prompt(original: original, returnTo: .account)
        }
        return t
    }

    @Test("The OTP obtained: the page closes and reports the call to retry, and where")
    func authenticated() {
        var t = Self.asked()
        t.state?.form = Form([.pin], values: [.pin: "1234"])
        t.send(.submit, [.call(.otp, PIMSRequests.otpWithPIN("1234"))])
        t.send(.answered(.success("tx", ["otp": "123456"])),
               [.notice(.success("OTP 123456 obtained: strong authentication open. Retrying Account · E once.")),
                .delegate(.authenticated(Self.original, returnTo: .account))]) { $0 = nil }
    }

    @Test("Esc: the original call is not retried, and the flow that asked hears it")
    func cancelled() {
        var t = Self.asked()
        t.send(.cancel, [.notice(.info("Strong authentication cancelled: Account · E was not retried.")),
                         .delegate(.notRetried(Self.original, returnTo: .account))]) { $0 = nil }
        t.send(.cancel, [.back])
    }

    @Test("2312 from otp: the steps reset is offered; taking it leaves the page, then asks for the reset")
    func staleCache() {
        var t = Self.asked()
        #expect(t.keys() == ["Enter get OTP", "Esc cancel"])
        let error = PIMSError(.deviceDisabledOrUnknown)
        t.send(.answered(.failure("tx", error)), [.notice(.failure(error, advice: "Press ^S to refresh the steps with resetSteps: true."))]) {
            $0?.suggestsStepsReset = true
            $0?.message = "2312 from otp: refresh the service activation steps with resetSteps: true (^S) to clear a stale cache, then resolve what is todo."
        }
        #expect(t.keys() == ["Enter get OTP", "s reset steps", "Esc cancel"])
        t.send(.resetSteps, [.notice(.info("Strong authentication cancelled: Account · E was not retried.")),
                             .delegate(.notRetried(Self.original, returnTo: .account)), .delegate(.resetSteps)]) { $0 = nil }
    }

    @Test("2317 from otp on a blocked account: step A is the way out, never a steps refresh")
    func blockedAccount() {
        var t = Self.asked()
        let error = PIMSError(.forbiddenOperation, detail: "the account is PINBlocked")
        t.send(.answered(.failure("tx", error)), [.notice(.failure(error))]) {
            $0?.message = "2317 from otp: the account is PINBlocked. Remove all enrollments (step A: A), then enroll again."
        }
        #expect(t.keys() == ["Enter get OTP", "Esc cancel"])
        #expect(Notice.failure(error).advice.contains("step A"))
        #expect(!Notice.failure(error).advice.contains("^S"))
    }
}
