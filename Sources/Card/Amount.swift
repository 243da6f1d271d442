/// An ISO 4217 currency the simulator knows, with its exponent (the digits after the decimal point).
public struct Currency: Sendable, Hashable, CustomStringConvertible {
    public let code: String
    public let exponent: Int

    /// The currencies a purchase may use (decision: the common ones, with their ISO 4217 exponents).
    public static let known: [String: Int] = [
        "AUD": 2, "BHD": 3, "BRL": 2, "CAD": 2, "CHF": 2, "CLP": 0, "CNY": 2, "CZK": 2, "DKK": 2, "EUR": 2, "GBP": 2,
        "HKD": 2, "HUF": 2, "INR": 2, "ISK": 0, "JOD": 3, "JPY": 0, "KRW": 0, "KWD": 3, "MXN": 2, "NOK": 2, "NZD": 2,
        "OMR": 3, "PLN": 2, "SEK": 2, "SGD": 2, "TND": 3, "TRY": 2, "USD": 2, "VND": 0, "ZAR": 2,
    ]
    public static let form = "an ISO 4217 currency code (\(known.keys.sorted().joined(separator: ", ")))"

    public init?(_ code: String) {
        guard let exponent = Self.known[code] else { return nil }
        self.code = code
        self.exponent = exponent
    }

    public var description: String { code }
}

/// A purchase amount as 3-D Secure carries it: whole minor units, the currency, and its exponent
/// (`4999`, `EUR`, `2` is 49.99 EUR).
public struct Amount: Sendable, Hashable, CustomStringConvertible {
    public let minorUnits: Int
    public let currency: Currency

    public static let range = 1...CardPolicy.largestAmount

    public init?(minorUnits: Int, currency: Currency) {
        guard Self.range.contains(minorUnits) else { return nil }
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// `49.99 EUR`, `5000 JPY`, `1.250 KWD`.
    public var shown: String {
        let e = currency.exponent
        guard e > 0 else { return "\(minorUnits) \(currency.code)" }
        var unit = 1
        for _ in 0..<e { unit *= 10 }
        let fraction = String(minorUnits % unit)
        return "\(minorUnits / unit).\(String(repeating: "0", count: e - fraction.count))\(fraction) \(currency.code)"
    }

    public var description: String { shown }
}
