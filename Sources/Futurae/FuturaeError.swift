import SimKernel

/// The SDK's error domains the contract uses (docs/futurae-rules.md §1).
public enum FuturaeErrorDomain: String, Sendable, Hashable, CaseIterable {
    case sdkError = "SDKError"
    case sdkURLError = "SDKURLError"
    case sdkApiError = "SDKApiError"
    case sdkLockError = "SDKLockError"
}

/// Every error of the contract's table (§1): the SDK's case name (the raw value), its domain and
/// numeric code, a human label, and what the user can do about it (for the fronts).
public enum FuturaeError: String, Sendable, Hashable, CaseIterable {
    case invalidQRCode
    case multipleEnrollDisallowed
    case multiplePinEnrollDisallowed
    case invalidQRCodeEnroll
    case accountActive
    case invalidParameter
    case activationCodeNotFound
    case invalidActivationCode
    case invalidEncodingActivationCode
    case incorrectPin
    case incorrectPinArchivedDevice
    case pinNotNeeded
    case deviceArchived
    case bindingTokenCheckFailed
    case locked
    case sdkPinEmpty
    case sdkPinEnrollRequired

    /// The SDK's case name: `activationCodeNotFound`.
    public var name: String { rawValue }

    public var domain: FuturaeErrorDomain {
        switch self {
        case .invalidQRCode, .multipleEnrollDisallowed, .multiplePinEnrollDisallowed, .invalidQRCodeEnroll, .accountActive,
             .invalidParameter: .sdkError
        case .activationCodeNotFound, .invalidActivationCode, .invalidEncodingActivationCode: .sdkURLError
        case .incorrectPin, .incorrectPinArchivedDevice, .pinNotNeeded, .deviceArchived, .bindingTokenCheckFailed: .sdkApiError
        case .locked, .sdkPinEmpty, .sdkPinEnrollRequired: .sdkLockError
        }
    }

    /// The code within its domain (codes repeat across domains: `SDKURLError 2`, `SDKApiError 2`).
    public var code: Int {
        switch self {
        case .invalidQRCode: 6
        case .multipleEnrollDisallowed: 8
        case .multiplePinEnrollDisallowed: 10
        case .invalidQRCodeEnroll: 11
        case .accountActive: 12
        case .invalidParameter: 31
        case .activationCodeNotFound: 2
        case .invalidActivationCode: 3
        case .invalidEncodingActivationCode: 5
        case .incorrectPin: 1
        case .incorrectPinArchivedDevice: 2
        case .pinNotNeeded: 3
        case .deviceArchived: 13
        case .bindingTokenCheckFailed: 15
        case .locked: 3
        case .sdkPinEmpty: 9
        case .sdkPinEnrollRequired: 11
        }
    }

    public var label: String {
        switch self {
        case .invalidQRCode: "This is not a Futurae QR code"
        case .multipleEnrollDisallowed: "Another enrollment is already in progress"
        case .multiplePinEnrollDisallowed: "An SDK PIN is already set"
        case .invalidQRCodeEnroll: "This Futurae QR code is not an enrollment code"
        case .accountActive: "This account is already enrolled on this device"
        case .invalidParameter: "Invalid parameter"
        case .activationCodeNotFound: "Activation code not found"
        case .invalidActivationCode: "Invalid activation code"
        case .invalidEncodingActivationCode: "The activation code is not correctly encoded"
        case .incorrectPin: "Incorrect SDK PIN"
        case .incorrectPinArchivedDevice: "Incorrect SDK PIN: the device has been archived"
        case .pinNotNeeded: "No SDK PIN is used with this lock configuration"
        case .deviceArchived: "This device has been archived"
        case .bindingTokenCheckFailed: "The binding token check failed"
        case .locked: "The SDK is locked"
        case .sdkPinEmpty: "The SDK PIN is empty"
        case .sdkPinEnrollRequired: "An SDK PIN must be set to enroll"
        }
    }

    /// What the user can do next, in one line (the fronts show it under the error).
    public var whatToDo: String {
        switch self {
        case .invalidQRCode: "Scan the activation QR code the service shows."
        case .multipleEnrollDisallowed: "Wait for the enrollment under way to finish, then try again."
        case .multiplePinEnrollDisallowed: "Enroll without choosing a new SDK PIN (unlock with the one set)."
        case .invalidQRCodeEnroll: "This code is for authentication: scan the service's enrollment code."
        case .accountActive: "Nothing to do: the account is already on this device."
        case .invalidParameter: "Check what was sent; the detail names the parameter."
        case .activationCodeNotFound: "Ask the service for a new activation code."
        case .invalidActivationCode: "Type the 16 digits of the shortcode."
        case .invalidEncodingActivationCode: "Scan the QR code again; it was not read whole."
        case .incorrectPin: "Try the SDK PIN again; the detail says how many attempts are left."
        case .incorrectPinArchivedDevice: "The device is archived: enroll it again from the service."
        case .pinNotNeeded: "Enroll without an SDK PIN."
        case .deviceArchived: "The device is archived: reinstall and enroll it again."
        case .bindingTokenCheckFailed: "Type the binding token the service's web session shows."
        case .locked: "Unlock the SDK (SDK PIN or biometrics), then try again."
        case .sdkPinEmpty: "Choose an SDK PIN of 4 to 8 digits."
        case .sdkPinEnrollRequired: "Choose an SDK PIN of 4 to 8 digits to enroll."
        }
    }

    /// The `error` object of a FAILED envelope.
    public func callError(detail: String? = nil) -> CallError {
        CallError(domain: domain.rawValue, code: .number(code), name: name, label: label, detail: detail)
    }

    /// The contract's error an envelope's `error` carries (domain and code), or nil.
    public init?(_ error: CallError) {
        guard let found = Self.allCases.first(where: { $0.domain.rawValue == error.domain && .number($0.code) == error.code }) else {
            return nil
        }
        self = found
    }
}

/// Why a Futurae call failed: the contract's error, the `detail` worth explaining, and the response
/// object the SDK returns with it (`pinAttemptsLeft`), if any.
public struct FuturaeFailure: SystemFailure, Hashable {
    public var error: FuturaeError
    public var detail: String?
    public var result: JSONValue?

    public init(_ error: FuturaeError, _ detail: String? = nil, result: JSONValue? = nil) {
        self.error = error
        self.detail = detail
        self.result = result
    }

    public var callError: CallError { error.callError(detail: detail) }
    public var failureResult: JSONValue? { result }

    public static func unknownSession(_ name: String) -> FuturaeFailure {
        FuturaeFailure(.invalidParameter, KernelFailure.unknownSessionDetail(name))
    }

    /// SDKError 31 naming what was wrong.
    static func invalid(_ detail: String) -> FuturaeFailure { FuturaeFailure(.invalidParameter, detail) }
}
