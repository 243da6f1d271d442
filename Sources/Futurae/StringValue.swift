import SimKernel

/// Reading and writing the contract's string-shaped values (codes, tokens, PINs) in scenarios: a
/// value that is not of its form is refused with what the form is.
enum StringValue {
    static func decode<T>(_ decoder: any Decoder, _ make: (String) -> T?, form: String) throws -> T {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let value = make(text) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "\"\(text)\" is not \(form)")
        }
        return value
    }

    static func encode(_ text: String, _ encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(text)
    }
}

extension Character {
    /// 0–9 only (`Character.isNumber` also takes other scripts' digits and fractions).
    var isASCIIDigit: Bool { isASCII && ("0"..."9").contains(self) }
}

extension SeededGenerator {
    /// `count` seeded bytes.
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }

    /// A seeded version-4 UUID, lowercase: `3f1c2a9e-…`.
    mutating func uuid() -> String {
        var b = bytes(16)
        b[6] = (b[6] & 0x0F) | 0x40
        b[8] = (b[8] & 0x3F) | 0x80
        let hex = b.map { byte in
            let s = String(byte, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
        let u = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(u[$0]) }.joined(separator: "-")
    }
}

/// Is `text` a UUID (8-4-4-4-12 hexadecimal digits)?
func isUUID(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.map(\.count) == [8, 4, 4, 4, 12] else { return false }
    return parts.allSatisfy { $0.allSatisfy(\.isHexDigit) && $0.allSatisfy(\.isASCII) }
}
