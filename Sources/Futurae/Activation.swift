import SimKernel

/// What the service's back office creates for a user to enroll a device (§2, "enroll" in Futurae's
/// server API): the activation code (and its QR payload), an optional shortcode, an expiry, and when
/// Trusted Session Binding is on, the binding token.
public struct Activation: Sendable, Hashable, Codable {
    public var enrollmentId: String
    public var userId: String
    public var activationCode: ActivationCode
    public var shortCode: ShortCode?
    /// Present exactly when binding is on.
    public var bindingToken: BindingToken?
    public var expiresAt: SimTime
    public var status: Status

    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        case pending, success, expired
    }

    public init(enrollmentId: String, userId: String, activationCode: ActivationCode, shortCode: ShortCode? = nil,
                bindingToken: BindingToken? = nil, expiresAt: SimTime, status: Status = .pending) {
        self.enrollmentId = enrollmentId
        self.userId = userId
        self.activationCode = activationCode
        self.shortCode = shortCode
        self.bindingToken = bindingToken
        self.expiresAt = expiresAt
        self.status = status
    }

    enum CodingKeys: String, CodingKey { case enrollmentId, userId, activationCode, shortCode, bindingToken, expiresAt, status }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        enrollmentId = try c.decode(String.self, forKey: .enrollmentId)
        userId = try c.decode(String.self, forKey: .userId)
        activationCode = try c.decode(ActivationCode.self, forKey: .activationCode)
        shortCode = try c.decodeIfPresent(ShortCode.self, forKey: .shortCode)
        bindingToken = try c.decodeIfPresent(BindingToken.self, forKey: .bindingToken)
        expiresAt = try c.decode(SimTime.self, forKey: .expiresAt)
        status = try c.decodeIfPresent(Status.self, forKey: .status) ?? .pending  // a hand-written one is pending
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(enrollmentId, forKey: .enrollmentId)
        try c.encode(userId, forKey: .userId)
        try c.encode(activationCode, forKey: .activationCode)
        try c.encodeIfPresent(shortCode, forKey: .shortCode)
        try c.encodeIfPresent(bindingToken, forKey: .bindingToken)
        try c.encode(expiresAt, forKey: .expiresAt)
        try c.encode(status, forKey: .status)
    }

    public var binding: Bool { bindingToken != nil }
    public var qrCode: QRPayload { activationCode.qrPayload }

    /// Whether its lifetime is over at `now` (as PIMS's codes: at `expiresAt` it is over).
    public func isExpired(at now: SimTime) -> Bool { now >= expiresAt }

    /// The status as the back office sees it at `now`: a pending activation past its expiry is
    /// `expired`, even before an enroll finds it so (F2.6 then writes it).
    public func status(at now: SimTime) -> Status { status == .pending && isExpired(at: now) ? .expired : status }
}

extension SimEvent.Kind {
    /// The back office's activations changed: one created, used or found expired. For every session
    /// (the back office is the service's). data: {enrollmentId, userId, status}
    public static let activation = SimEvent.Kind(rawValue: "activation")
}

extension Activation {
    var eventData: JSONValue {
        ["enrollmentId": .string(enrollmentId), "userId": .string(userId), "status": .string(status.rawValue)]
    }
}
