import PIMS

/// The error banner: code, label, and what to do next. Also used for plain notices.
public struct Banner: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case error, warning, info, success }
    public var kind: Kind
    public var code: Int?
    public var label: String
    public var detail: String?
    /// What the user can do next, in one sentence.
    public var advice: String

    public init(kind: Kind, code: Int? = nil, label: String, detail: String? = nil, advice: String) {
        self.kind = kind
        self.code = code
        self.label = label
        self.detail = detail
        self.advice = advice
    }

    /// The banner for a FAILED answer, with the advice of its code.
    public static func failure(_ error: PIMSError, advice: String? = nil) -> Banner {
        Banner(kind: .error, code: error.pimsCode.rawValue, label: error.label, detail: error.detail,
               advice: advice ?? ErrorAdvice.advice(error.pimsCode.rawValue))
    }

    public static func info(_ text: String, advice: String = "") -> Banner { Banner(kind: .info, label: text, advice: advice) }
    public static func success(_ text: String, advice: String = "") -> Banner { Banner(kind: .success, label: text, advice: advice) }
}

/// What to do next after each error code the flows can meet. Flow-specific advice (a wrong PIN at
/// step 8, 2317 at enrollment) is given by the flow itself; this is the general word.
public enum ErrorAdvice {
    /// Transport-level codes (§7): the call did not reach a rule, nothing changed, retrying is safe.
    public static let transportCodes: Set<Int> = [2201, 2202, 2204]

    public static func advice(_ code: Int) -> String {
        switch code {
        case 2002: "This SDK version does not offer that API: use another method or a newer SDK."
        case 2010: "Select a vehicle first (set pims.vehicle.vin)."
        case 2101: "A required parameter was missing: fill every field (or this was sent as typed on purpose)."
        case 2102: "A parameter was malformed: check the field's format (or this was sent as typed on purpose)."
        case 2201: "Timeout: retry the same call (r, or ^R in a form); nothing typed was lost."
        case 2202: "No internet: check the connection (or clear the simulator's faults), then retry (r, or ^R in a form)."
        case 2204: "Server error: wait (an SMS send limit may need time: see the detail), then retry (r, or ^R in a form)."
        case 2301: "Not logged in: open the session screen and log in again."
        case 2302: "Strong authentication needed: enter the PIN to get an OTP; the call is then retried once."
        case 2305: "Wrong SMS code: check the phone and type it again, or ask for a new code."
        case 2306: "The SMS code expired: ask for a new code."
        case 2307: "The account has no trusted phone: register one (step 4·2) first."
        case 2308: "Wrong PIN: try again; too many wrong PINs block the account."
        case 2311: "No enrollment in progress: request a new enrollment SMS (step 5) and check it (step 6)."
        case 2312: "This device is not enrolled: run the guided enrollment; if the steps list says otherwise, refresh it with resetSteps."
        case 2315: "The new PIN equals the current one: choose another PIN."
        case 2317: "The account is blocked: remove all enrollments (step A), then enroll again."
        case 2323: "This vehicle is not associated with the account: choose another VIN."
        case 2341: "Bluetooth is off: turn it on (simulator: proximity), then activate again."
        case 2342: "The phone is not paired with the vehicle: pair it (simulator: proximity), then activate again."
        case 2346: "This stepsID is unknown to this device: list the steps again by carAssociationID."
        case 2354: "The key is not inside the vehicle: bring it in (simulator: proximity), then activate again."
        case 2366: "This VIN is not associated with the account: choose another vehicle."
        case 2383: "Too many wrong passwords: wait 15 minutes (simulator: advance the clock)."
        case 2390: "The account already has a trusted phone: use the full method (step 5) or modify the phone (D)."
        default: "See the API log for the full answer."
        }
    }
}
