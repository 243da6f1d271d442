import SimKernel

/// An activation shortcode: 16 digits, shown and accepted in four groups (`1234 5678 9012 3456`) or
/// without the spaces (§2).
public struct ShortCode: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The 16 digits, without spaces.
    public let digits: String

    public static let length = 16
    public static let form = "a shortcode (16 digits, spaces allowed between them)"

    /// Accepts 16 ASCII digits once spaces are removed (F2.4).
    public init?(_ text: String) {
        let digits = text.filter { $0 != " " }
        guard digits.count == Self.length, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        self.digits = digits
    }

    /// A seeded shortcode (§2: 16 seeded digits).
    public static func generate(_ codes: inout SeededGenerator) -> ShortCode {
        ShortCode(codes.digits(length))!
    }

    /// `1234 5678 9012 3456`.
    public var shown: String {
        let d = Array(digits)
        return stride(from: 0, to: d.count, by: 4).map { String(d[$0..<$0 + 4]) }.joined(separator: " ")
    }

    public var description: String { shown }

    // Scenarios write the shown form; either form is read.
    public init(from decoder: any Decoder) throws { self = try StringValue.decode(decoder, Self.init, form: Self.form) }
    public func encode(to encoder: any Encoder) throws { try StringValue.encode(shown, encoder) }
}
