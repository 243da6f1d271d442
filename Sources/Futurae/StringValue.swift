import SimKernel

// `StringValue` (scenario forms) and `Character.isASCIIDigit` moved to the kernel when a second system
// needed them.

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
