import SimKernel

/// The token of Trusted Session Binding: 8 characters from `A–Z` and `2–9` (§2, decision), read by
/// the user in the service's trusted web session and typed into the app. Compared exactly.
public struct BindingToken: Sendable, Hashable, Codable, CustomStringConvertible {
    public let value: String

    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789")
    public static let length = 8
    public static let form = "a binding token (8 characters from A–Z and 2–9)"

    public init?(_ text: String) {
        guard text.count == Self.length, text.allSatisfy(Self.alphabet.contains) else { return nil }
        value = text
    }

    /// A seeded token.
    public static func generate(_ codes: inout SeededGenerator) -> BindingToken {
        let n = UInt64(alphabet.count)
        return BindingToken(String((0..<length).map { _ in alphabet[Int(codes.next() % n)] }))!
    }

    public var description: String { value }

    public init(from decoder: any Decoder) throws { self = try StringValue.decode(decoder, Self.init, form: Self.form) }
    public func encode(to encoder: any Encoder) throws { try StringValue.encode(value, encoder) }
}
