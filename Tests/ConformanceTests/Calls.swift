import PIMS
import Testing

/// The contract's calls by their rule, so tests read like the spec.
extension Driver {
    static let alice = "alice@example.com"
    static let phone = "0612345678"
    static let vin = "VR1AB12C3D4567890"
    static let carAssociationID = "987654"

    @discardableResult func login(_ username: String = alice, _ password: String = "alice-pass", session: String = "default") async -> CallResponse {
        await call(.set, "pims.authentication.user", ["action": "login", "username": .string(username), "password": .string(password)], session: session)
    }
    @discardableResult func logout(session: String = "default") async -> CallResponse {
        await call(.set, "pims.authentication.user", ["action": "logout"], session: session)
    }
    func isDeviceActivated(session: String = "default") async -> CallResponse {
        await call(.get, "pims.authentication.account", ["actionType": "strong", "type": "isDeviceActivated"], session: session)
    }
    func isAccountBlocked(session: String = "default") async -> CallResponse {
        await call(.get, "pims.authentication.account", ["actionType": "strong", "type": "isAccountBlocked"], session: session)
    }
    func trustedPhone(session: String = "default") async -> CallResponse {
        await call(.get, "pims.authentication.trustedphonenumber", session: session)
    }
    @discardableResult func requestCertificationSMS(_ phone: String = phone, session: String = "default") async -> CallResponse {
        await call(.get, "pims.authentication.smscode", ["type": "phoneNumberCertification", "phoneNumber": .string(phone)], session: session)
    }
    @discardableResult func requestEnrollmentSMS(session: String = "default") async -> CallResponse {
        await call(.get, "pims.authentication.smscode", ["type": "enrollment"], session: session)
    }
    @discardableResult func requestResetPINSMS(session: String = "default") async -> CallResponse {
        await call(.get, "pims.authentication.smscode", ["type": "resetPIN"], session: session)
    }
    func enrollWithPhoneNumber(pin: String, code: String, phone: String = phone, session: String = "default") async -> CallResponse {
        await call(.set, "pims.authentication.enrollment",
                   ["action": "enrollWithPhoneNumber", "pinCode": .string(pin), "smsCode": .string(code), "phoneNumber": .string(phone)], session: session)
    }
    func addPhoneNumber(code: String, phone: String = phone, session: String = "default") async -> CallResponse {
        await call(.set, "pims.authentication.smscode", ["type": "addPhoneNumber", "smsCode": .string(code), "phoneNumber": .string(phone)], session: session)
    }
    func checkEnrollmentCode(_ code: String, session: String = "default") async -> CallResponse {
        await call(.set, "pims.authentication.smscode", ["action": "enrollment", "smsCode": .string(code)], session: session)
    }
    func enroll(pin: String, code: String?, session: String = "default") async -> CallResponse {
        var params: [String: JSONValue] = ["action": "enroll", "pinCode": .string(pin)]
        if let code { params["smsCode"] = .string(code) }
        return await call(.set, "pims.authentication.enrollment", params, session: session)
    }
    @discardableResult func removeEnrollments(session: String = "default") async -> CallResponse {
        await call(.set, "pims.authentication.enrollment", ["action": "remove"], session: session)
    }
    func resetPIN(_ pin: String, code: String, session: String = "default") async -> CallResponse {
        await call(.set, "pims.authentication.pincode", ["action": "reset", "pinCode": .string(pin), "smsCode": .string(code)], session: session)
    }
    func updatePIN(old: String, new: String, session: String = "default") async -> CallResponse {
        await call(.set, "pims.authentication.pincode", ["action": "update", "oldPIN": .string(old), "newPIN": .string(new)], session: session)
    }
    func modifyPhoneNumber(code: String, phone: String, session: String = "default") async -> CallResponse {
        await call(.set, "pims.authentication.smscode", ["action": "modifyPhoneNumber", "smsCode": .string(code), "phoneNumber": .string(phone)], session: session)
    }
    func otpWithPin(_ pin: String, session: String = "default") async -> CallResponse {
        await call(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": .string(pin)], session: session)
    }
    func removeProperty(_ vin: String = vin, session: String = "default") async -> CallResponse {
        await call(.set, "pims.subscription.vehicle", ["action": "removeProperty", "vin": .string(vin)], session: session)
    }
    func steps(_ selector: [String: JSONValue] = ["carAssociationID": .string(carAssociationID)], reset: Bool? = nil, status: String? = nil,
               session: String = "default") async -> CallResponse {
        var params = selector
        if let reset { params["resetSteps"] = .bool(reset) }
        if let status { params["stepsStatus"] = .string(status) }
        return await call(.get, "pims.subscription.steps", params, session: session)
    }
    func nextStep(_ stepsID: Int, session: String = "default") async -> CallResponse {
        await call(.get, "pims.subscription.step", ["stepsID": .int(stepsID)], session: session)
    }
    @discardableResult func selectVehicle(_ vin: String = vin, session: String = "default") async -> CallResponse {
        await call(.set, "pims.vehicle.vin", ["vin": .string(vin)], session: session)
    }
    func carKeyStatus(session: String = "default") async -> CallResponse {
        await call(.get, "pims.vehicle.carkey", session: session)
    }
    func activateCarKey(session: String = "default") async -> CallResponse {
        await call(.set, "pims.vehicle.carkey", session: session)
    }

    /// Steps 5 and 6 of the full method: an enrollment SMS and its check; returns the code.
    func openEnrollmentWindow(session: String = "default", phone: String = phone) async throws -> String {
        expectSuccess(await requestEnrollmentSMS(session: session))
        let code = try await newestCode(phone)
        expectSuccess(await checkEnrollmentCode(code, session: session))
        return code
    }

    /// A wrong code for `code` (same length, another digit string).
    static func wrong(_ code: String) -> String {
        String(code.map { $0 == "9" ? "0" : Character(String(($0.wholeNumberValue ?? 0) + 1)) })
    }
}
