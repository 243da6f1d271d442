import SimKernel

/// A card number as the app may show it: its last four digits behind bullets, `•••• 4242` (§2).
public struct MaskedCardNumber: Sendable, Hashable, Codable, CustomStringConvertible {
    public let last4: String

    public static let form = "a masked card number (•••• 4242, **** 4242 or 4242)"

    /// Reads `•••• 4242`, `**** 4242` or the four digits alone.
    public init?(_ text: String) {
        var digits = Substring(text)
        for mask in ["•••• ", "**** "] where digits.hasPrefix(mask) { digits = digits.dropFirst(mask.count) }
        guard digits.count == 4, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        last4 = String(digits)
    }

    /// `•••• 4242`.
    public var shown: String { "•••• " + last4 }
    public var description: String { shown }

    public init(from decoder: any Decoder) throws { self = try StringValue.decode(decoder, Self.init, form: Self.form) }
    public func encode(to encoder: any Encoder) throws { try StringValue.encode(shown, encoder) }
}

/// A card's expiry, `MM/YY` as printed on it (§2).
public struct CardExpiry: Sendable, Hashable, Codable, CustomStringConvertible {
    public let month: Int
    public let year: Int

    public static let form = "a card expiry (MM/YY)"

    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
              let m = Int(parts[0]), let y = Int(parts[1]), (1...12).contains(m)
        else { return nil }
        month = m
        year = y
    }

    public var shown: String { (month < 10 ? "0" : "") + "\(month)/" + (year < 10 ? "0" : "") + "\(year)" }
    public var description: String { shown }

    public init(from decoder: any Decoder) throws { self = try StringValue.decode(decoder, Self.init, form: Self.form) }
    public func encode(to encoder: any Encoder) throws { try StringValue.encode(shown, encoder) }
}
