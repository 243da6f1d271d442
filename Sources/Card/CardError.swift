import SimKernel

/// Every error code of the contract (§1): the SDK's string (the raw value), a human label, and what
/// the user can do about it (for the fronts). The first two are the SDK's published codes; the rest
/// are the contract's decisions, and `ERROR_INVALID_PIN` is this simulator's (a wrong PIN with
/// attempts left, which C5 answers `FAILURE` without naming a code).
public enum CardError: String, Sendable, Hashable, CaseIterable {
    case attemptsExhausted = "ERROR_ATTEMPTS_EXHAUSTED"
    case inactiveAccount = "ERROR_INACTIVE_ACCOUNT"
    case invalidParameter = "ERROR_INVALID_PARAMETER"
    case noTransaction = "ERROR_NO_TRANSACTION"
    case transactionExpired = "ERROR_TRANSACTION_EXPIRED"
    case transactionClosed = "ERROR_TRANSACTION_CLOSED"
    case invalidAutoEnrollID = "ERROR_INVALID_AUTOENROLL_ID"
    case notVerified = "ERROR_NOT_VERIFIED"
    case pinLocked = "ERROR_PIN_LOCKED"
    case biometricFailed = "ERROR_BIOMETRIC_FAILED"
    case biometricFallback = "ERROR_BIOMETRIC_FALLBACK"
    case biometricCancelled = "ERROR_BIOMETRIC_CANCELLED"
    case invalidActivationCode = "ERROR_INVALID_ACTIVATION_CODE"
    case pinNotSet = "ERROR_PIN_NOT_SET"
    case pinAlreadySet = "ERROR_PIN_ALREADY_SET"
    case invalidPIN = "ERROR_INVALID_PIN"

    /// `ERROR_ATTEMPTS_EXHAUSTED`.
    public var code: String { rawValue }

    public var label: String {
        switch self {
        case .attemptsExhausted: "PIN attempts exhausted"
        case .inactiveAccount: "The account is inactive"
        case .invalidParameter: "Invalid parameter"
        case .noTransaction: "No transaction"
        case .transactionExpired: "The transaction has expired"
        case .transactionClosed: "The transaction is closed"
        case .invalidAutoEnrollID: "Invalid autoEnrollId"
        case .notVerified: "No verified transaction"
        case .pinLocked: "The PIN is locked"
        case .biometricFailed: "Biometric authentication failed"
        case .biometricFallback: "Biometric authentication fell back to the PIN"
        case .biometricCancelled: "Biometric authentication cancelled"
        case .invalidActivationCode: "Invalid activation code"
        case .pinNotSet: "No PIN to set"
        case .pinAlreadySet: "The PIN is already set"
        case .invalidPIN: "Incorrect PIN"
        }
    }

    /// What the user can do next, in one line (the fronts show it under the error).
    public var whatToDo: String {
        switch self {
        case .attemptsExhausted: "The PIN is locked and the purchase declined: contact the bank."
        case .inactiveAccount: "The bank has disabled the card: contact the bank."
        case .invalidParameter: "Check what was sent; the detail names the parameter."
        case .noTransaction: "Nothing to approve: make a purchase first."
        case .transactionExpired: "The purchase timed out: pay again at the shop."
        case .transactionClosed: "This purchase was already answered."
        case .invalidAutoEnrollID: "Send the autoEnrollId the transaction carries."
        case .notVerified: "Verify the PIN (or biometrics) for the purchase first."
        case .pinLocked: "The PIN is locked after too many wrong PINs: contact the bank."
        case .biometricFailed: "Try biometrics again, or use the PIN."
        case .biometricFallback: "Enter the PIN instead."
        case .biometricCancelled: "Choose PIN or biometrics again; the purchase is still waiting."
        case .invalidActivationCode: "Ask the bank for a new activation code."
        case .pinNotSet: "Activate a card with its activation code first."
        case .pinAlreadySet: "Nothing to do: the PIN is set."
        case .invalidPIN: "Try the PIN again; the detail says how many attempts are left."
        }
    }

    /// The `error` object of a FAILED envelope.
    public func callError(detail: String? = nil) -> CallError {
        CallError(code: .text(rawValue), label: label, detail: detail)
    }

    /// The contract's error an envelope's `error` carries, or nil.
    public init?(_ error: CallError) {
        guard case .text(let code) = error.code, let found = CardError(rawValue: code) else { return nil }
        self = found
    }
}

/// Why a call failed: the error, the `detail` worth explaining, and what the SDK's response object
/// carries beside `status` and `errorCode` (`attemptAgain`, `attemptsLeft`, `fallback`).
public struct CardFailure: SystemFailure, Hashable {
    public var error: CardError
    public var detail: String?
    public var fields: [String: JSONValue]

    public init(_ error: CardError, _ detail: String? = nil, fields: [String: JSONValue] = [:]) {
        self.error = error
        self.detail = detail
        self.fields = fields
    }

    /// The SDK's response object of the failure (§1): the envelope's `result` beside its `error`.
    public var responseObject: JSONValue {
        .object(fields.merging(["status": "FAILURE", "errorCode": .string(error.code)]) { _, new in new })
    }

    public var callError: CallError { error.callError(detail: detail) }
    public var failureResult: JSONValue? { responseObject }

    public static func unknownSession(_ name: String) -> CardFailure {
        CardFailure(.invalidParameter, KernelFailure.unknownSessionDetail(name))
    }

    /// `ERROR_INVALID_PARAMETER` naming what was wrong.
    static func invalid(_ detail: String) -> CardFailure { CardFailure(.invalidParameter, detail) }
}
