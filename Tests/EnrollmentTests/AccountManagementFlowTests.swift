import Enrollment
import PIMS
import SimWorld
import Testing

/// Account management A–E (seed 000) end to end, and the OTP retry of E (OTP tutorial).
@Suite struct AccountManagementFlowTests {
    @Test("A: remove all enrollments, with confirmation, on a PIN-blocked account (R12)")
    func removeAll() async throws {
        let app = try await App.start("pin-blocked")
        await app.send(.choose(.open(.account)), .account(.startTask(.removeAll)))
        #expect(await app.state.account.stage == .confirm)
        #expect(await app.state.isAwaitingConfirmation)
        #expect(await app.account().blockState == .pinBlocked, "nothing happens before the confirmation")
        await app.send(.submit)
        #expect(await app.state.account.stage == .done)
        let account = await app.account()
        #expect(account.blockState == .notBlocked)
        #expect(account.enrolledDevices.isEmpty)
        #expect(account.pin == nil)
        #expect(account.phone == PhoneNumber("0612345678"), "the trusted phone stays")
    }

    @Test("A can be declined: Esc sends nothing")
    func removeAllDeclined() async throws {
        let app = try await App.start("pin-blocked")
        await app.send(.choose(.open(.account)), .account(.startTask(.removeAll)), .cancel)
        #expect(await app.state.account.stage == .menu)
        #expect(await app.state.log.entries.count == 1, "only the login")
    }

