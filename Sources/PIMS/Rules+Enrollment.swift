import SimKernel


/// Strong authentication, device enrollment and account management: R4–R16.
extension PIMSStep {
    // R4, R5, R6
    mutating func sendSMSRule(_ purpose: SMSPurpose, _ phone: PhoneNumber?, _ a: Int) throws(PIMSError) -> JSONValue {
        let target: PhoneNumber
        if purpose == .phoneNumberCertification, let phone {
            target = phone
        } else {
            guard let trusted = accounts[a].phone else { throw PIMSError(.noPhoneNumber) }
            target = trusted
        }
        try sendSMS(account: a, purpose: purpose, to: target)
        return .null
    }

    // R8: the shortcut, step 4·1.
    mutating func enrollWithPhoneNumber(_ pin: PIN, _ code: SMSCode, _ phone: PhoneNumber, _ a: Int) throws(PIMSError) -> JSONValue {
        if settings.sdk < .v2_1 {
            throw PIMSError(.apiNotSupported, detail: "enrollWithPhoneNumber needs SDK 2.1 or later (this session: \(settings.sdk))")
        }
        if accounts[a].phone != nil { throw PIMSError(.phoneAlreadyRegistered) }
        try requireNotBlocked(a)
        try requirePINForm(pin, "pinCode")
        let m = try checkSMS(account: a, purpose: .phoneNumberCertification, phone: phone, code: code)
        try requireRoomForDevice(a)
        consumeSMS(account: a, m)
        accounts[a].phone = phone
        accounts[a].pin = pin
        accounts[a].pinFailures = 0
        enrollDevice(a)
        return .null
    }

    // R9: step 4·2.
    mutating func addPhoneNumber(_ code: SMSCode, _ phone: PhoneNumber, _ a: Int) throws(PIMSError) -> JSONValue {
        if accounts[a].phone != nil { throw PIMSError(.phoneAlreadyRegistered) }
        let m = try checkSMS(account: a, purpose: .phoneNumberCertification, phone: phone, code: code)
        consumeSMS(account: a, m)
        accounts[a].phone = phone
        return .null
    }

    // R10: step 6.
    mutating func checkEnrollmentCode(_ code: SMSCode, _ a: Int) throws(PIMSError) -> JSONValue {
        try requireNotBlocked(a)
        let m = try checkSMS(account: a, purpose: .enrollment, phone: nil, code: code)
        consumeSMS(account: a, m)
        session.enrollmentWindow = .init(username: accounts[a].username, code: code.digits, until: accounts[a].sms[m].expiresAt)
        return [PIMSAnswer.Key.status: .string(accounts[a].pin == nil ? "NotEnrolled" : PIMSAnswer.alreadyEnrolled)]
    }

    // R11: steps 7 and 8.
    mutating func enroll(_ pin: PIN, _ code: SMSCode?, _ a: Int) throws(PIMSError) -> JSONValue {
        try requireNotBlocked(a)
        guard let window = session.enrollmentWindow, window.username == accounts[a].username, clock < window.until else {
            session.enrollmentWindow = nil
            throw PIMSError(.internalStateNotCorrect, detail: "no open enrollment window: check an enrollment SMS code first (step 6)")
        }
        if settings.platform == .ios {
            guard let code else { throw PIMSError.missing("smsCode") }
            if code.digits != window.code {
                throw PIMSError(.smsCodeInvalid, detail: "smsCode must be the code checked at step 6")
            }
        }
        try requirePINForm(pin, "pinCode")
        guard let current = accounts[a].pin else {
            // Step 7: a new PIN. The window stays open so that step 8 follows (R11).
            try requireRoomForDevice(a)
            accounts[a].pin = pin
            accounts[a].pinFailures = 0
            enrollDevice(a)
            kernel.took("step 7")
            return [PIMSAnswer.Key.status: "Enrolled"]
        }
        // Step 8: the PIN is checked.
        if current != pin { throw pinFailure(a) }
        let already = accounts[a].isEnrolled(settings.device)
        try requireRoomForDevice(a)
        accounts[a].pinFailures = 0
        enrollDevice(a)
        session.enrollmentWindow = nil
        kernel.took(already ? "step 8 · already enrolled" : "step 8")
        return [PIMSAnswer.Key.status: already ? .string(PIMSAnswer.alreadyEnrolled) : "Enrolled"]
    }

    // R12: step A.
    mutating func removeEnrollments(_ a: Int) -> JSONValue {
        accounts[a].enrolledDevices = []
        accounts[a].pin = nil
        accounts[a].pinFailures = 0
        accounts[a].blockState = .notBlocked
        closeWindows(ofAccount: a)
        return .null
    }

    // R13: step B.
    mutating func resetPIN(_ pin: PIN, _ code: SMSCode, _ a: Int) throws(PIMSError) -> JSONValue {
        if accounts[a].enrolledDevices.isEmpty {
            throw PIMSError(.forbiddenOperation, detail: "resetting the PIN needs an active enrollment")
        }
        try requireNotBlocked(a)
        try requirePINForm(pin, "pinCode")
        if accounts[a].pin == pin { throw PIMSError(.newPINEqualsPrevious) }
        let m = try checkSMS(account: a, purpose: .resetPIN, phone: nil, code: code)
        consumeSMS(account: a, m)
        accounts[a].pin = pin
        accounts[a].pinFailures = 0
        return .null
    }

    // R14: step C.
    mutating func updatePIN(_ old: PIN, _ new: PIN, _ a: Int) throws(PIMSError) -> JSONValue {
        try requireEnrolled(a)
        try requireNotBlocked(a)
        try requirePINForm(new, "newPIN")
        if accounts[a].pin != old { throw pinFailure(a) }
        if old == new { throw PIMSError(.newPINEqualsPrevious) }
        accounts[a].pin = new
        accounts[a].pinFailures = 0
        return .null
    }

    // R15: step D.
    mutating func modifyPhoneNumber(_ code: SMSCode, _ phone: PhoneNumber, _ a: Int) throws(PIMSError) -> JSONValue {
        if accounts[a].phone == nil { throw PIMSError(.noPhoneNumber) }
        try requireEnrolled(a)
        try requireNotBlocked(a)
        let m = try checkSMS(account: a, purpose: .phoneNumberCertification, phone: phone, code: code)
        consumeSMS(account: a, m)
        accounts[a].phone = phone
        return .null
    }

    // R16: OTP with (or without) PIN opens the strong-authentication window.
    mutating func otp(_ pin: PIN?, _ a: Int) throws(PIMSError) -> JSONValue {
        try requireEnrolled(a)
        try requireNotBlocked(a)
        if let pin {
            if accounts[a].pin != pin { throw pinFailure(a) }
            accounts[a].pinFailures = 0
        } else if !policy.otpWithoutPinAllowed {
            throw PIMSError(.accessRefused, detail: "the policy does not allow an OTP without PIN")
        }
        var g = kernel.codes
        let otp = g.digits(8)
        kernel.codes = g
        session.strongAuthUntil = clock + policy.strongAuthWindowSeconds
        return [PIMSAnswer.Key.otp: .string(otp)]
    }
}
