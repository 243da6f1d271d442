import SimKernel

/// The code the issuer's back office gives for the standard activation of one card (§2): 8 digits
/// (decision), one use.
public struct ActivationCode: Sendable, Hashable, Codable, CustomStringConvertible {
    public let value: String

    public static let length = 8
    public static let form = "an activation code (8 digits)"

    public init?(_ text: String) {
        guard text.count == Self.length, text.allSatisfy(\.isASCIIDigit) else { return nil }
        value = text
    }

    /// A seeded code.
    public static func generate(_ codes: inout SeededGenerator) -> ActivationCode {
        ActivationCode(codes.digits(length))!
    }

    public var description: String { value }

    public init(from decoder: any Decoder) throws { self = try StringValue.decode(decoder, Self.init, form: Self.form) }
    public func encode(to encoder: any Encoder) throws { try StringValue.encode(value, encoder) }
}

/// An activation code the back office issued: for which card, until when, and whether it was used.
public struct IssuedActivationCode: Sendable, Hashable, Codable {
    public var code: ActivationCode
    public var accountId: String
    public var expiresAt: SimTime
    public var used: Bool

    public init(code: ActivationCode, accountId: String, expiresAt: SimTime, used: Bool = false) {
        self.code = code
        self.accountId = accountId
        self.expiresAt = expiresAt
        self.used = used
    }

    enum CodingKeys: String, CodingKey { case code, accountId, expiresAt, used }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.decode(ActivationCode.self, forKey: .code)
        accountId = try c.decode(String.self, forKey: .accountId)
        expiresAt = try c.decode(SimTime.self, forKey: .expiresAt)
        used = try c.decodeIfPresent(Bool.self, forKey: .used) ?? false
    }

    /// At `expiresAt` it is over (as every code of the simulator).
    public func isExpired(at now: SimTime) -> Bool { now >= expiresAt }
}