    @Test("B: reset PIN with a resetPIN SMS and the new PIN twice (R6, R13)")
    func resetPIN() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.account)), .account(.startTask(.resetPIN)))
        var state = await app.state
        #expect(state.account.stage == .input)
        #expect(state.account.preconditionMet == true)
        await app.send(.submit)
        #expect(await app.state.account.stage == .code)
        await app.send(.choose(.autofillCode))
        state = await app.state
        #expect(state.account.form[.smsCode] == (await app.newestCode()))
        #expect(state.focusedField?.id == .newPIN, "autofill moves on to the next field")
        await app.typePINTwice("5678")
        await app.send(.submit)
        state = await app.state
        #expect(state.account.stage == .done)
        #expect(state.account.message == "PIN reset (B): the new PIN is in force and its failures are back to 0.")
        #expect(await app.account().pin == PIN("5678"))
        #expect(state.log.entries.map(\.step).suffix(3) == ["Account · step 1 (precondition)", "Account · B", "Account · B"])
    }

    @Test("Autofill a second time says the code is typed already (the explorer's silent-key finding on ^F)")
    func autofillTwiceSaysSo() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.account)), .account(.startTask(.resetPIN)), .submit, .choose(.autofillCode))
        let code = await app.newestCode()
        #expect(await app.state.account.form[.smsCode] == code)
        #expect(await app.state.notice == nil)
        await app.send(.choose(.autofillCode))
        #expect(await app.state.notice?.label == "\(code), the newest code on 0612345678, is typed already.")
    }

    @Test("B explains its precondition before any failure when no enrollment is active")
    func resetPINPrecondition() async throws {
        let app = try await App.start("phone-registered")
        await app.send(.choose(.open(.account)), .account(.startTask(.resetPIN)))
        let state = await app.state
        #expect(state.account.preconditionMet == false)
        #expect(state.account.preconditionNote?.contains("B needs an active enrollment") == true)
        #expect(state.notice == nil, "explained, not failed")
    }

    @Test("B on a second device: step 1 says no, but the account is enrolled elsewhere, so B can go on (R13)")
    func resetPINFromSecondDevice() async throws {
        let app = try await App.start("enrolled-elsewhere")
        await app.send(.choose(.open(.account)), .account(.startTask(.resetPIN)))
        var state = await app.state
        #expect(state.account.preconditionMet == true)
        #expect(state.account.preconditionNote == "This device is not enrolled (step 1), but alice-ipad is: B needs an enrollment on the account, so it can go on.")
        await app.send(.submit, .choose(.autofillCode))
        await app.typePINTwice("7777")
        await app.send(.submit)
        state = await app.state
        #expect(state.account.stage == .done)
        #expect(await app.account().pin == PIN("7777"))
    }

    @Test("C: update PIN, a wrong current PIN first (R14 counts it)")
    func updatePIN() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.account)), .account(.startTask(.updatePIN)))
        #expect(await app.state.account.form.fields.map(\.id) == [.oldPIN, .newPIN, .newPINConfirm])
        await app.sendUpdatePIN(old: "1111", new: "4321")
        var state = await app.state
        #expect(state.notice?.code == "2308")
        #expect(state.account.form[.oldPIN] == "")
        #expect(state.account.form[.newPIN] == "4321", "the new PIN typed is kept")
        #expect(state.focusedField?.id == .oldPIN)
        #expect(await app.account().pinFailures == 1)
        await app.type("1234")
        await app.send(.submit)
        state = await app.state
        #expect(state.account.stage == .done)
        #expect(await app.account().pin == PIN("4321"))
        #expect(await app.account().pinFailures == 0)
    }

    @Test("D: modify the phone number with a certification SMS to the new number (R4, R15)")
    func modifyPhone() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.account)), .account(.startTask(.modifyPhone)))
        #expect(await app.state.account.preconditionMet == true)
        await app.type("0698765432")
        await app.send(.submit)
        #expect(await app.state.account.stage == .code)
        #expect(await app.state.inbox?.phone == "0698765432", "the phone that receives is the new one")
        await app.send(.choose(.autofillCode), .submit)
        #expect(await app.state.account.stage == .done)
        #expect(await app.account().phone == PhoneNumber("0698765432"))
    }

    @Test("D on an account without a phone says so up front (step 3)")
    func modifyPhonePrecondition() async throws {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.account)), .account(.startTask(.modifyPhone)))
        let state = await app.state
        #expect(state.account.preconditionMet == false)
        #expect(state.account.preconditionNote?.hasPrefix("No trusted phone (step 3)") == true)
        #expect(state.account.stage == .input)
    }

    @Test("E: removeProperty → 2302 → OTP withPin → retried once → removed (R17, R18, R16)")
    func removeVehicleThroughOTP() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.account)), .account(.startTask(.removeVehicle)))
        #expect(await app.state.vehicles.map(\.vin) == ["VR1AB12C3D4567890"])
        await app.send(.submit)
        #expect(await app.state.account.stage == .confirm)
        await app.send(.submit)
        var state = await app.state
        #expect(state.route == .otp)
        #expect(state.otp?.original.request == PIMSRequests.removeProperty("VR1AB12C3D4567890"))
        #expect(state.notice == nil, "the OTP page says its 2302 itself (issue 38, 15)")
        await app.type("1234")
        await app.send(.submit)
        state = await app.state
        #expect(state.route == .account)
        #expect(state.otp == nil)
        #expect(state.account.stage == .done)
        #expect(await app.account().vehicles.isEmpty)
        #expect(await app.logSteps().suffix(3) == ["Account · E 2302", "OTP · withPin ok", "Account · E ok"])
    }

    @Test("The OTP retry happens once: a second 2302 is shown, not looped")
    func otpRetriesOnce() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.account)), .account(.startTask(.removeVehicle)), .submit, .submit)
        // The backend answers the retry 2302 again (a fault), as if the window closed at once.
        _ = await app.backend.control(.fault(FaultRule(name: "pims.subscription.vehicle", code: 2302, times: 2)))
        await app.type("1234")
        await app.send(.submit)
        let state = await app.state
        #expect(state.route == .account)
        #expect(state.notice?.code == "2302")
        #expect(await app.logSteps().suffix(2) == ["OTP · withPin ok", "Account · E 2302"])
    }

    @Test("OTP with a wrong PIN: cleared, tried again")
    func otpWrongPIN() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.account)), .account(.startTask(.removeVehicle)), .submit, .submit)
        await app.type("9999")
        await app.send(.submit)
        let state = await app.state
        #expect(state.route == .otp)
        #expect(state.otp?.form[.pin] == "")
        #expect(state.otp?.message == "Wrong PIN: 2 attempts left. Type it again.")
    }

    @Test("E with another VIN: one not of the account answers 2323, a malformed one sent as typed 2102 (R18)")
    func removeAnotherVIN() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.account)), .account(.startTask(.removeVehicle)), .account(.moveSelection(1)))
        var state = await app.state
        #expect(state.focusedField?.id == .vin, "Another VIN… is a VIN field")
        await app.type("WVWZZZ1JZXW000001")
        await app.send(.submit)
        #expect(await app.state.account.stage == .confirm)
        await app.send(.submit)
        state = await app.state
        #expect(state.notice?.code == "2323")
        #expect(state.account.stage == .input, "refused: back to the vehicle choice")
        #expect(await app.account().vehicles.count == 1)
        await app.send(.choose(.toggleSendAsTyped), .choose(.clearField))
        await app.type("ABC")
        await app.send(.submit, .submit)
        #expect(await app.state.notice?.code == "2102")
        #expect(await app.logSteps().suffix(2) == ["Account · E 2323", "Account · E 2102"])
        // The malformed VIN is caught by the input checks (§1), and R18 names it: its branch.
        #expect(await app.state.log.entries.last?.response?.trace?.rule == "R18")
        #expect(await app.state.log.entries.last?.response?.trace?.branch == "2102")
    }

    @Test("The simulator panel's l ends the SDK session (R0b): the flows' next call answers 2301 (R0c), a login brings it back")
    func sdkLoggedOutBehindTheApp() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.simulator)), .simulator(.system(SystemPanelCommand(.pims, SDKSession.logOut))))
        #expect(await app.state.log.entries.last?.response?.trace?.rule == "R0b")
        #expect(await app.state.simulator.message?.contains("2301 (R0c)") == true)
        await app.send(.choose(.open(.account)), .account(.startTask(.resetPIN)))
        let state = await app.state
        #expect(state.log.entries.last?.response?.error?.code.description == "2301")
        #expect(state.log.entries.last?.response?.trace?.rule == "R0c")
    }

    @Test("After a removal (E) the checklist and the car key keep what they held: 2346, then 2102; 2010 (R20, R19, R25)")
    func removalLeavesStaleIDs() async throws {
        let app = try await App.start("enrolled")
        await app.send(.choose(.open(.steps)), .submit, .choose(.open(.carKey)), .submit)
        #expect(await app.state.carKey.selectedVIN == "VR1AB12C3D4567890")
        await app.send(.choose(.open(.account)), .account(.startTask(.removeVehicle)), .submit, .submit)
        await app.type("1234")
        await app.send(.submit)
        #expect(await app.account().vehicles.isEmpty)
        await app.send(.choose(.open(.steps)))
        #expect(await app.state.steps.message?.contains("answers 2346") == true)
        await app.send(.steps(.fetch))
        #expect(await app.state.log.entries.last?.response?.error?.code.description == "2346")
        await app.send(.steps(.fetch))
        #expect(await app.state.log.entries.last?.response?.trace?.rule == "R19")
        #expect(await app.state.log.entries.last?.response?.error?.code.description == "2102")
        await app.send(.choose(.open(.carKey)), .submit)
        #expect(await app.state.log.entries.last?.response?.trace?.rule == "R25")
        #expect(await app.state.log.entries.last?.response?.error?.code.description == "2010")
    }
}
