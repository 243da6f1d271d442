import SimKernel

/// A card's name on the phone (C7, C11): trimmed, 1 to 32 characters (§3).
public struct DisplayName: Sendable, Hashable, Codable, CustomStringConvertible {
    public let value: String

    public static let lengths = 1...32
    public static let form = "a display name (1 to 32 characters once trimmed)"

    public init?(_ text: String) {
        let trimmed = text.trimmed
        guard Self.lengths.contains(trimmed.count) else { return nil }
        value = trimmed
    }

    public var description: String { value }

    public init(from decoder: any Decoder) throws { self = try StringValue.decode(decoder, Self.init, form: Self.form) }
    public func encode(to encoder: any Encoder) throws { try StringValue.encode(value, encoder) }
}

extension String {
    /// Without leading and trailing white space (the module does without Foundation).
    var trimmed: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
