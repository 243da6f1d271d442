/// SplitMix64: small, fast, and its whole state is one number, so a world's generator is exported
/// with the world and a run repeats exactly.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` random decimal digits (leading zeros possible, as with real codes).
    public mutating func digits(_ count: Int) -> String {
        // Written as bytes: a code is drawn on every SMS and OTP.
        String(unsafeUninitializedCapacity: count) { buffer in
            for i in 0..<count { buffer[i] = UInt8(ascii: "0") + UInt8(next() % 10) }
            return count
        }
    }

    /// A uniform draw in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    public mutating func base64(bytes: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var raw: [UInt8] = (0..<bytes).map { _ in UInt8(truncatingIfNeeded: next()) }
        let padding = (3 - raw.count % 3) % 3
        raw += [UInt8](repeating: 0, count: padding)
        var out = ""
        for i in stride(from: 0, to: raw.count, by: 3) {
            let n = (UInt32(raw[i]) << 16) | (UInt32(raw[i + 1]) << 8) | UInt32(raw[i + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int((n >> UInt32(shift)) & 63)]) }
        }
        return String(out.dropLast(padding)) + String(repeating: "=", count: padding)
    }
}
