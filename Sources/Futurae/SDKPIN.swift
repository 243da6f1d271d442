import SimKernel

/// The SDK PIN of lock type `sdkPinWithBiometricsOptional`: 4 to 8 digits (§2 policy, decision).
public struct SDKPIN: Sendable, Hashable, Codable, CustomStringConvertible {
    public let value: String

    public static let lengths = 4...8
    public static let form = "an SDK PIN (4 to 8 digits)"

    public init?(_ text: String) {
        guard Self.lengths.contains(text.count), text.allSatisfy(\.isASCIIDigit) else { return nil }
        value = text
    }

    /// Never printed whole by accident (logs, test failures).
    public var description: String { String(repeating: "•", count: value.count) }

    public init(from decoder: any Decoder) throws { self = try StringValue.decode(decoder, Self.init, form: Self.form) }
    public func encode(to encoder: any Encoder) throws { try StringValue.encode(value, encoder) }
}
