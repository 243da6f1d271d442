import SimKernel

/// A request of the contract with its input checked (F0): the typed form the rules work on. Values
/// whose form a rule checks in its own order (the codes at F2.4, the SDK PIN at F2.5) stay as given.
public enum FuturaeCall: SystemCall, Hashable {
    public typealias Failure = FuturaeFailure
    public static let inputRule = "F0"

    case qrCodeType(QRPayload)  // F1
    case enroll(EnrollParameters)  // F2
    case accounts  // F3
    case unlock(UnlockMethod)  // F4
    case lock  // F5
    case logoutAccount(userId: String)  // F6
    case deleteAccount(userId: String)  // F6
    case authSessions  // F8
    case approveAuth(sessionId: String)  // F9
    case rejectAuth(sessionId: String, isFraud: Bool)  // F9

    /// The SDK's `EnrollParameters`: the scanned QR payload or the typed shortcode, and what the
    /// prompts before the call collected.
    public struct EnrollParameters: Sendable, Hashable {
        public var activationCode: String?
        public var shortCode: String?
        public var sdkPin: String?
        public var bindingToken: String?

        public init(activationCode: String? = nil, shortCode: String? = nil, sdkPin: String? = nil, bindingToken: String? = nil) {
            self.activationCode = activationCode
            self.shortCode = shortCode
            self.sdkPin = sdkPin
            self.bindingToken = bindingToken
        }
    }

    /// How the user unlocks: the SDK PIN, or the simulated biometric prompt and how it ended.
    public enum UnlockMethod: Sendable, Hashable {
        case sdkPin(String)
        case biometrics(BiometricOutcome)
    }

    public enum BiometricOutcome: String, Sendable, Hashable, CaseIterable {
        case success, failure, cancel
    }

    public var api: FuturaeAPI {
        switch self {
        case .qrCodeType: .qrCodeType
        case .enroll: .enroll
        case .accounts: .accounts
        case .unlock: .unlock
        case .lock: .lock
        case .logoutAccount: .logoutAccount
        case .deleteAccount: .deleteAccount
        case .authSessions: .authSessions
        case .approveAuth: .approveAuth
        case .rejectAuth: .rejectAuth
        }
    }

    /// The contract's rule, for logs, the flow map and coverage.
    public var rule: String { api.rule }
}

extension FuturaeCall {
    /// F0: an unknown `futurae.*` name, a parameter the call does not take, or a missing or wrongly
    /// typed one → SDKError 31 whose detail names it. A `null` value is an absent parameter.
    public static func parse(_ request: CallRequest) throws(FuturaeFailure) -> FuturaeCall {
        guard let api = FuturaeAPI.named(request.name) else {
            throw .invalid("unknown call \"\(request.name)\" (\(FuturaeAPI.all.map(\.name).joined(separator: ", ")))")
        }
        let p = Params(request.givenParams)
        if let problem = request.problem(asCall: api.name, taking: api.parameters, given: p.values) { throw .invalid(problem) }
        switch api {
        case .qrCodeType:
            return .qrCodeType(QRPayload(try p.string("qrCode")))
        case .enroll:
            return .enroll(EnrollParameters(activationCode: try p.optionalString("activationCode"), shortCode: try p.optionalString("shortCode"),
                                            sdkPin: try p.optionalString("sdkPin"), bindingToken: try p.optionalString("bindingToken")))
        case .accounts:
            return .accounts
        case .unlock:
            switch try p.string("method") {
            case "sdkPin":
                if p.values["outcome"] != nil { throw .invalid("\"outcome\" is for method \"biometrics\"") }
                return .unlock(.sdkPin(try p.string("sdkPin")))
            case "biometrics":
                if p.values["sdkPin"] != nil { throw .invalid("\"sdkPin\" is for method \"sdkPin\"") }
                let written = try p.string("outcome")
                guard let outcome = BiometricOutcome(rawValue: written) else {
                    throw .invalid("\"outcome\" must be \(spelled(BiometricOutcome.allCases.map(\.rawValue))), not \"\(written)\"")
                }
                return .unlock(.biometrics(outcome))
            case let other:
                throw .invalid("\"method\" must be sdkPin or biometrics, not \"\(other)\"")
            }
        case .lock:
            return .lock
        case .logoutAccount:
            return .logoutAccount(userId: try p.string("userId"))
        case .deleteAccount:
            return .deleteAccount(userId: try p.string("userId"))
        case .authSessions:
            return .authSessions
        case .approveAuth:
            return .approveAuth(sessionId: try p.string("sessionId"))
        case .rejectAuth:
            return .rejectAuth(sessionId: try p.string("sessionId"), isFraud: try p.optionalBool("isFraud") ?? false)
        default:
            preconditionFailure("\(api.name) is in the catalogue but has no reading")
        }
    }

    /// A call's parameters, read with SDKError 31 naming the parameter.
    struct Params {
        let values: [String: JSONValue]
        init(_ values: [String: JSONValue]) { self.values = values }

        func optionalString(_ key: String) throws(FuturaeFailure) -> String? {
            guard let v = values[key] else { return nil }
            guard let s = v.stringValue else { throw .invalid("\"\(key)\" must be a string, not a \(v.typeName)") }
            return s
        }
        func optionalBool(_ key: String) throws(FuturaeFailure) -> Bool? {
            guard let v = values[key] else { return nil }
            guard case .bool(let b) = v else { throw .invalid("\"\(key)\" must be a boolean, not a \(v.typeName)") }
            return b
        }
        func string(_ key: String) throws(FuturaeFailure) -> String {
            guard let s = try optionalString(key) else { throw .invalid("missing parameter \"\(key)\"") }
            return s
        }
    }
}

extension FuturaeCall.EnrollParameters {
    /// The request's `params` (for fronts and tests that build calls).
    public var params: [String: JSONValue] {
        ["activationCode": activationCode, "shortCode": shortCode, "sdkPin": sdkPin, "bindingToken": bindingToken]
            .compactMapValues { $0.map(JSONValue.string) }
    }
}
