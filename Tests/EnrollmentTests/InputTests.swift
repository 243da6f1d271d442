import Enrollment
import PIMS
import Testing

/// Validation as the user types: digits only, policy lengths, the contract's phone forms.
@Suite struct InputTests {
    let policy = PINPolicy()

    @Test("PIN: 4 to 6 digits by default; another policy changes the message", arguments: [
        ("", "enter 4 to 6 digits"), ("123", "a PIN has 4 to 6 digits"), ("1234", nil), ("123456", nil),
        ("1234567", "a PIN has 4 to 6 digits"), ("12a4", "digits only"),
    ] as [(String, String?)])
    func pin(_ value: String, _ message: String?) {
        #expect(FieldValidation.problem(value, kind: .pin, policy: policy) == message)
    }

    @Test func pinPolicyFromBackend() {
        #expect(FieldValidation.problem("12345", kind: .pin, policy: PINPolicy(pinMinLength: 6, pinMaxLength: 6)) == "a PIN has 6 digits")
    }

    @Test("Phone: French national or E.164 (§2)", arguments: [
        ("0612345678", nil), ("+33612345678", nil), ("+1234567", "10 digits starting with 0, or + and 8 to 15 digits"),
        ("612345678", "10 digits starting with 0, or + and 8 to 15 digits"), ("061234567", "10 digits starting with 0, or + and 8 to 15 digits"),
    ] as [(String, String?)])
    func phone(_ value: String, _ message: String?) {
        #expect(FieldValidation.problem(value, kind: .phone, policy: policy) == message)
    }

    @Test func phoneTyping() {
        #expect(FieldValidation.refusal("+", after: "", kind: .phone, policy: policy) == nil)
        #expect(FieldValidation.refusal("+", after: "06", kind: .phone, policy: policy) == "digits (and a leading +) only: '+' refused")
        #expect(FieldValidation.refusal("1", after: "0612345678", kind: .phone, policy: policy) == "a phone number has at most 10 digits")
        #expect(FieldValidation.refusal("1", after: "+33612345678", kind: .phone, policy: policy) == nil)
    }

    @Test func smsCode() {
        #expect(FieldValidation.problem("123", kind: .smsCode, policy: policy) == "the code has 4 digits")
        #expect(FieldValidation.refusal("5", after: "1234", kind: .smsCode, policy: policy) == "the code has 4 digits")
        #expect(FieldValidation.problem("0042", kind: .smsCode, policy: policy) == nil, "leading zeros count")
    }

    @Test func vinIsTypedInCapitals() {
        var state = AppState()
        state.session.loggedIn = "alice@example.com"
        state.route = .simulator
        state.simulator.form = Form([.vin])
        // The simulator's fields are settings: typing goes in once editing starts.
        _ = reduce(&state, .typed("v"))
        #expect(state.simulator.form[.vin] == "")
        _ = reduce(&state, .choose(.edit))
        _ = reduce(&state, .typed("v"))
        #expect(state.simulator.form[.vin] == "V")
        _ = reduce(&state, .typed("o"))
        #expect(state.simulator.form[.vin] == "V")
        #expect(state.simulator.form.fields[0].message == "a VIN never holds I, O or Q")
    }

    @Test("The PIN field is masked, and shown on request")
    func masking() {
        var form = Form([.pin])
        form.fields[0].value = "1234"
        #expect(form.fields[0].display == "••••")
        var state = AppState()
        state.route = .otp
        state.otp = StrongAuthentication.Prompt(original: PlannedCall(.otp, PIMSRequests.carKeyStatus), returnTo: .home)
        state.editing = true
        _ = reduce(&state, .typed("1"))
        _ = reduce(&state, .choose(.toggleMask))
        #expect(state.otp?.form.fields[0].display == "1")
    }

    @Test("Send as typed: a malformed phone reaches the backend and its 2102 is shown")
    func sendAsTypedReachesBackend() async throws {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.guided)), .guided(.chooseFull), .choose(.toggleSendAsTyped))
        await app.type("06-12")
        await app.send(.submit)
        let state = await app.state
        #expect(state.log.entries.last?.request.params["phoneNumber"] == "06-12")
        #expect(state.notice?.code == "2102")
        #expect(state.guided.statuses[.s4_2] == .failed)
        #expect(state.guided.stage == .registerPhone, "the prompt stays, with what was typed")
        #expect(state.guided.form[.phone] == "06-12")
    }

    @Test("Without send as typed, the same phone is refused before any call")
    func checkedInputSendsNothing() async throws {
        let app = try await App.start("fresh")
        await app.send(.choose(.open(.guided)), .guided(.chooseFull))
        await app.type("06-12")
        let calls = await app.state.log.entries.count
        await app.send(.submit)
        let state = await app.state
        #expect(state.guided.form[.phone] == "0612")
        #expect(state.guided.form.error == "Phone number: 10 digits starting with 0, or + and 8 to 15 digits")
        #expect(state.log.entries.count == calls)
    }
}
