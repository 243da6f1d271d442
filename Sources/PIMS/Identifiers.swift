import SimKernel
/// A vehicle identification number: 17 characters, capital letters and digits except I, O and Q.
public struct VIN: Sendable, Hashable, Codable, CustomStringConvertible {
    public let value: String

    public init?(_ text: String) {
        guard text.count == 17,
            text.allSatisfy({ $0.isASCIIDigit || (("A"..."Z").contains($0) && !"IOQ".contains($0)) })
        else { return nil }
        value = text
    }

    public var description: String { value }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let v = VIN(s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "'\(s)' is not a VIN (17 letters and digits, no I, O or Q)")
        }
        self = v
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }
}

/// The id of a vehicle association: a string of digits.
public struct CarAssociationID: Sendable, Hashable, Codable, CustomStringConvertible {
    public let value: String

    public init?(_ text: String) {
        guard text.isDigitString else { return nil }
        value = text
    }

    public var description: String { value }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let v = CarAssociationID(s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "'\(s)' is not a carAssociationID (digits only)")
        }
        self = v
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }
}

/// A PIN as typed: ASCII digits, leading zeros kept. Whether its length fits is the policy's call
/// (`PINPolicy`), checked where the contract's rules say.
public struct PIN: Sendable, Hashable, Codable, CustomStringConvertible {
    public let digits: String
    public init?(_ text: String) {
        guard text.isDigitString else { return nil }
        digits = text
    }
    public var description: String { digits }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let v = PIN(s) else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "'\(s)' is not a PIN (digits only)") }
        self = v
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(digits)
    }
}

/// An SMS code as typed: ASCII digits, leading zeros kept.
public struct SMSCode: Sendable, Hashable, Codable, CustomStringConvertible {
    public let digits: String
    public init?(_ text: String) {
        guard text.isDigitString else { return nil }
        digits = text
    }
    public var description: String { digits }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let v = SMSCode(s) else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "'\(s)' is not an SMS code (digits only)") }
        self = v
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(digits)
    }
}
