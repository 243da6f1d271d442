import SimKernel

/// The PIMS requests the flows make, as the documents write them (seed 000, seed 001, the OTP and
/// car key tutorials), each from its rule's entry in PIMS's catalogue (its verb, name and sub-API). Parameters typed by the user come in as `JSONValue?`: nil is left
/// out of `params`, which is how "send as typed" reaches the backend's 2101.
public enum PIMSRequests {
    public static func login(_ username: String, _ password: String) -> PIMSRequest {
        APICatalogue.entry("R0a").request(["username": .string(username), "password": .string(password)])
    }
    /// R0b: the simulator panel ends the SDK's session behind the app (an expired session).
    public static let logout = APICatalogue.entry("R0b").request()
    // Steps 1 and 2.
    public static let isDeviceActivated = APICatalogue.entry("R1").request(["actionType": "strong"])
    public static let isAccountBlocked = APICatalogue.entry("R2").request(["actionType": "strong"])
    // Step 3.
    public static let trustedPhoneNumber = APICatalogue.entry("R3").request()
    // Steps 4·1, 4·2 and D: a code to the number being certified.
    public static func certificationSMS(_ phone: JSONValue?) -> PIMSRequest {
        APICatalogue.entry("R4").request(params(["phoneNumber": phone]))
    }
    // Step 4·1, the shortcut.
    public static func enrollWithPhoneNumber(pin: JSONValue?, code: JSONValue?, phone: JSONValue?) -> PIMSRequest {
        APICatalogue.entry("R8").request(params(["pinCode": pin, "smsCode": code, "phoneNumber": phone]))
    }
    // Step 4·2.
    public static func addPhoneNumber(code: JSONValue?, phone: JSONValue?) -> PIMSRequest {
        APICatalogue.entry("R9").request(params(["smsCode": code, "phoneNumber": phone]))
    }
    // Step 5, as the tutorial writes it: with the trusted phone number (R5 ignores it).
    public static func enrollmentSMS(phone: String?) -> PIMSRequest {
        APICatalogue.entry("R5").request(params(["phoneNumber": phone.map(JSONValue.string)]))
    }
    // Step 6.
    public static func checkEnrollmentCode(_ code: JSONValue?) -> PIMSRequest {
        APICatalogue.entry("R10").request(params(["smsCode": code]))
    }
    // Steps 7 and 8: the SMS code is for iOS only.
    public static func enroll(pin: JSONValue?, code: JSONValue?, platform: Platform) -> PIMSRequest {
        APICatalogue.entry("R11").request(params(["pinCode": pin, "smsCode": platform == .ios ? code : nil]))
    }
    // Step A.
    public static let removeEnrollments = APICatalogue.entry("R12").request()
    // Step B.
    public static let resetPINSMS = APICatalogue.entry("R6").request()
    public static func resetPIN(pin: JSONValue?, code: JSONValue?) -> PIMSRequest {
        APICatalogue.entry("R13").request(params(["pinCode": pin, "smsCode": code]))
    }
    // Step C.
    public static func updatePIN(old: JSONValue?, new: JSONValue?) -> PIMSRequest {
        APICatalogue.entry("R14").request(params(["oldPIN": old, "newPIN": new]))
    }
    // Step D.
    public static func modifyPhoneNumber(code: JSONValue?, phone: JSONValue?) -> PIMSRequest {
        APICatalogue.entry("R15").request(params(["smsCode": code, "phoneNumber": phone]), subKey: "type")
    }
    // Step E.
    public static func removeProperty(_ vin: JSONValue?) -> PIMSRequest {
        APICatalogue.entry("R18").request(params(["vin": vin]))
    }
    // OTP page.
    public static func otpWithPIN(_ pin: JSONValue?) -> PIMSRequest {
        APICatalogue.entry("R16", sub: "withPin").request(params(["pinCode": pin]))
    }
    // Service activation steps (seed 001).
    public static func steps(carAssociationID: String, reset: Bool, filter: StepsFilter) -> PIMSRequest {
        APICatalogue.entry("R19").request(
                    ["carAssociationID": .string(carAssociationID), "resetSteps": .bool(reset), "stepsStatus": .string(filter.rawValue)])
    }
    public static func steps(stepsID: Int, reset: Bool, filter: StepsFilter) -> PIMSRequest {
        APICatalogue.entry("R20").request(
                    ["stepsID": .int(stepsID), "resetSteps": .bool(reset), "stepsStatus": .string(filter.rawValue)])
    }
    public static func steps(vin: String, reset: Bool, filter: StepsFilter) -> PIMSRequest {
        APICatalogue.entry("R21").request(["vin": .string(vin), "resetSteps": .bool(reset), "stepsStatus": .string(filter.rawValue)])
    }
    public static func nextStep(stepsID: Int) -> PIMSRequest {
        APICatalogue.entry("R22").request(["stepsID": .int(stepsID)])
    }
    // Car key.
    public static func selectVehicle(_ vin: JSONValue?) -> PIMSRequest {
        APICatalogue.entry("R23").request(params(["vin": vin]))
    }
    public static let carKeyStatus = APICatalogue.entry("R24").request()
    public static let activateCarKey = APICatalogue.entry("R25").request()

    private static func params(_ p: [String: JSONValue?]) -> [String: JSONValue] { p.compactMapValues { $0 } }
}
