import SimKernel

/// The id the server gives an uploaded replacement card linked to the user's active cards (§2): 20
/// lowercase hexadecimal characters. A transaction carries it (`TransactionDetailsResponse.autoEnrollId`)
/// when the card used is such a card, and the app sends it back to verify (C5, C6).
public struct AutoEnrollID: Sendable, Hashable, Codable, CustomStringConvertible {
    public let value: String

    public static let length = 20
    public static let form = "an autoEnrollId (20 lowercase hexadecimal characters)"
    static let alphabet = Array("0123456789abcdef")

    public init?(_ text: String) {
        guard text.count == Self.length, text.allSatisfy(Self.alphabet.contains) else { return nil }
        value = text
    }

    /// A seeded id.
    public static func generate(_ codes: inout SeededGenerator) -> AutoEnrollID {
        AutoEnrollID(codes.hex(length))!
    }

    public var description: String { value }

    public init(from decoder: any Decoder) throws { self = try StringValue.decode(decoder, Self.init, form: Self.form) }
    public func encode(to encoder: any Encoder) throws { try StringValue.encode(value, encoder) }
}

extension SeededGenerator {
    /// `count` seeded lowercase hexadecimal characters.
    mutating func hex(_ count: Int) -> String {
        let alphabet = AutoEnrollID.alphabet
        return String((0..<count).map { _ in alphabet[Int(next() % 16)] })
    }
}
