import Card
@testable import Enrollment
import Futurae
import PIMS
import Testing

/// The front builds its requests from the systems' catalogues: the envelopes stay the documents'.
@Suite struct TypedRequestsTests {
    @Test("PIMS's requests from the catalogue's entries: verb, name, sub-API under its key, parameters")
    func pims() {
        #expect(PIMSRequests.login("a@b.c", "pw") == CallRequest(.set, "pims.authentication.user",
                                                                ["action": "login", "username": "a@b.c", "password": "pw"]))
        #expect(PIMSRequests.isDeviceActivated == CallRequest(.get, "pims.authentication.account", ["actionType": "strong", "type": "isDeviceActivated"]))
        #expect(PIMSRequests.trustedPhoneNumber == CallRequest(.get, "pims.authentication.trustedphonenumber"))
        #expect(PIMSRequests.enrollmentSMS(phone: nil) == CallRequest(.get, "pims.authentication.smscode", ["type": "enrollment"]))
        #expect(PIMSRequests.checkEnrollmentCode("0000") == CallRequest(.set, "pims.authentication.smscode", ["action": "enrollment", "smsCode": "0000"]))
        #expect(PIMSRequests.enroll(pin: "1234", code: "0000", platform: .android)
            == CallRequest(.set, "pims.authentication.enrollment", ["action": "enroll", "pinCode": "1234"]))
        // R15 takes `type|action`: the tutorial's `type` stays.
        #expect(PIMSRequests.modifyPhoneNumber(code: "0000", phone: "0612345678")
            == CallRequest(.set, "pims.authentication.smscode", ["type": "modifyPhoneNumber", "smsCode": "0000", "phoneNumber": "0612345678"]))
        #expect(PIMSRequests.otpWithPIN("1234") == CallRequest(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": "1234"]))
        #expect(PIMSRequests.removeEnrollments == CallRequest(.set, "pims.authentication.enrollment", ["action": "remove"]))
        #expect(PIMSRequests.steps(stepsID: 7, reset: false, filter: .all)
            == CallRequest(.get, "pims.subscription.steps", ["stepsID": 7, "resetSteps": false, "stepsStatus": "all"]))
        #expect(PIMSRequests.activateCarKey == CallRequest(.set, "pims.vehicle.carkey"))
        // Every request the flows make parses as the call its rule names.
        for request in [PIMSRequests.login("a@b.c", "pw"), PIMSRequests.isAccountBlocked, PIMSRequests.resetPINSMS, PIMSRequests.carKeyStatus,
                        PIMSRequests.selectVehicle("VR1AB12C3D4567890"), PIMSRequests.nextStep(stepsID: 1)] {
            #expect((try? PIMSCall.parse(request)) != nil, "\(request.name)")
        }
    }

    @Test("PIMS's fault targets are the catalogue's names, once each, in the flows' order")
    func pimsFaultTargets() {
        #expect(PIMSFront.faultTargets == [
            "pims.authentication.smscode", "pims.authentication.enrollment", "pims.authentication.account",
            "pims.authentication.trustedphonenumber", "pims.authentication.pincode", "pims.authentication.otp",
            "pims.subscription.steps", "pims.subscription.vehicle", "pims.vehicle.carkey", "pims.vehicle.vin",
            "pims.vehicle.command", "pims.vehicle.informations", "pims.vehicle.signal",
        ])
    }

    @Test("Futurae's and Card's requests carry their catalogue's names")
    func futuraeAndCard() {
        #expect(FuturaeRequests.enroll(shortCode: "57S6KDIM").name == FuturaeAPI.enroll.name)
        #expect(FuturaeRequests.lock == CallRequest(.call, "futurae.lock", [:]))
        #expect(CardRequests.cancel("t1") == CallRequest(.call, "casa.cancelTransaction", ["transactionId": "t1"]))
        #expect(CardRequests.accounts.name == CardAPI.getAllEnrolledAccounts.name)
    }
}
