import Enrollment
import PIMS
import SimWorld
import Testing

/// Every path of seed 000's device enrollment, end to end on the in-process simulator.
@Suite struct GuidedEnrollmentFlowTests {
    @Test("Shortcut 4·1 on a fresh account: one SMS, one call, enrolled (R8)")
    func shortcut() async throws {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.guided)))
        #expect(await app.state.guided.stage == .chooseMethod)
        #expect(await app.flowMap() == "1✓ 2✓ 3✓ 4·1· 4·2· 5· 6· 7· 8·")

        await app.send(.guided(.chooseShortcut))
        await app.type("0612345678")
        await app.send(.submit)
        #expect(await app.state.guided.stage == .shortcutCode)
        #expect(await app.state.inbox?.messages.count == 1, "the simulated phone shows the SMS")

        await app.send(.choose(.autofillCode))
        #expect(await app.state.guided.form[.smsCode] == (await app.newestCode()))
        await app.typePINTwice("4242")
        await app.send(.submit)

        let state = await app.state
        #expect(state.guided.stage == .enrolled)
        #expect(await app.flowMap() == "1✓ 2✓ 3✓ 4·1✓ 4·2- 5- 6- 7- 8-")
        #expect(await app.logSteps() == [
            "Session · login ok", "Enrollment · step 1 ok", "Enrollment · step 2 ok", "Enrollment · step 3 ok",
            "Enrollment · step 4·1 ok", "Enrollment · step 4·1 ok",
        ])
        let account = await app.account()
        #expect(account.phone == PhoneNumber("0612345678"))
        #expect(account.pin == PIN("4242"))
        #expect(account.enrolledDevices == ["alice-iphone"])
        #expect(state.simulator.account?.enrolledDevices == ["alice-iphone"], "the panel is live")
    }

    @Test("Full method 4·2 with a new PIN: 4·2, 5, 6 NotEnrolled, 7, 8")
    func fullWithNewPIN() async throws {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.guided)), .guided(.chooseFull))
        await app.type("0612345678")
        await app.send(.submit)
        #expect(await app.state.guided.stage == .registerCode)
        await app.send(.choose(.autofillCode), .submit)
        // 4·2 done, step 5 ran on its own: the enrollment code is awaited.
        #expect(await app.state.guided.stage == .enterCode)
        #expect(await app.flowMap() == "1✓ 2✓ 3✓ 4·1- 4·2✓ 5✓ 6▶ 7· 8·")
        await app.send(.choose(.autofillCode))
        #expect(await app.state.guided.form[.smsCode] == (await app.newestCode()), "autofill takes the enrollment code, the newest")
        await app.send(.submit)
        #expect(await app.state.guided.stage == .newPIN)
        await app.typePINTwice("1357")
        await app.send(.submit)

        #expect(await app.state.guided.stage == .enrolled)
        #expect(await app.flowMap() == "1✓ 2✓ 3✓ 4·1- 4·2✓ 5✓ 6✓ 7✓ 8✓")
        let steps = await app.logSteps()
        #expect(Array(steps.suffix(4)) == ["Enrollment · step 5 ok", "Enrollment · step 6 ok", "Enrollment · step 7 ok", "Enrollment · step 8 ok"])
        #expect(await app.account().pin == PIN("1357"))
        #expect(await app.account().enrolledDevices == ["alice-iphone"])
    }

    @Test("Step 7 asks for the PIN twice and never sends two different PINs")
    func newPINMustMatch() async throws {
        let app = try await App.start("phone-registered")
        await app.send(.choose(.open(.guided)), .choose(.autofillCode), .submit)
        #expect(await app.state.guided.stage == .newPIN)
        let calls = await app.state.log.entries.count
        await app.type("1357")
        await app.send(.focusNext)
        await app.type("1358")
        await app.send(.submit)
        let state = await app.state
        #expect(state.log.entries.count == calls)
        #expect(state.guided.form.error == "PIN again differs from pin: type the same PIN twice")
    }

    @Test("Full method with AlreadyEnrolled on a second device of the same account")
    func alreadyEnrolledOnSecondDevice() async throws {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.guided)), .guided(.chooseShortcut))
        await app.type("0612345678")
        await app.send(.submit, .choose(.autofillCode))
        await app.typePINTwice("2468")
        await app.send(.submit)
        #expect(await app.state.guided.stage == .enrolled)

        // Switch device mid-run: the session screen, a new device id, Enter.
        await app.send(.choose(.open(.start)))
        await app.send(.focusNext, .focusNext, .focusNext)
        #expect(await app.state.focusedField?.id == .device)
        #expect(await app.state.editingField == nil, "the session's fields wait for i")
        await app.send(.choose(.edit), .choose(.clearField))
        await app.type("alice-ipad")
        await app.send(.submit)
        #expect(await app.state.session.loggedIn == "alice@example.com")
        #expect(await app.state.session.config.sessionName == "alice-ipad")
        #expect(await app.state.guided.stage == .notStarted, "a new device starts its own flow")

        await app.send(.choose(.open(.guided)))
        #expect(await app.state.guided.stage == .enterCode, "steps 1–3 pass and step 5 sends the SMS")
        await app.send(.choose(.autofillCode), .submit)
        let afterSix = await app.state
        #expect(afterSix.guided.stage == .existingPIN)
        #expect(afterSix.guided.message?.contains("AlreadyEnrolled") == true)
        #expect(await app.flowMap() == "1✓ 2✓ 3✓ 4·1- 4·2- 5✓ 6✓ 7- 8▶")
        await app.type("2468")
        await app.send(.submit)
        #expect(await app.state.guided.stage == .enrolled)
        #expect(await app.flowMap() == "1✓ 2✓ 3✓ 4·1- 4·2- 5✓ 6✓ 7- 8✓")
        #expect(await app.account().enrolledDevices == ["alice-iphone", "alice-ipad"])
        #expect(await app.state.log.entries.last?.session == "alice-ipad")
    }

    @Test("Wrong PIN then right: step 8 retried without a new SMS (R11)")
    func wrongPINThenRight() async throws {
        let app = try await App.start("enrolled-elsewhere")
        await app.send(.choose(.open(.guided)), .choose(.autofillCode), .submit)
        await app.type("9999")
        await app.send(.submit)
        var state = await app.state
        #expect(state.guided.stage == .existingPIN)
        #expect(state.guided.statuses[.s8] == .failed)
        // One explanation: the banner's (code, what is left, what to do); the flow's line is quiet.
        #expect(state.guided.message == nil)
        #expect(state.notice?.code == "2308")
        #expect(state.notice?.detail?.contains("2 attempts left") == true)
        #expect(state.notice?.advice.contains("no new SMS is needed") == true)
        #expect(state.guided.failures[.s8] == "2308")
        #expect(state.guided.form[.pin] == "", "a wrong PIN is cleared")

        await app.type("1234")
        await app.send(.submit)
        state = await app.state
        #expect(state.guided.stage == .enrolled)
        #expect(state.guided.statuses[.s8] == .done)
        #expect(state.log.entries.filter { $0.step == "Enrollment · step 5" }.count == 1, "no new SMS")
        #expect(await app.account().pinFailures == 0)
    }

    @Test("Three wrong PINs → 2317 → remove all (A) → restart at step 3 → enrolled")
    func threeWrongPINsThenRemoveAll() async throws {
        let app = try await App.start("enrolled-elsewhere")
        await app.send(.choose(.open(.guided)), .choose(.autofillCode), .submit)
        for _ in 1...3 {
            await app.type("0000")
            await app.send(.submit)
        }
        var state = await app.state
        #expect(state.guided.stage == .blocked)
        #expect(state.notice?.code == "2317")
        #expect(await app.account().blockState == .pinBlocked)
        #expect(state.availableCommands.contains { $0.action == .guided(.removeAllEnrollments) })

        await app.send(.guided(.removeAllEnrollments))
        #expect(await app.state.guided.stage == .confirmRemoveAll)
        #expect(await app.state.log.entries.last?.step == "Enrollment · step 8", "nothing is removed before the confirmation")
        await app.send(.submit)
        state = await app.state
        // A succeeded; the flow restarted at step 3, found the phone, and sent a new enrollment SMS.
        #expect(state.guided.stage == .enterCode)
        #expect(await app.flowMap() == "1✓ 2✓ 3✓ 4·1- 4·2- 5✓ 6▶ 7· 8·")
        #expect(await app.account().blockState == .notBlocked)
        #expect(await app.account().pin == nil)

        await app.send(.choose(.autofillCode), .submit)
        #expect(await app.state.guided.stage == .newPIN, "the PIN was removed by A: NotEnrolled")
        await app.typePINTwice("8642")
        await app.send(.submit)
        #expect(await app.state.guided.stage == .enrolled)
        #expect(await app.account().enrolledDevices == ["alice-iphone"])
        #expect(await app.logSteps().contains("Enrollment · step A ok"))
    }

    @Test("Expired SMS code → resend → success (R7: 2306, then the newer code)")
    func expiredCodeThenResend() async throws {
        let app = try await App.start("phone-registered")
        await app.send(.choose(.open(.guided)), .choose(.autofillCode))
        let first = await app.state.guided.form[.smsCode]
        _ = await app.backend.control(.advance(seconds: 601))
        await app.send(.submit)
        var state = await app.state
        #expect(state.notice?.code == "2306")
        #expect(state.guided.statuses[.s6] == .failed)
        #expect(state.guided.stage == .enterCode)
        #expect(state.availableCommands.contains { $0.action == .guided(.resendSMS) && $0.key == .ctrl("n") })

        await app.send(.guided(.resendSMS))
        state = await app.state
        #expect(state.guided.form[.smsCode] == "", "the old code is cleared")
        #expect(await app.flowMap() == "1✓ 2✓ 3✓ 4·1- 4·2- 5✓ 6▶ 7· 8·")
        await app.send(.choose(.autofillCode))
        #expect(await app.state.guided.form[.smsCode] != first)
        await app.send(.submit)
        #expect(await app.state.guided.stage == .newPIN)
    }

    @Test("Wrong SMS code: retry keeps the typed code for a one-digit fix")
    func wrongCodeThenRetry() async throws {
        let app = try await App.start("phone-registered")
        await app.send(.choose(.open(.guided)))
        let code = await app.newestCode()
        let wrong = String(code.dropLast()) + (code.last == "0" ? "1" : "0")
        await app.type(wrong)
        await app.send(.submit)
        var state = await app.state
        #expect(state.notice?.code == "2305")
        #expect(state.guided.form[.smsCode] == wrong)
        await app.send(.backspace)
        await app.type(String(code.last!))
        await app.send(.submit)
        state = await app.state
        #expect(state.guided.stage == .newPIN)
        #expect(state.guided.statuses[.s6] == .done)
    }

    @Test("Device limit: step 8 blocks the account (AccountBlocked, 2317) and offers step A")
    func deviceLimit() async throws {
        let app = try await App.start("device-limit")
        await app.send(.choose(.open(.guided)), .choose(.autofillCode), .submit)
        await app.type("1234")
        await app.send(.submit)
        let state = await app.state
        #expect(state.guided.stage == .blocked)
        #expect(state.guided.statuses[.s8] == .failed)
        #expect(state.notice?.code == "2317")
        #expect(state.notice?.detail?.contains("device limit") == true)
        #expect(await app.account().blockState == .accountBlocked)
        #expect(state.simulator.account?.blockState == "AccountBlocked")

        // Running the enrollment again now stops at step 2, with step A as the way out.
        await app.send(.submit)
        #expect(await app.state.guided.stage == .blocked)
        #expect(await app.flowMap() == "1✓ 2✗ 3· 4·1· 4·2· 5· 6· 7· 8·")
        #expect(await app.state.guided.message?.contains("AccountBlocked") == true)
    }

    @Test("Legacy SDK 2.0: straight to 4·2, saying why 4·1 is skipped, then enrolled")
    func legacySDK() async throws {
        let app = try await App.start("legacy-sdk", SessionConfig(sdk: .v2_0))
        await app.send(.choose(.open(.guided)))
        var state = await app.state
        #expect(state.guided.stage == .registerPhone)
        #expect(state.guided.shortcutUnavailable == "The shortcut (4·1) needs SDK 2.1 or later; this session runs SDK 2.0.")
        #expect(state.guided.message == "4·1 skipped: The shortcut (4·1) needs SDK 2.1 or later; this session runs SDK 2.0. "
                + "s (^S in the field) sends it anyway: 2002 (R8).")
        #expect(await app.flowMap() == "1✓ 2✓ 3✓ 4·1- 4·2▶ 5· 6· 7· 8·")

        await app.type("0612345678")
        await app.send(.submit, .choose(.autofillCode), .submit, .choose(.autofillCode), .submit)
        await app.typePINTwice("1234")
        await app.send(.submit)
        state = await app.state
        #expect(state.guided.stage == .enrolled)
        #expect(await app.flowMap() == "1✓ 2✓ 3✓ 4·1- 4·2✓ 5✓ 6✓ 7✓ 8✓")
        #expect(!state.log.entries.contains { $0.request.subAPI == "enrollWithPhoneNumber" })
    }

    @Test("Already enrolled: step 1 answers true, step 2 says the account is usable, every other step is skipped")
    func alreadyEnrolled() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.guided)))
        #expect(await app.state.guided.stage == .enrolled)
        #expect(await app.flowMap() == "1✓ 2✓ 3- 4·1- 4·2- 5- 6- 7- 8-")
    }

    @Test("pin-blocked: the device is enrolled but the account is PINBlocked: the screen says so and offers step A (R2)")
    func enrolledButPINBlocked() async throws {
        let app = try await App.start("pin-blocked")
        await app.send(.choose(.open(.guided)))
        let state = await app.state
        #expect(state.guided.stage == .blocked)
        #expect(await app.flowMap() == "1✓ 2✗ 3· 4·1· 4·2· 5· 6· 7· 8·")
        #expect(state.guided.failures[.s2] == "PINBlocked")
        #expect(state.guided.message == "This device is enrolled, but the account is PINBlocked (step 2).")
        #expect(state.availableCommands.contains { $0.key == .char("a") && $0.title == "remove all (A)" })
    }

    @Test("Reference variant: step 3's 2307 is a failed call (✗ 2307) whose meaning is 'no phone': the method is chosen (R3)")
    func referenceVariantNoPhone() async throws {
        let app = try await App.start("fresh", SessionConfig(variant: .reference))
        await app.send(.choose(.open(.guided)))
        let state = await app.state
        #expect(state.guided.stage == .chooseMethod)
        #expect(state.guided.statuses[.s3] == .failed)
        #expect(state.guided.failures[.s3] == "2307")
        #expect(state.guided.message?.hasPrefix("Step 3 answered 2307") == true)
        #expect(state.guided.message?.contains("no trusted phone yet") == true)
        #expect(state.guided.message?.contains("reference variant") == true)
    }

    @Test("Android sends no SMS code at steps 7 and 8; iOS does (R11)")
    func androidOmitsCode() async throws {
        for platform in [Platform.android, .ios] {
            let app = try await App.start("phone-registered", SessionConfig(platform: platform))
            await app.send(.choose(.open(.guided)), .choose(.autofillCode), .submit)
            await app.typePINTwice("1234")
            await app.send(.submit)
            let enrolls = await app.state.log.entries.filter { $0.request.subAPI == "enroll" }
            #expect(enrolls.count == 2)
            #expect(enrolls.allSatisfy { ($0.request.params["smsCode"] != nil) == (platform == .ios) })
            #expect(await app.state.guided.stage == .enrolled)
        }
    }
}
