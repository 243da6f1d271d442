import SimKernel

/// Futurae's simulator controls (§4): the service's back office creating an activation for a user,
/// and listing the activations with their status.
public enum FuturaeControl: Sendable, Hashable {
    /// `{"sim": "futurae.activation", "user": userId|username, "shortCode": bool, "binding": bool, "validSeconds"?: N}`
    /// With `createUser` (the Auth API's enroll by username, FA9) a `user` that names nobody is
    /// created with that username.
    case activation(user: String, shortCode: Bool, binding: Bool, validSeconds: Int?, createUser: Bool = false)
    /// `{"sim": "futurae.activations", "user"?: userId|username}`
    case activations(user: String?)
    /// `{"sim": "futurae.device", "session": name}`: the SDK instance as the app knows it without a
    /// call (locked or unlocked until when, SDK PIN set, PIN failures, archived).
    case device(session: String)
    /// F10 `{"sim": "futurae.auth", "user", "device"?}`: a login pushed to the user's device (FA13
    /// without a backend); no device: the one enrolled last.
    case auth(user: String, device: String?)
    /// `{"sim": "futurae.authentications", "user"?}`: the back office's authentication sessions.
    case authentications(user: String?)
    /// `{"sim": "futurae.unenroll", "user", "device"}` (FA11): the user's account leaves that device as
    /// in F6's logout.
    case unenroll(user: String, device: String)

    public static let kinds = ["futurae.activation", "futurae.activations", "futurae.device", "futurae.auth", "futurae.authentications",
                               "futurae.unenroll"]

    /// Futurae's reading of a control, or nil when `kind` is not Futurae's.
    public init?(_ control: SimControl) throws(ControlError) {
        let f = control.read
        switch control.kind {
        case "futurae.activation":
            try control.refuseUnknownKeys(["user", "shortCode", "binding", "validSeconds", "createUser"])
            let validSeconds = try f.optionalInt("validSeconds")
            let longest = FuturaePolicy.longestLifetimeSeconds
            if let v = validSeconds, !(1...longest).contains(v) { throw f.fail("\"validSeconds\" must be from 1 to \(longest)") }
            self = .activation(user: try f.string("user"), shortCode: try f.bool("shortCode"), binding: try f.bool("binding"),
                               validSeconds: validSeconds, createUser: try f.optionalBool("createUser") ?? false)
        case "futurae.activations":
            try control.refuseUnknownKeys(["user"])
            self = .activations(user: try f.optionalString("user"))
        case "futurae.device":
            try control.refuseUnknownKeys(["session"])
            self = .device(session: try f.string("session"))
        case "futurae.auth":
            try control.refuseUnknownKeys(["user", "device"])
            self = .auth(user: try f.string("user"), device: try f.optionalString("device"))
        case "futurae.authentications":
            try control.refuseUnknownKeys(["user"])
            self = .authentications(user: try f.optionalString("user"))
        case "futurae.unenroll":
            try control.refuseUnknownKeys(["user", "device"])
            self = .unenroll(user: try f.string("user"), device: try f.string("device"))
        default:
            return nil
        }
    }

    public var control: SimControl {
        switch self {
        case .activation(let user, let shortCode, let binding, let validSeconds, let createUser):
            var fields: [String: JSONValue] = ["user": .string(user), "shortCode": .bool(shortCode), "binding": .bool(binding)]
            if let validSeconds { fields["validSeconds"] = .int(validSeconds) }
            if createUser { fields["createUser"] = true }
            return SimControl("futurae.activation", fields)
        case .activations(let user):
            return SimControl("futurae.activations", user.map { ["user": .string($0)] } ?? [:])
        case .device(let session):
            return SimControl("futurae.device", ["session": .string(session)])
        case .auth(let user, let device):
            return SimControl("futurae.auth", ["user": .string(user), "device": device.map(JSONValue.string)].compactMapValues { $0 })
        case .authentications(let user):
            return SimControl("futurae.authentications", user.map { ["user": .string($0)] } ?? [:])
        case .unenroll(let user, let device):
            return SimControl("futurae.unenroll", ["user": .string(user), "device": .string(device)])
        }
    }
}

extension SimControl {
    public static func futuraeActivation(user: String, shortCode: Bool, binding: Bool, validSeconds: Int? = nil) -> SimControl {
        FuturaeControl.activation(user: user, shortCode: shortCode, binding: binding, validSeconds: validSeconds).control
    }
    public static func futuraeActivations(user: String? = nil) -> SimControl { FuturaeControl.activations(user: user).control }
    public static func futuraeDevice(session: String) -> SimControl { FuturaeControl.device(session: session).control }
    public static func futuraeAuth(user: String, device: String? = nil) -> SimControl { FuturaeControl.auth(user: user, device: device).control }
    public static func futuraeAuthentications(user: String? = nil) -> SimControl { FuturaeControl.authentications(user: user).control }
    public static func futuraeUnenroll(user: String, device: String) -> SimControl { FuturaeControl.unenroll(user: user, device: device).control }
}

