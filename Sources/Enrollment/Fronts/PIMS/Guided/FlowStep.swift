/// The steps of the device enrollment (seed 000), in the order the flow map draws them.
public enum FlowStep: String, Hashable, Sendable, CaseIterable {
    case s1 = "1", s2 = "2", s3 = "3", s4_1 = "4·1", s4_2 = "4·2", s5 = "5", s6 = "6", s7 = "7", s8 = "8"

    public var title: String {
        switch self {
        case .s1: "Check enrollment status"
        case .s2: "Check account status"
        case .s3: "Check phone number"
        case .s4_1: "Enroll with phone number (shortcut)"
        case .s4_2: "Register trusted phone number"
        case .s5: "Request enrollment SMS code"
        case .s6: "Check SMS code"
        case .s7: "Register new PIN code"
        case .s8: "Enroll device, validate PIN code"
        }
    }

    /// The API(s) the step calls, as the documents name them.
    public var api: String {
        switch self {
        case .s1: "get pims.authentication.account isDeviceActivated"
        case .s2: "get pims.authentication.account isAccountBlocked"
        case .s3: "get pims.authentication.trustedphonenumber"
        case .s4_1: "get pims.authentication.smscode phoneNumberCertification, then set pims.authentication.enrollment enrollWithPhoneNumber"
        case .s4_2: "get pims.authentication.smscode phoneNumberCertification, then set pims.authentication.smscode addPhoneNumber"
        case .s5: "get pims.authentication.smscode enrollment"
        case .s6: "set pims.authentication.smscode enrollment"
        case .s7: "set pims.authentication.enrollment enroll"
        case .s8: "set pims.authentication.enrollment enroll"
        }
    }

    /// One or two lines on what happens at this step, for the step's screen.
    public var explanation: String {
        switch self {
        case .s1: "Is this device already enrolled? If so, there is nothing to do."
        case .s2: "A blocked account (AccountBlocked or PINBlocked) must first remove all enrollments (step A)."
        case .s3: "Enrollment needs a trusted phone to receive SMS codes. Without one: shortcut 4·1 or full 4·2."
        case .s4_1: "Shortcut (SDK 2.1+): an SMS certifies the new number, then one call registers phone and PIN and enrolls the device."
        case .s4_2: "Full method: an SMS certifies the number, then the number is registered as the trusted phone."
        case .s5: "An SMS code dedicated to enrollment is sent to the trusted phone."
        case .s6: "The SMS code is checked; the answer says whether the account already has a PIN (AlreadyEnrolled) or not (NotEnrolled)."
        case .s7: "No PIN yet: the user chooses a new PIN, typed twice. On iOS the SMS code is sent again."
        case .s8: "The PIN is validated and the device enrolled. A wrong PIN can be retried without a new SMS; 2317 means blocked: step A."
        }
    }
}

/// One line of the flow map.
public struct FlowMapEntry: Hashable, Sendable {
    public var step: FlowStep
    public var status: StepStatus
    public var title: String { step.title }
}
