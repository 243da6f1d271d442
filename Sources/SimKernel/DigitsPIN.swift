/// A system's policy for its PIN: how many digits it has, and how a scenario names the form.
public protocol PINForm: Sendable {
    static var lengths: ClosedRange<Int> { get }
    /// "a user PIN (4 to 8 digits)": what a scenario's refused value should have been.
    static var form: String { get }
}

/// A PIN of ASCII digits whose length its system's `PINForm` bounds (leading zeros kept).
public struct DigitsPIN<Form: PINForm>: Sendable, Hashable, Codable, CustomStringConvertible {
    public let value: String

    public static var lengths: ClosedRange<Int> { Form.lengths }
    public static var form: String { Form.form }

    public init?(_ text: String) {
        guard Form.lengths.contains(text.count), text.allSatisfy(\.isASCIIDigit) else { return nil }
        value = text
    }

    /// Never printed whole by accident (logs, test failures).
    public var description: String { String(repeating: "•", count: value.count) }

    public init(from decoder: any Decoder) throws { self = try StringValue.decode(decoder, Self.init, form: Form.form) }
    public func encode(to encoder: any Encoder) throws { try StringValue.encode(value, encoder) }
}