extension FuturaeWorld {
    /// Runs a control: a refusal changes nothing.
    mutating func run(_ control: FuturaeControl, kernel: inout KernelContext) -> SimAnswer {
        switch control {
        case .activation(let name, let withShortCode, let binding, let validSeconds, let createUser):
            guard let user = user(named: name) ?? (createUser ? newUser(name, kernel: &kernel) : nil) else {
                return .failure("futurae.activation: \(noUser(name))")
            }
            let lifetime = validSeconds
                ?? (withShortCode ? FuturaePolicy.shortCodeActivationLifetimeSeconds : FuturaePolicy.activationLifetimeSeconds)
            // Codes are unique among the activations (a seeded draw may repeat; drawing again is as seeded).
            var code = ActivationCode.generate(&kernel.codes)
            while !activations.positions(tagged: .code(code)).isEmpty { code = ActivationCode.generate(&kernel.codes) }
            var shortCode: ShortCode?
            if withShortCode {
                var s = ShortCode.generate(&kernel.codes)
                while !activations.positions(tagged: .shortCode(s)).isEmpty { s = ShortCode.generate(&kernel.codes) }
                shortCode = s
            }
            let activation = Activation(
                enrollmentId: kernel.codes.uuid(), userId: user.userId, activationCode: code, shortCode: shortCode,
                bindingToken: binding ? BindingToken.generate(&kernel.codes) : nil,
                expiresAt: min(kernel.now + lifetime, SimTime.latest))
            activations.append(activation)
            kernel.emit(.activation, activation.eventData)
            return .success(["activation": json(activation, at: kernel.now)])
        case .activations(let name):
            var userId: String?
            if let name {
                guard let user = user(named: name) else { return .failure("futurae.activations: \(noUser(name))") }
                userId = user.userId
            }
            let listed = activations.filter { userId == nil || $0.userId == userId }
            return .success(["activations": .array(listed.map { json($0, at: kernel.now) }), "now": .string(kernel.now.iso8601)])
        case .device(let session):
            return deviceState(session, kernel: kernel)
        case .auth(let name, let device):
            return pushAuth(user: name, device: device, kernel: &kernel)
        case .authentications(let name):
            return listAuthSessions(user: name, kernel: kernel)
        case .unenroll(let name, let device):
            return unenroll(user: name, device: device, kernel: &kernel)
        }
    }

    /// The SDK instance of a session: a session with no Futurae state yet is a fresh install (no
    /// PIN, locked until unlocked).
    func deviceState(_ session: String, kernel: KernelContext) -> SimAnswer {
        let device = device(session: session) ?? FuturaeDevice(session: session)
        var fields: [String: JSONValue] = [
            "locked": .bool(!device.isUnlocked(at: kernel.now)), "pinSet": .bool(device.sdkPin != nil),
            "pinFailures": .int(device.pinFailures), "archived": .bool(device.archived), "now": .string(kernel.now.iso8601),
        ]
        if let until = device.unlockedUntil, device.isUnlocked(at: kernel.now) { fields["unlockedUntil"] = .string(until.iso8601) }
        return .success(fields)
    }

    func noUser(_ name: String) -> String {
        let known = users.map { $0.username ?? $0.userId }
        return "no user \"\(name)\"" + (known.isEmpty ? " (\(Self.noUsers))" : " (\(known.joined(separator: ", ")))")
    }

    /// Said when a back-office control names a user in a world without Futurae's part (a PIMS or
    /// card scenario): the front then advises a scenario that has one.
    public static let noUsers = "this world has no Futurae users"

    /// An activation whole, as the back office shows it (status as of `now`).
    public func json(_ a: Activation, at now: SimTime) -> JSONValue {
        [
            "enrollmentId": .string(a.enrollmentId),
            "userId": .string(a.userId),
            "username": user(a.userId)?.username.map(JSONValue.string) ?? .null,
            "activationCode": .string(a.activationCode.value),
            "qrCode": .string(a.qrCode.text),
            "shortCode": a.shortCode.map { .string($0.shown) } ?? .null,
            "binding": .bool(a.binding),
            "bindingToken": a.bindingToken.map { .string($0.value) } ?? .null,
            "expiresAt": .string(a.expiresAt.iso8601),
            "status": .string(a.status(at: now).rawValue),
        ]
    }
}
