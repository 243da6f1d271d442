import SimKernel

/// A PIMS value written in scenarios as its text: read back through `init?(_:)`, a text not of its
/// form refused with what the form is ("'12' is not a VIN (…)").
public protocol ScenarioText: Codable, CustomStringConvertible {
    init?(_ text: String)
    /// "a VIN (17 letters and digits, no I, O or Q)".
    static var form: String { get }
}

extension ScenarioText {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let v = Self(s) else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "'\(s)' is not \(Self.form)") }
        self = v
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// A vehicle identification number: 17 characters, capital letters and digits except I, O and Q.
public struct VIN: Sendable, Hashable, ScenarioText {
    public let value: String
    public static let form = "a VIN (17 letters and digits, no I, O or Q)"

    public init?(_ text: String) {
        guard text.count == 17,
            text.allSatisfy({ $0.isASCIIDigit || (("A"..."Z").contains($0) && !"IOQ".contains($0)) })
        else { return nil }
        value = text
    }

    public var description: String { value }
}

/// The id of a vehicle association: a string of digits.
public struct CarAssociationID: Sendable, Hashable, ScenarioText {
    public let value: String
    public static let form = "a carAssociationID (digits only)"

    public init?(_ text: String) {
        guard text.isDigitString else { return nil }
        value = text
    }

    public var description: String { value }
}

/// A PIN as typed: ASCII digits, leading zeros kept. Whether its length fits is the policy's call
/// (`PINPolicy`), checked where the contract's rules say.
public struct PIN: Sendable, Hashable, ScenarioText {
    public let digits: String
    public static let form = "a PIN (digits only)"

    public init?(_ text: String) {
        guard text.isDigitString else { return nil }
        digits = text
    }

    public var description: String { digits }
}

/// An SMS code as typed: ASCII digits, leading zeros kept.
public struct SMSCode: Sendable, Hashable, ScenarioText {
    public let digits: String
    public static let form = "an SMS code (digits only)"

    public init?(_ text: String) {
        guard text.isDigitString else { return nil }
        digits = text
    }

    public var description: String { digits }
}
