import Card
import Enrollment
import Testing

/// The shop's amount as typed, against the currency's exponent (docs/card-rules.md §2: minor units).
@Suite struct CardInputTests {
    @Test("Decimals up to the currency's exponent, in minor units")
    func amounts() throws {
        let eur = try #require(Currency("EUR")), jpy = try #require(Currency("JPY")), kwd = try #require(Currency("KWD"))
        #expect(CardInput.amount("49.99", eur)?.minorUnits == 4999)
        #expect(CardInput.amount("49.9", eur)?.minorUnits == 4990)
        #expect(CardInput.amount("49", eur)?.minorUnits == 4900)
        #expect(CardInput.amount(" 12.50 ", eur)?.minorUnits == 1250)
        #expect(CardInput.amount("5000", jpy)?.minorUnits == 5000)
        #expect(CardInput.amount("1.250", kwd)?.minorUnits == 1250)
    }

    @Test("More decimals than the currency has, a bare point, letters, zero: refused")
    func refusals() throws {
        let eur = try #require(Currency("EUR")), jpy = try #require(Currency("JPY"))
        for text in ["49.999", "49.", ".5", "4a", "", "0", "1.2.3"] {
            #expect(CardInput.amount(text, eur) == nil, "\(text) was taken")
        }
        #expect(CardInput.amount("50.5", jpy) == nil)
    }
}
