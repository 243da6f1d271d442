import SimKernel

/// The code of an activation: 32 bytes written as 43 characters of base64url (no padding), what the
/// activation QR code carries (§2).
public struct ActivationCode: Sendable, Hashable, Codable, CustomStringConvertible {
    public let value: String

    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    public static let length = 43
    public static let form = "an activation code (43 characters of base64url: 32 bytes)"

    /// Accepts exactly the base64url writing of 32 bytes: 43 characters of the alphabet, the last one
    /// carrying 4 bits (its 2 low bits zero), as an encoder writes them.
    public init?(_ text: String) {
        let chars = Array(text)
        guard chars.count == Self.length else { return nil }
        var values: [Int] = []
        for c in chars {
            guard let v = Self.alphabet.firstIndex(of: c) else { return nil }
            values.append(v)
        }
        guard values[Self.length - 1] % 4 == 0 else { return nil }
        value = text
    }

    /// The base64url writing of 32 bytes.
    public init(bytes: [UInt8]) {
        precondition(bytes.count == 32, "an activation code holds 32 bytes")
        var out = ""
        var i = 0
        while i < bytes.count {
            let chunk = Array(bytes[i..<min(i + 3, bytes.count)])
            let n = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for k in 0...chunk.count { out.append(Self.alphabet[Int((n >> UInt32(18 - 6 * k)) & 63)]) }
            i += 3
        }
        value = out
    }

    /// A seeded code (§2: 32 seeded bytes).
    public static func generate(_ codes: inout SeededGenerator) -> ActivationCode {
        ActivationCode(bytes: codes.bytes(32))
    }

    /// The enrollment QR code's payload for this code.
    public var qrPayload: QRPayload { QRPayload(enrolling: self) }

    public var description: String { value }

    public init(from decoder: any Decoder) throws { self = try StringValue.decode(decoder, Self.init, form: Self.form) }
    public func encode(to encoder: any Encoder) throws { try StringValue.encode(value, encoder) }
}
