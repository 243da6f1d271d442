import PIMS

/// The PIMS requests the flows make, written as the documents write them (seed 000, seed 001, the
/// OTP and car key tutorials). Parameters typed by the user come in as `JSONValue?`: nil is left
/// out of `params`, which is how "send as typed" reaches the backend's 2101.
public enum Requests {
    public static func login(_ username: String, _ password: String) -> PIMSRequest {
        PIMSRequest(.set, "pims.authentication.user", ["action": "login", "username": .string(username), "password": .string(password)])
    }
    // Steps 1 and 2.
    public static let isDeviceActivated = PIMSRequest(.get, "pims.authentication.account", ["actionType": "strong", "type": "isDeviceActivated"])
    public static let isAccountBlocked = PIMSRequest(.get, "pims.authentication.account", ["actionType": "strong", "type": "isAccountBlocked"])
    // Step 3.
    public static let trustedPhoneNumber = PIMSRequest(.get, "pims.authentication.trustedphonenumber")
    // Steps 4·1, 4·2 and D: a code to the number being certified.
    public static func certificationSMS(_ phone: JSONValue?) -> PIMSRequest {
        PIMSRequest(.get, "pims.authentication.smscode", params(["type": "phoneNumberCertification", "phoneNumber": phone]))
    }
    // Step 4·1, the shortcut.
    public static func enrollWithPhoneNumber(pin: JSONValue?, code: JSONValue?, phone: JSONValue?) -> PIMSRequest {
        PIMSRequest(.set, "pims.authentication.enrollment",
                    params(["action": "enrollWithPhoneNumber", "pinCode": pin, "smsCode": code, "phoneNumber": phone]))
    }
    // Step 4·2.
    public static func addPhoneNumber(code: JSONValue?, phone: JSONValue?) -> PIMSRequest {
        PIMSRequest(.set, "pims.authentication.smscode", params(["type": "addPhoneNumber", "smsCode": code, "phoneNumber": phone]))
    }
    // Step 5, as the tutorial writes it: with the trusted phone number (R5 ignores it).
    public static func enrollmentSMS(phone: String?) -> PIMSRequest {
        PIMSRequest(.get, "pims.authentication.smscode", params(["type": "enrollment", "phoneNumber": phone.map(JSONValue.string)]))
    }
    // Step 6.
    public static func checkEnrollmentCode(_ code: JSONValue?) -> PIMSRequest {
        PIMSRequest(.set, "pims.authentication.smscode", params(["action": "enrollment", "smsCode": code]))
    }
    // Steps 7 and 8: the SMS code is for iOS only.
    public static func enroll(pin: JSONValue?, code: JSONValue?, platform: Platform) -> PIMSRequest {
        PIMSRequest(.set, "pims.authentication.enrollment",
                    params(["action": "enroll", "pinCode": pin, "smsCode": platform == .ios ? code : nil]))
    }
    // Step A.
    public static let removeEnrollments = PIMSRequest(.set, "pims.authentication.enrollment", ["action": "remove"])
    // Step B.
    public static let resetPINSMS = PIMSRequest(.get, "pims.authentication.smscode", ["type": "resetPIN"])
    public static func resetPIN(pin: JSONValue?, code: JSONValue?) -> PIMSRequest {
        PIMSRequest(.set, "pims.authentication.pincode", params(["action": "reset", "pinCode": pin, "smsCode": code]))
    }
    // Step C.
    public static func updatePIN(old: JSONValue?, new: JSONValue?) -> PIMSRequest {
        PIMSRequest(.set, "pims.authentication.pincode", params(["action": "update", "oldPIN": old, "newPIN": new]))
    }
    // Step D.
    public static func modifyPhoneNumber(code: JSONValue?, phone: JSONValue?) -> PIMSRequest {
        PIMSRequest(.set, "pims.authentication.smscode", params(["type": "modifyPhoneNumber", "smsCode": code, "phoneNumber": phone]))
    }
    // Step E.
    public static func removeProperty(_ vin: JSONValue?) -> PIMSRequest {
        PIMSRequest(.set, "pims.subscription.vehicle", params(["action": "removeProperty", "vin": vin]))
    }
    // OTP page.
    public static func otpWithPIN(_ pin: JSONValue?) -> PIMSRequest {
        PIMSRequest(.get, "pims.authentication.otp", params(["action": "withPin", "pinCode": pin]))
    }
    // Service activation steps (seed 001).
    public static func steps(carAssociationID: String, reset: Bool, filter: StepsFilter) -> PIMSRequest {
        PIMSRequest(.get, "pims.subscription.steps",
                    ["carAssociationID": .string(carAssociationID), "resetSteps": .bool(reset), "stepsStatus": .string(filter.rawValue)])
    }
    public static func steps(stepsID: Int, reset: Bool, filter: StepsFilter) -> PIMSRequest {
        PIMSRequest(.get, "pims.subscription.steps",
                    ["stepsID": .int(stepsID), "resetSteps": .bool(reset), "stepsStatus": .string(filter.rawValue)])
    }
    public static func nextStep(stepsID: Int) -> PIMSRequest {
        PIMSRequest(.get, "pims.subscription.step", ["stepsID": .int(stepsID)])
    }
    // Car key.
    public static func selectVehicle(_ vin: JSONValue?) -> PIMSRequest {
        PIMSRequest(.set, "pims.vehicle.vin", params(["vin": vin]))
    }
    public static let carKeyStatus = PIMSRequest(.get, "pims.vehicle.carkey")
    public static let activateCarKey = PIMSRequest(.set, "pims.vehicle.carkey")

    private static func params(_ p: [String: JSONValue?]) -> [String: JSONValue] { p.compactMapValues { $0 } }
}
