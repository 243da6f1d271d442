import SimKernel
/// A phone number in one of the contract's two forms: French national (`0612345678`) or E.164
/// (`+33612345678`). Two forms of one number are equal: both normalise to E.164.
public struct PhoneNumber: Sendable, Hashable, ScenarioText {
    /// The E.164 form, the identity of the number.
    public let e164: String
    /// The form it was written in, kept for display and export.
    public let written: String
    public static let form = "a phone number (0XXXXXXXXX or +country…)"

    public init?(_ text: String) {
        // Read as bytes: only ASCII digits pass, so counting bytes counts characters, and every call
        // that names a phone runs this.
        let bytes = text.utf8
        let digits = bytes.dropFirst()
        if bytes.first == UInt8(ascii: "+") {
            guard (8...15).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else { return nil }
            e164 = text
        } else if bytes.first == UInt8(ascii: "0") {
            guard bytes.count == 10, digits.allSatisfy(\.isASCIIDigit) else { return nil }
            // Twelve bytes written in place (a small string: no allocation, no substring).
            e164 = String(unsafeUninitializedCapacity: 12) { out in
                out[0] = UInt8(ascii: "+"); out[1] = UInt8(ascii: "3"); out[2] = UInt8(ascii: "3")
                for (i, byte) in digits.enumerated() { out[3 + i] = byte }
                return 12
            }
        } else {
            return nil
        }
        written = text
    }

    public var description: String { written }

    public static func == (a: PhoneNumber, b: PhoneNumber) -> Bool { a.e164 == b.e164 }
    public func hash(into h: inout Hasher) { h.combine(e164) }
}

extension Character {
    public var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension UInt8 {
    /// An ASCII digit's byte (a multi-byte character never has one of these among its bytes).
    public var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}

extension StringProtocol {
    /// Non-empty and ASCII digits only.
    public var isDigitString: Bool { !utf8.isEmpty && utf8.allSatisfy(\.isASCIIDigit) }
}
