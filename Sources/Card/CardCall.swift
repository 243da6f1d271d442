import SimKernel

/// A request of the contract with its input checked (C0): the typed form the rules work on. Values a
/// rule compares in its own order (transaction ids, the autoEnrollId, the activation code) stay as given.
public enum CardCall: SystemCall, Hashable {
    public typealias Failure = CardFailure
    public static let inputRule = "C0"

    case getTransaction(transactionId: String?)  // C2
    case getEnabledAuthenticationTypes  // C3
    case cancelTransaction(transactionId: String)  // C4
    case verifyPIN(UserPIN, transactionId: String, autoEnrollId: String)  // C5
    case verifyPINUsingTouchID(transactionId: String, autoEnrollId: String, outcome: BiometricOutcome)  // C6
    /// The name as given: C7 checks it first (the contract lists its ERROR_INVALID_PARAMETER under C7).
    case autoEnrollAccount(displayName: String)  // C7
    case authenticateUsingUserPin(transactionId: String, pin: UserPIN)  // C8
    case getAllEnrolledAccounts  // C9
    case deleteAccount(accountId: String)  // C10
    case verifyActivation(activationCode: String, displayName: DisplayName)  // C11
    /// The PIN as given: C12 checks its form first (the contract lists its ERROR_INVALID_PARAMETER under C12).
    case setPin(pin: String)  // C12

    /// How the simulated biometric prompt ended (C6).
    public enum BiometricOutcome: String, Sendable, Hashable, CaseIterable {
        case success, failure, fallback, cancel
    }

    public var api: CardAPI {
        switch self {
        case .getTransaction: .getTransaction
        case .getEnabledAuthenticationTypes: .getEnabledAuthenticationTypes
        case .cancelTransaction: .cancelTransaction
        case .verifyPIN: .verifyPIN
        case .verifyPINUsingTouchID: .verifyPINUsingTouchID
        case .autoEnrollAccount: .autoEnrollAccount
        case .authenticateUsingUserPin: .authenticateUsingUserPin
        case .getAllEnrolledAccounts: .getAllEnrolledAccounts
        case .deleteAccount: .deleteAccount
        case .verifyActivation: .verifyActivation
        case .setPin: .setPin
        }
    }

    /// The contract's rule, for logs, the flow map and coverage.
    public var rule: String { api.rule }
}

extension CardCall {
    /// C0: an unknown `casa.*` name, a parameter the call does not take, or a missing or wrongly typed
    /// one → ERROR_INVALID_PARAMETER naming it. A `null` value is an absent parameter. The forms the
    /// app checks before it calls (a PIN of 4 to 8 digits, a display name of 1 to 32 characters) are
    /// input too: a malformed PIN is refused here and never counted as a wrong one (decision). C7's
    /// name and C12's PIN are the exception: the contract gives those rules the refusal, so they
    /// check them first themselves (`CardStep.autoEnrollAccount`, `setPin`).
    public static func parse(_ request: CallRequest) throws(CardFailure) -> CardCall {
        guard let api = CardAPI.named(request.name) else {
            throw .invalid("unknown call \"\(request.name)\" (\(CardAPI.all.map(\.name).joined(separator: ", ")))")
        }
        let p = request.givenParams
        if let problem = request.problem(asCall: api.name, taking: api.parameters, given: p) { throw .invalid(problem) }
        func text(_ key: String) throws(CardFailure) -> String {
            guard let v = p[key] else { throw .invalid("missing parameter \"\(key)\"") }
            guard let s = v.stringValue else { throw .invalid("\"\(key)\" must be a string, not a \(v.typeName)") }
            return s
        }
        func pin(_ key: String) throws(CardFailure) -> UserPIN { try CardCall.pin(try text(key), key) }
        func displayName() throws(CardFailure) -> DisplayName { try CardCall.displayName(try text("displayName")) }
        switch api {
        case .getTransaction:
            return .getTransaction(transactionId: p["transactionId"] == nil ? nil : try text("transactionId"))
        case .getEnabledAuthenticationTypes:
            return .getEnabledAuthenticationTypes
        case .cancelTransaction:
            return .cancelTransaction(transactionId: try text("transactionId"))
        case .verifyPIN:
            return .verifyPIN(try pin("pin"), transactionId: try text("transactionId"), autoEnrollId: try text("autoEnrollId"))
        case .verifyPINUsingTouchID:
            let written = try text("outcome")
            guard let outcome = BiometricOutcome(rawValue: written) else {
                throw .invalid("\"outcome\" must be \(spelled(BiometricOutcome.allCases.map(\.rawValue))), not \"\(written)\"")
            }
            return .verifyPINUsingTouchID(transactionId: try text("transactionId"), autoEnrollId: try text("autoEnrollId"), outcome: outcome)
        case .autoEnrollAccount:
            return .autoEnrollAccount(displayName: try text("displayName"))
        case .authenticateUsingUserPin:
            return .authenticateUsingUserPin(transactionId: try text("transactionId"), pin: try pin("pin"))
        case .getAllEnrolledAccounts:
            return .getAllEnrolledAccounts
        case .deleteAccount:
            return .deleteAccount(accountId: try text("accountId"))
        case .verifyActivation:
            return .verifyActivation(activationCode: try text("activationCode"), displayName: try displayName())
        case .setPin:
            return .setPin(pin: try text("pin"))
        default:
            preconditionFailure("\(api.name) is in the catalogue but has no reading")
        }
    }
}

extension CardCall {
    /// A user PIN of 4 to 8 digits, else ERROR_INVALID_PARAMETER naming the parameter.
    static func pin(_ written: String, _ key: String = "pin") throws(CardFailure) -> UserPIN {
        guard let pin = UserPIN(written) else { throw .invalid("\"\(key)\" must be 4 to 8 digits") }
        return pin
    }

    /// A display name of 1 to 32 characters once trimmed, else ERROR_INVALID_PARAMETER.
    static func displayName(_ written: String) throws(CardFailure) -> DisplayName {
        guard let name = DisplayName(written) else { throw .invalid("\"displayName\" must be 1 to 32 characters once trimmed") }
        return name
    }
}
