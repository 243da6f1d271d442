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
        let digits = text.dropFirst()
        if text.hasPrefix("+") {
            guard (8...15).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else { return nil }
            e164 = text
        } else if text.hasPrefix("0") {
            guard text.count == 10, text.allSatisfy(\.isASCIIDigit) else { return nil }
            e164 = "+33" + digits
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

extension StringProtocol {
    /// Non-empty and ASCII digits only.
    public var isDigitString: Bool { !isEmpty && allSatisfy(\.isASCIIDigit) }
}
