import SimKernel
/// PIMS's errors are the kernel's `CallError` with a numeric code of the reference and its filled
/// label (no domain, no case name).
public typealias PIMSError = CallError

extension CallError {
    /// The error of `code`, its label filled from `fillers` in order.
    public init(_ code: ErrorCode, _ fillers: String..., detail: String? = nil) {
        self.init(code: .number(code.rawValue), label: ErrorCatalogue.label(code.rawValue, fillers), detail: detail)
    }

    public static func missing(_ parameter: String) -> CallError { CallError(.missingParameter, parameter) }
    public static func invalid(_ parameter: String, detail: String? = nil) -> CallError {
        CallError(.invalidParameter, parameter, detail: detail)
    }
    public static let notSupported = CallError(.apiNotSupported)

    /// The PIMS code of this error (2000 "Unknown error" for a code that is not a number).
    public var pimsCode: ErrorCode { ErrorCode(code.intValue ?? ErrorCode.unknown.rawValue) }

    /// What R7's 2304 says of a code whose checks are used up (in its detail, the only place the
    /// reference leaves for it).
    static let burntCode = "the code is burnt"

    /// A 2304 for a code whose checks are used up (R7): typing it again cannot help, a new code can.
    public var isBurntSMSCode: Bool { pimsCode == .smsCodeInvalid && detail?.contains(Self.burntCode) == true }
}

/// The codes the contract's rules name, by what they mean. Any other reference code is still valid
/// (`ErrorCode(rawValue:)`), e.g. in a fault rule.
public struct ErrorCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }

    public static let unknown = ErrorCode(2000)
    public static let apiNotSupported = ErrorCode(2002)
    public static let notSet = ErrorCode(2010)
    public static let missingParameter = ErrorCode(2101)
    public static let invalidParameter = ErrorCode(2102)
    public static let timeout = ErrorCode(2201)
    public static let noInternet = ErrorCode(2202)
    public static let serverError = ErrorCode(2204)
    public static let needBasicAuthentication = ErrorCode(2301)
    public static let needStrongAuthentication = ErrorCode(2302)
    public static let smsCodeInvalid = ErrorCode(2305)
    public static let smsCodeExpired = ErrorCode(2306)
    public static let noPhoneNumber = ErrorCode(2307)
    public static let accessRefused = ErrorCode(2308)
    public static let internalStateNotCorrect = ErrorCode(2311)
    public static let deviceDisabledOrUnknown = ErrorCode(2312)
    public static let newPINEqualsPrevious = ErrorCode(2315)
    public static let forbiddenOperation = ErrorCode(2317)
    public static let notVehicleOwner = ErrorCode(2323)
    public static let bluetoothOff = ErrorCode(2341)
    public static let notPaired = ErrorCode(2342)
    public static let noStepForStepsID = ErrorCode(2346)
    public static let keyNotInside = ErrorCode(2354)
    public static let vinNotValid = ErrorCode(2366)
    public static let accountTemporarilyLockedOut = ErrorCode(2383)
    public static let phoneAlreadyRegistered = ErrorCode(2390)
}

extension ErrorCode {
    /// Lets a `switch` on a code match a kernel error code directly.
    public static func ~= (pattern: ErrorCode, value: ErrorCodeValue) -> Bool { value.intValue == pattern.rawValue }
}

extension ErrorCode {
    /// The code as the kernel carries it (in a `CallError`, a `FaultRule`).
    public var value: ErrorCodeValue { .number(rawValue) }
}
