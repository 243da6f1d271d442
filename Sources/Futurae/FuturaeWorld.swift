import SimKernel

/// Futurae's part of the simulated world (§2): the service, its users and the activations its back
/// office created (the server's side), and one SDK instance per session (the device's side). Scenario
/// files write it as their `futurae:` section.
public struct FuturaeWorld: Sendable, Hashable, Codable {
    /// Nil in a world that does not use Futurae; a `futurae:` section always names its service.
    public var service: FuturaeService?
    /// By userId, and by username.
    public var users: KeyedList<FuturaeUser>
    /// By enrollmentId, and by activation code and short code.
    public var activations: KeyedList<Activation>
    /// The SDK instances that have state, by session name (a session without one is a fresh install).
    public var devices: KeyedList<FuturaeDevice>
    /// Logins pushed to phones (FA13, F8–F10), by sessionId; written only when there are some.
    public var authSessions: KeyedList<AuthSession>

    public static let empty = FuturaeWorld()

    public init(service: FuturaeService? = nil, users: [FuturaeUser] = [], activations: [Activation] = [], devices: [FuturaeDevice] = [],
                authSessions: [AuthSession] = []) {
        self.service = service
        self.users = KeyedList(users)
        self.activations = KeyedList(activations)
        self.devices = KeyedList(devices)
        self.authSessions = KeyedList(authSessions)
    }

    enum CodingKeys: String, CodingKey { case service, users, activations, devices, authSessions }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Required: a section that named nothing would read as no section at all.
        service = try c.decode(FuturaeService.self, forKey: .service)
        users = try c.decodeIfPresent(KeyedList<FuturaeUser>.self, forKey: .users) ?? []
        activations = try c.decodeIfPresent(KeyedList<Activation>.self, forKey: .activations) ?? []
        devices = try c.decodeIfPresent(KeyedList<FuturaeDevice>.self, forKey: .devices) ?? []
        authSessions = try c.decodeIfPresent(KeyedList<AuthSession>.self, forKey: .authSessions) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(service, forKey: .service)
        try c.encode(users, forKey: .users)
        try c.encode(activations, forKey: .activations)
        try c.encode(devices, forKey: .devices)
        if !authSessions.isEmpty { try c.encode(authSessions, forKey: .authSessions) }
    }

    // MARK: look-ups

    public func userIndex(_ userId: String) -> Int? { users.index(of: userId) }
    public func user(_ userId: String) -> FuturaeUser? { users[key: userId] }
    /// A user by id or by username (the controls take either).
    public func user(named idOrUsername: String) -> FuturaeUser? {
        user(idOrUsername) ?? users.positions(tagged: idOrUsername).first.map { users[$0] }
    }
    public func device(session: String) -> FuturaeDevice? { devices[key: session] }
}

extension FuturaeUser: KeyedRow {
    public var rowKey: String { userId }
    public var rowTags: [String] { username.map { [$0] } ?? [] }
}

extension FuturaeDevice: KeyedRow {
    public var rowKey: String { session }
}

extension Activation: KeyedRow {
    public enum Tag: Hashable, Sendable {
        case code(ActivationCode)
        case shortCode(ShortCode)
    }

    public var rowKey: String { enrollmentId }
    public var rowTags: [Tag] { [.code(activationCode)] + (shortCode.map { [.shortCode($0)] } ?? []) }
}

/// The service the users enroll for (`FTRAccount.serviceId`, `serviceName`, `serviceLogo`).
public struct FuturaeService: Sendable, Hashable, Codable {
    public var serviceId: String
    public var serviceName: String
    public var serviceLogo: String?
    /// The key the service's backend signs Auth API requests with (FA2, FA6); nil: the Auth API
    /// answers no request until `serve` is given one.
    public var authApiKey: String?

    public init(serviceId: String, serviceName: String, serviceLogo: String? = nil, authApiKey: String? = nil) {
        self.serviceId = serviceId
        self.serviceName = serviceName
        self.serviceLogo = serviceLogo
        self.authApiKey = authApiKey
    }
}

/// A user of the service, and the devices the server lists for it (by device id: the session's
/// `device`).
public struct FuturaeUser: Sendable, Hashable, Codable {
    public var userId: String
    public var username: String?
    public var devices: [String]
    /// FA12: preauth answers `allow`/`bypass` for this user (decision); written only when true.
    public var bypass: Bool

    public init(userId: String, username: String? = nil, devices: [String] = [], bypass: Bool = false) {
        self.userId = userId
        self.username = username
        self.devices = devices
        self.bypass = bypass
    }

    enum CodingKeys: String, CodingKey { case userId, username, devices, bypass }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        userId = try c.decode(String.self, forKey: .userId)
        username = try c.decodeIfPresent(String.self, forKey: .username)
        devices = try c.decodeIfPresent([String].self, forKey: .devices) ?? []
        bypass = try c.decodeIfPresent(Bool.self, forKey: .bypass) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(userId, forKey: .userId)
        try c.encodeIfPresent(username, forKey: .username)
        try c.encode(devices, forKey: .devices)
        if bypass { try c.encode(bypass, forKey: .bypass) }
    }
}
