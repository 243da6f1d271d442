import Card
import SimKernel
import Testing

@Suite("Card value types (§2) and the error table (§1)")
struct CardValueTypeTests {
    @Test func aMaskedCardNumberIsFourDigitsBehindBullets() throws {
        let a = try #require(MaskedCardNumber("•••• 4242"))
        #expect(MaskedCardNumber("**** 4242") == a)
        #expect(MaskedCardNumber("4242") == a)
        #expect(a.shown == "•••• 4242" && a.last4 == "4242")
        for bad in ["424", "42424", "•••• 42a2", "4242 ••••", "", "•••4242", "٤٢٤٢"] { #expect(MaskedCardNumber(bad) == nil, "\(bad)") }
    }

    @Test func anExpiryIsMonthSlashYear() throws {
        #expect(CardExpiry("01/26")?.shown == "01/26")
        #expect(CardExpiry("12/29")?.month == 12 && CardExpiry("12/29")?.year == 29)
        for bad in ["13/26", "00/26", "1/26", "01/2026", "0126", "ab/cd"] { #expect(CardExpiry(bad) == nil, "\(bad)") }
    }

    @Test(arguments: [
        (4999, "EUR", "49.99 EUR"), (5, "EUR", "0.05 EUR"), (100, "USD", "1.00 USD"), (5000, "JPY", "5000 JPY"), (1250, "KWD", "1.250 KWD"),
    ])
    func anAmountIsMinorUnitsShownWithTheCurrencysExponent(minor: Int, code: String, shown: String) throws {
        let currency = try #require(Currency(code))
        #expect(Amount(minorUnits: minor, currency: currency)?.shown == shown)
    }

    @Test func amountsAndCurrenciesOutsideThePolicyAreRefused() throws {
        let eur = try #require(Currency("EUR"))
        #expect(Amount(minorUnits: 0, currency: eur) == nil)
        #expect(Amount(minorUnits: -5, currency: eur) == nil)
        #expect(Amount(minorUnits: CardPolicy.largestAmount + 1, currency: eur) == nil)
        #expect(Currency("eur") == nil && Currency("XXX") == nil && Currency("") == nil)
        #expect(Currency("JPY")?.exponent == 0 && Currency("BHD")?.exponent == 3)
    }

    @Test func pinsCodesIdsAndNames() {
        #expect(UserPIN("1234") != nil && UserPIN("12345678") != nil)
        #expect(UserPIN("123") == nil && UserPIN("123456789") == nil && UserPIN("12a4") == nil)
        #expect(UserPIN("1234")?.description == "••••")  // never printed whole
        #expect(ActivationCode("40718263") != nil && ActivationCode("4071826") == nil && ActivationCode("4071826x") == nil)
        #expect(AutoEnrollID("7c3e91a04bd25f68e0a1") != nil)
        #expect(AutoEnrollID("7C3E91A04BD25F68E0A1") == nil)  // lowercase only: compared exactly
        #expect(AutoEnrollID("7c3e91a04bd25f68e0a") == nil)
        #expect(DisplayName("  Travel card  ")?.value == "Travel card")
        #expect(DisplayName("   ") == nil && DisplayName(String(repeating: "x", count: 33)) == nil)
        #expect(DisplayName(String(repeating: "x", count: 32)) != nil)
    }

    @Test func seededValuesRepeatAndHaveTheirForm() {
        var a = SeededGenerator(state: 42)
        var b = SeededGenerator(state: 42)
        let ids = (0..<20).map { _ in AutoEnrollID.generate(&a) }
        #expect(ids == (0..<20).map { _ in AutoEnrollID.generate(&b) })
        #expect(ids.allSatisfy { AutoEnrollID($0.value) == $0 })
        #expect(ActivationCode(ActivationCode.generate(&a).value) != nil)
    }

    @Test func theErrorTableHasTheContractsCodesWithLabelsAndAdvice() {
        let contract = ["ERROR_ATTEMPTS_EXHAUSTED", "ERROR_INACTIVE_ACCOUNT", "ERROR_INVALID_PARAMETER", "ERROR_NO_TRANSACTION",
                        "ERROR_TRANSACTION_EXPIRED", "ERROR_TRANSACTION_CLOSED", "ERROR_INVALID_AUTOENROLL_ID", "ERROR_NOT_VERIFIED",
                        "ERROR_PIN_LOCKED", "ERROR_BIOMETRIC_FAILED", "ERROR_BIOMETRIC_FALLBACK", "ERROR_BIOMETRIC_CANCELLED",
                        "ERROR_INVALID_ACTIVATION_CODE", "ERROR_PIN_NOT_SET", "ERROR_PIN_ALREADY_SET"]
        #expect(Set(CardError.allCases.map(\.code)) == Set(contract + ["ERROR_INVALID_PIN"]))
        #expect(Set(CardError.allCases.map(\.label)).count == CardError.allCases.count)
        #expect(CardError.allCases.allSatisfy { !$0.whatToDo.isEmpty })
        for e in CardError.allCases {
            let call = e.callError(detail: "d")
            #expect(call.code == .text(e.code) && call.domain == nil && CardError(call) == e)
        }
    }

    @Test func aFailuresResponseObjectCarriesStatusErrorCodeAndItsFields() {
        let f = CardFailure(.invalidPIN, "wrong PIN: 2 attempts left", fields: ["attemptAgain": true, "attemptsLeft": 2])
        #expect(f.responseObject == ["status": "FAILURE", "errorCode": "ERROR_INVALID_PIN", "attemptAgain": true, "attemptsLeft": 2])
    }

    @Test func theCatalogueNamesElevenCallsWithTheirRules() {
        #expect(CardAPI.all.count == 11)
        #expect(CardAPI.all.map(\.rule) == ["C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10", "C11", "C12"])
        #expect(CardAPI.all.allSatisfy { $0.name.hasPrefix("casa.") })
    }
}
