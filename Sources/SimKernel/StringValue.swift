/// Reading and writing a system's string-shaped values (codes, tokens, PINs, card numbers) in
/// scenarios: a value that is not of its form is refused with what the form is. Shared by the systems
/// (Futurae's activation codes, CA Strong Authentication's masked card numbers, …).
public enum StringValue {
    public static func decode<T>(_ decoder: any Decoder, _ make: (String) -> T?, form: String) throws -> T {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let value = make(text) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "\"\(text)\" is not \(form)")
        }
        return value
    }

    public static func encode(_ text: String, _ encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(text)
    }
}

extension Character {
    /// 0–9 only (`Character.isNumber` also takes other scripts' digits and fractions).
    public var isASCIIDigit: Bool { isASCII && ("0"..."9").contains(self) }
}
