import PIMS

/// Why a call is made: which flow and which step it belongs to. The reducer routes each answer by
/// its purpose, and the API log shows `stepLabel` beside every call.
public enum CallPurpose: Hashable, Sendable {
    case login
    case guided(GuidedCall)
    case account(AccountCall)
    case otp
    case steps(StepsCall)
    case carKey(CarKeyCall)

    public enum GuidedCall: Hashable, Sendable {
        case checkEnrollment, checkAccount, trustedPhone
        case shortcutSMS, shortcutEnroll
        case registerPhoneSMS, registerPhone
        case enrollmentSMS, checkCode, registerPIN, validatePIN
        case removeAll
    }

    public enum AccountCall: Hashable, Sendable {
        case checkEnrolled, checkPhone
        case removeAll
        case resetSMS, resetPIN
        case updatePIN
        case modifySMS, modifyPhone
        case removeVehicle
    }

    public enum StepsCall: Hashable, Sendable {
        case fetch(reset: Bool), next
    }

    public enum CarKeyCall: Hashable, Sendable {
        case select, status, activate
    }

    /// The flow step a call belongs to, as the API log shows it.
    public var stepLabel: String {
        switch self {
        case .login: "Session · login"
        case .guided(let g):
            switch g {
            case .checkEnrollment: "Enrollment · step 1"
            case .checkAccount: "Enrollment · step 2"
            case .trustedPhone: "Enrollment · step 3"
            case .shortcutSMS, .shortcutEnroll: "Enrollment · step 4·1"
            case .registerPhoneSMS, .registerPhone: "Enrollment · step 4·2"
            case .enrollmentSMS: "Enrollment · step 5"
            case .checkCode: "Enrollment · step 6"
            case .registerPIN: "Enrollment · step 7"
            case .validatePIN: "Enrollment · step 8"
            case .removeAll: "Enrollment · step A"
            }
        case .account(let a):
            switch a {
            case .checkEnrolled: "Account · step 1 (precondition)"
            case .checkPhone: "Account · step 3 (precondition)"
            case .removeAll: "Account · A"
            case .resetSMS, .resetPIN: "Account · B"
            case .updatePIN: "Account · C"
            case .modifySMS, .modifyPhone: "Account · D"
            case .removeVehicle: "Account · E"
            }
        case .otp: "OTP · withPin"
        case .steps(.fetch(let reset)): reset ? "Steps · refresh (resetSteps)" : "Steps · list"
        case .steps(.next): "Steps · next step"
        case .carKey(.select): "Car key · select VIN"
        case .carKey(.status): "Car key · status"
        case .carKey(.activate): "Car key · activate"
        }
    }

    /// A 2302 on these is answered by the OTP page, then the call is retried once. OTP itself and
    /// the login never are (it would loop, or the SDK asks for basic authentication instead).
    var strongAuthenticationRetries: Bool {
        switch self {
        case .login, .otp: false
        default: true
        }
    }
}

/// A call ready to go: what it is for and the exact request.
public struct PlannedCall: Hashable, Sendable {
    public var purpose: CallPurpose
    public var request: PIMSRequest
    /// Set on the one retry after an OTP, so that a second 2302 is shown instead of looping.
    public var isOTPRetry: Bool

    public init(_ purpose: CallPurpose, _ request: PIMSRequest, isOTPRetry: Bool = false) {
        self.purpose = purpose
        self.request = request
        self.isOTPRetry = isOTPRetry
    }
}

/// The call the app is waiting for: Esc stops waiting; its answer is still logged.
public struct InFlightCall: Hashable, Sendable {
    public var id: RequestID
    public var call: PlannedCall
    public init(id: RequestID, call: PlannedCall) {
        self.id = id
        self.call = call
    }
}
