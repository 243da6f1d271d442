import Futurae
import SimKernel
import Testing

@Suite("Futurae value types (§2)")
struct ValueTypeTests {
    @Test func anActivationCodeIsBase64URLOf32Bytes() throws {
        let bytes = (0..<32).map { UInt8($0 * 7 % 256) }
        let code = ActivationCode(bytes: bytes)
        #expect(code.value.count == 43)
        #expect(ActivationCode(code.value) == code)
        // The same bytes through the standard alphabet, translated: base64url is base64 with - and _.
        #expect(!code.value.contains("=") && !code.value.contains("+") && !code.value.contains("/"))
    }

    @Test func everyByteValueRoundTripsThroughTheAlphabet() {
        // 0xFB 0xFF … writes the two characters base64url adds ("-" is 62, "_" is 63).
        let code = ActivationCode(bytes: [UInt8](repeating: 0xFB, count: 30) + [0xFF, 0xF0])
        #expect(code.value.contains("-") || code.value.contains("_"))
        #expect(ActivationCode(code.value) != nil)
    }

    @Test(arguments: [
        "",  // empty
        "3qtYl0cd036QUJAhzL2_xKDWvcnUd3-iGORr2qzJw9",  // 42 characters
        "3qtYl0cd036QUJAhzL2_xKDWvcnUd3-iGORr2qzJw9w=",  // padded
        "3qtYl0cd036QUJAhzL2/xKDWvcnUd3+iGORr2qzJw9w",  // the standard alphabet
        "3qtYl0cd036QUJAhzL2_xKDWvcnUd3-iGORr2qzJw9x",  // last character carries more than 4 bits
        "3qtYl0cd036QUJAhzL2_xKDWvcnUd3-iGORr2qzJw9w ",
    ])
    func notBase64URLOf32BytesIsRefused(text: String) {
        #expect(ActivationCode(text) == nil)
    }

    @Test func theQRPayloadCarriesTheCode() throws {
        let code = try #require(ActivationCode("3qtYl0cd036QUJAhzL2_xKDWvcnUd3-iGORr2qzJw9w"))
        #expect(code.qrPayload.text == "futurae://enroll?activation_code=3qtYl0cd036QUJAhzL2_xKDWvcnUd3-iGORr2qzJw9w")
        #expect(code.qrPayload.type == .enrollment)
        #expect(code.qrPayload.enrollment == .code(code))
    }

    @Test(arguments: [
        ("futurae://enroll?activation_code=x", QRCodeType.enrollment),
        ("futurae://auth?session=1", .onlineAuth),
        ("futurae://offline?q=1", .offlineAuth),
        ("futurae://usernameless", .usernameless),
        ("futurae://enrol?activation_code=x", .invalid),
        ("https://futurae.com/enroll", .invalid),
        ("FUTURAE://enroll", .invalid),
        ("", .invalid),
    ])
    func qrCodeTypeBySchemeAndPath(payload: String, type: QRCodeType) {
        #expect(QRPayload(payload).type == type)
    }

    @Test func enrollReadsOnlyAnEnrollmentPayloadWithAGoodCode() {
        #expect(QRPayload("otpauth://totp/x").enrollment == .notFuturae)
        #expect(QRPayload("futurae://auth?x=1").enrollment == .otherType(.onlineAuth))
        #expect(QRPayload("futurae://enroll").enrollment == .badlyEncoded)
        #expect(QRPayload("futurae://enroll?activation_code=abc").enrollment == .badlyEncoded)
    }

    @Test func aShortCodeIs16DigitsShownInFourGroups() throws {
        let a = try #require(ShortCode("2216857857399044"))
        let b = try #require(ShortCode("2216 8578 5739 9044"))
        #expect(a == b)
        #expect(a.shown == "2216 8578 5739 9044")
        #expect(ShortCode("2216-8578-5739-9044") == nil)
        #expect(ShortCode("221685785739904") == nil)
        #expect(ShortCode("22168578573990441") == nil)
        #expect(ShortCode("221685785739904٤") == nil)  // an Arabic-Indic digit is not 0–9
    }

    @Test func aBindingTokenIsEightOfAToZAndTwoToNine() {
        #expect(BindingToken("57S6KDIM") != nil)
        #expect(BindingToken("57S6KDI1") == nil)  // 1 is not in the alphabet
        #expect(BindingToken("57s6kdim") == nil)  // compared exactly: lowercase is another token
        #expect(BindingToken("57S6KDI") == nil)
    }

    @Test func anSDKPINHasFourToEightDigits() {
        #expect(SDKPIN("1234") != nil)
        #expect(SDKPIN("12345678") != nil)
        #expect(SDKPIN("123") == nil)
        #expect(SDKPIN("123456789") == nil)
        #expect(SDKPIN("12a4") == nil)
        #expect(SDKPIN("1234")?.description == "••••")
    }

    @Test func seededCodesAreOfTheirFormAndRepeatUnderTheSameSeed() {
        var g = SeededGenerator(state: 42)
        var h = SeededGenerator(state: 42)
        for _ in 0..<50 {
            let code = ActivationCode.generate(&g)
            #expect(ActivationCode(code.value) == code)
            #expect(ActivationCode.generate(&h) == code)
            let short = ShortCode.generate(&g)
            #expect(ShortCode.generate(&h) == short)
            let token = BindingToken.generate(&g)
            #expect(BindingToken(token.value) == token)
            #expect(BindingToken.generate(&h) == token)
        }
    }

    @Test func everyErrorOfTheTableHasItsDomainCodeAndName() {
        let table: [(String, Int, String)] = [
            ("SDKError", 6, "invalidQRCode"), ("SDKError", 8, "multipleEnrollDisallowed"), ("SDKError", 10, "multiplePinEnrollDisallowed"),
            ("SDKError", 11, "invalidQRCodeEnroll"), ("SDKError", 12, "accountActive"), ("SDKError", 31, "invalidParameter"),
            ("SDKURLError", 2, "activationCodeNotFound"), ("SDKURLError", 3, "invalidActivationCode"),
            ("SDKURLError", 5, "invalidEncodingActivationCode"), ("SDKApiError", 1, "incorrectPin"),
            ("SDKApiError", 2, "incorrectPinArchivedDevice"), ("SDKApiError", 3, "pinNotNeeded"), ("SDKApiError", 13, "deviceArchived"),
            ("SDKApiError", 15, "bindingTokenCheckFailed"), ("SDKLockError", 3, "locked"), ("SDKLockError", 9, "sdkPinEmpty"),
            ("SDKLockError", 11, "sdkPinEnrollRequired"),
        ]
        #expect(FuturaeError.allCases.count == table.count)
        for (domain, code, name) in table {
            let error = FuturaeError(rawValue: name)
            #expect(error?.domain.rawValue == domain, "\(name)")
            #expect(error?.code == code, "\(name)")
            let callError = error?.callError(detail: "d")
            #expect(callError?.domain == domain && callError?.code == .number(code) && callError?.name == name && callError?.detail == "d")
            #expect(callError.flatMap(FuturaeError.init) == error)
            #expect(!(error?.label.isEmpty ?? true) && !(error?.whatToDo.isEmpty ?? true))
        }
    }
}
