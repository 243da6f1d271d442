import PIMS

/// What to do next after each error code the flows can meet. Flow-specific advice (a wrong PIN at
/// step 8, 2317 at enrollment) is given by the flow itself; this is the general word.
public enum ErrorAdvice {
    public static func advice(_ code: ErrorCode) -> String {
        switch code {
        case .apiNotSupported: "This SDK version does not offer that API: use another method or a newer SDK."
        case .notSet: "Select a vehicle first (set pims.vehicle.vin)."
        case .missingParameter: "A required parameter was missing: fill every field (or this was sent as typed on purpose)."
        case .invalidParameter: "A parameter was malformed: check the field's format (or this was sent as typed on purpose)."
        case .timeout: "Timeout: retry the same call (r, or ^R in a form); nothing typed was lost."
        case .noInternet: "No internet: check the connection (or clear the simulator's faults), then retry (r, or ^R in a form)."
        case .serverError: "Server error: wait (an SMS send limit may need time: see the detail), then retry (r, or ^R in a form)."
        case .needBasicAuthentication: "Not logged in: open the session screen and log in again."
        case .needStrongAuthentication: "Strong authentication needed: enter the PIN to get an OTP; the call is then retried once."
        case .smsCodeInvalid: "Wrong SMS code: check the phone and type it again, or ask for a new code."
        case .smsCodeExpired: "The SMS code expired: ask for a new code."
        case .noPhoneNumber: "The account has no trusted phone: register one (step 4·2) first."
        case .accessRefused: "Wrong PIN: try again; too many wrong PINs block the account."
        case .internalStateNotCorrect: "No enrollment in progress: request a new enrollment SMS (step 5) and check it (step 6)."
        case .deviceDisabledOrUnknown: "This device is not enrolled: run the guided enrollment; if the steps list says otherwise, refresh it with resetSteps."
        case .newPINEqualsPrevious: "The new PIN equals the current one: choose another PIN."
        case .forbiddenOperation: "The account is blocked: remove all enrollments (step A), then enroll again."
        case .notVehicleOwner: "This vehicle is not associated with the account: choose another VIN."
        case .bluetoothOff: "Bluetooth is off: turn it on (simulator: proximity), then activate again."
        case .notPaired: "The phone is not paired with the vehicle: pair it (simulator: proximity), then activate again."
        case .noStepForStepsID: "This stepsID is unknown to this device: list the steps again by carAssociationID."
        case .keyNotInside: "The key is not inside the vehicle: bring it in (simulator: proximity), then activate again."
        case .vinNotValid: "This VIN is not associated with the account: choose another vehicle."
        case .accountTemporarilyLockedOut: "Too many wrong passwords: locked for 15 simulated minutes; the simulated clock moves only when advanced (F8, a)."
        case .phoneAlreadyRegistered: "The account already has a trusted phone: use the full method (step 5) or modify the phone (D)."
        default: "See the API log for the full answer."
        }
    }
}

extension Notice {
    /// The notice for a FAILED answer of a PIMS call, with the advice of its code.
    public static func failure(_ error: PIMSError, advice: String? = nil) -> Notice {
        Notice(kind: .error, code: "\(error.code)", label: error.label, detail: error.detail,
               advice: advice ?? ErrorAdvice.advice(error.pimsCode))
    }
}
