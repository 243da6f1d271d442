import Enrollment
import PIMS
import Testing

/// The guided enrollment alone: what it asks of the app, and what it reports.
@Suite struct GuidedEnrollmentFeatureTests {
    typealias Harness = FeatureHarness<GuidedEnrollment>

    /// 4·2's code prompt, the phone typed and its code, the registration call answered next.
    static func registeringPhone(_ shared: Shared = Harness.loggedIn) -> Harness {
        var s = GuidedEnrollment.State()
        s.stage = .registerCode
        s.statuses[.s4_2] = .current
        s.form = Form([.phone, .smsCode], values: [.phone: "0612345678", .smsCode: "1234"])
        return Harness(s, shared: shared)
    }

    @Test("Opening starts step 1, unless a call is already pending")
    func opening() {
        var t = Harness(GuidedEnrollment.State())
        t.send(.opened, [.call(.guided(.checkEnrollment), PIMSRequests.isDeviceActivated)]) {
            $0.stage = .checking
            $0.statuses[.s1] = .current
        }
        var busy = Harness(GuidedEnrollment.State(), shared: Shared(loggedIn: "alice@example.com", callPending: true))
        busy.send(.opened)
    }

    @Test("The phone asked for alone: 4·2 done reports phoneRegistered and stops; otherwise step 5 follows")
    func phoneOnly() {
        let ok = CallResponse.success("tx", [:])
        var alone = Self.registeringPhone(Shared(loggedIn: "alice@example.com", pims: PIMSShared(checklistNeeds: .trustedPhone)))
        alone.send(.answered(.registerPhone, ok), [.delegate(.phoneRegistered("Phone 0612345678 registered (4·2)."))]) {
            $0.statuses[.s4_2] = .done
            $0.trustedPhone = "0612345678"
            $0.stage = .notStarted
        }
        var whole = Self.registeringPhone()
        whole.send(.answered(.registerPhone, ok), [.call(.guided(.enrollmentSMS), PIMSRequests.enrollmentSMS(phone: "0612345678"))]) {
            $0.statuses[.s4_2] = .done
            $0.statuses[.s5] = .current
            $0.trustedPhone = "0612345678"
            $0.stage = .checking
            $0.form = Form([])
        }
    }

    @Test("Enrolled: a success notice, then the enrolled delegate (the app decides where to go)")
    func enrolledReports() {
        var s = GuidedEnrollment.State()
        s.stage = .existingPIN
        s.statuses[.s8] = .current
        s.form = Form([.pin], values: [.pin: "1234"])
        var t = Harness(s)
        let message = "The device is enrolled (step 8 answered Enrolled)."
        t.send(.answered(.validatePIN, .success("tx", ["status": "Enrolled"])), [.notice(.success(message)), .delegate(.enrolled(message))]) {
            $0.statuses[.s8] = .done
            $0.stage = .enrolled
            $0.form = Form([])
            $0.message = message
        }
    }

    @Test("2317 at step 8: the failure notice, blocked, step A offered by key")
    func forbiddenBlocks() {
        var s = GuidedEnrollment.State()
        s.stage = .existingPIN
        s.form = Form([.pin], values: [.pin: "0000"])
        var t = Harness(s)
        let error = PIMSError(.forbiddenOperation)
        let advice = "Press a to remove all enrollments (step A); enrollment then restarts at step 3."
        t.send(.answered(.validatePIN, .failure("tx", error)), [.notice(.failure(error, advice: advice))]) {
            $0.statuses[.s8] = .failed
            $0.failures[.s8] = "2317"
            $0.stage = .blocked
            $0.form = Form([])
            // The banner alone explains the error.
        }
        #expect(t.keys() == ["a remove all (A)", "Enter check again", "Esc back"])
        t.send(.removeAllEnrollments) { $0.stage = .confirmRemoveAll }
        #expect(t.keys() == ["Enter confirm", "Esc cancel"])
        #expect(GuidedEnrollment.confirmation(t.state, t.shared)?.title == "Step A: remove all enrollments?")
        t.send(.cancel) { $0.stage = .blocked }
        t.send(.cancel, [.back])
    }

    @Test("The transport retry: Enter on a check with a call to retry asks the app to send it again")
    func enterRetries() {
        var s = GuidedEnrollment.State()
        s.stage = .checking
        var t = Harness(s, shared: Shared(loggedIn: "alice@example.com", canRetry: true))
        t.send(.submit, [.retry])
    }

    @Test("SDK 2.0: the shortcut is offered only as 'force 4·1', whose help says the SDK answers 2002")
    func legacyKeys() {
        var s = GuidedEnrollment.State()
        s.stage = .chooseMethod
        let t = Harness(s, shared: Shared(config: SessionConfig(sdk: .v2_0), loggedIn: "alice@example.com"))
        #expect(t.keys() == ["s force 4·1", "l full 4·2", "Esc back"])
        let force = GuidedEnrollment.keys(s, Shared(config: SessionConfig(sdk: .v2_0), loggedIn: "alice@example.com")).first { $0.isOffered && $0.title == "force 4·1" }
        #expect(force?.help == "Send the shortcut anyway: SDK 2.0 answers 2002 (R8).")
    }
}
