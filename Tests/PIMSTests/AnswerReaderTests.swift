import Foundation
import PIMS
import Testing

/// PIMS's answer readers read what PIMS's own writers write (the status payload in both spellings,
/// the account control, signals and account events), and read partial or wrong answers as absent
/// values, never a crash.
@Suite struct AnswerReaderTests {
    static let t = SimTime(iso8601: "2026-01-05T09:00:00Z")!

    static func vehicle(_ type: VehicleType, open: [Opening] = [], plugged: Bool = false) -> Vehicle {
        var v = Vehicle(vin: VIN("VR1AB12C3D4567890")!, brand: "Peugeot", model: "e-208", carAssociationID: CarAssociationID("12345")!)
        v.remote.type = type
        for o in open { v.remote.doors.set(o, open: true) }
        v.remote.charging.plugged = plugged
        return v
    }

    static func status(_ v: Vehicle, _ variant: SpecVariant) throws -> VehicleStatus {
        try #require(VehicleStatus(VehiclePayload.build(v, v.remote.copy(at: t), variant: variant)))
    }

    @Test(arguments: SpecVariant.allCases) func theStatusPayloadReadsInBothSpellings(variant: SpecVariant) throws {
        let s = try Self.status(Self.vehicle(.electric, open: [.driver, .trunk], plugged: true), variant)
        #expect(s.vin == "VR1AB12C3D4567890")
        #expect(s.brand == "peugeot")
        #expect(s.type == "electric")
        // The trunk is `isTrunkOpened` in the tutorial and `isTrunkDoorOpened` in the reference.
        #expect(s.open == ["driver", "trunk"])
        #expect(s.lock == Self.vehicle(.electric).remote.doors.lock.rawValue)
        #expect(s.level == 80)
        #expect(s.autonomy == 272)
        #expect(s.plugged)
        #expect(s.hasBattery && s.fuelLevel == nil)
        // `ChargingInfo` in the reference, upper-case values; read as written.
        #expect(s.chargingMode?.lowercased() == "slow")
        #expect(s.remainingTime == "PT0S")
    }

    @Test func bothSpellingsReadTheSameVehicle() throws {
        let v = Self.vehicle(.hybrid, open: [.trunk])
        var tutorial = try Self.status(v, .tutorial), reference = try Self.status(v, .reference)
        #expect(tutorial.fuelLevel != nil && tutorial.level != nil)
        // Only the spelling of values differs (`disconnected` / `DISCONNECTED`).
        #expect(tutorial.chargingState?.uppercased() == reference.chargingState)
        tutorial.chargingState = nil; reference.chargingState = nil
        tutorial.chargingMode = nil; reference.chargingMode = nil
        tutorial.precondStatus = nil; reference.precondStatus = nil
        #expect(tutorial == reference)
    }

    @Test func aStatusIsReadFromASignalsVehicleOrAStatusAnswer() throws {
        let payload = VehiclePayload.build(Self.vehicle(.fuel), Self.vehicle(.fuel).remote.copy(at: Self.t), variant: .tutorial)
        let wrapped = try #require(VehicleStatus(["vehicle": payload]))
        #expect(wrapped == VehicleStatus(payload))
        #expect(wrapped.level == nil && wrapped.fuelLevel != nil && !wrapped.hasBattery)
    }

    @Test func aStatusThatIsNoneIsNil() {
        #expect(VehicleStatus(nil) == nil)
        #expect(VehicleStatus(["vehicle": "asleep"]) == nil)
        #expect(VehicleStatus(["resources": ["vin": "x"]]) == nil, "no status object")
        #expect(VehicleStatus(.array([1, 2])) == nil)
        // A status with nothing in it reads with its unknowns shown as such.
        let bare = VehicleStatus(["resources": ["status": [:]]])
        #expect(bare?.type == "?" && bare?.lock == "?" && bare?.open == [] && bare?.level == nil && bare?.remainingTime == "PT0S")
    }

    @Test func theAccountControlsAnswerReadsTheEncodedAccount() throws {
        var account = Account(username: "alice", password: "pw")
        account.phone = PhoneNumber("+33612345678")
        account.enrolledDevices = ["alice-iphone"]
        var v = Self.vehicle(.electric)
        v.proximity.paired = false
        v.carKey.activated = true
        account.vehicles = [v]
        account.stepsCaches = [StepsCache(stepsID: 7, device: "alice-iphone", carAssociationID: v.carAssociationID, alreadyDone: [.deviceActivation])]
        let encoded = try JSONText.parse(JSONEncoder().encode(account))
        var policy = Policy()
        policy.pinMaxLength = 8
        let answer = SimAnswer.success(["account": encoded, "policy": try JSONText.parse(JSONEncoder().encode(policy)), "now": "2026-01-05T09:00:00Z"])
        let read = AccountAnswer(answer)
        let snapshot = try #require(read.account)
        #expect(snapshot.username == "alice" && snapshot.phone == "+33612345678" && snapshot.enrolledDevices == ["alice-iphone"])
        #expect(snapshot.blockState == "NotBlocked" && snapshot.pinFailures == 0 && !snapshot.pinSet)
        #expect(snapshot.vehicles.map(\.vin) == ["VR1AB12C3D4567890"])
        #expect(snapshot.vehicles.first?.carKeyActivated == true && snapshot.vehicles.first?.paired == false)
        #expect(snapshot.vehicles.first?.bluetoothOn == true)
        #expect(snapshot.stepsCaches.first?.stepsID == 7 && snapshot.stepsCaches.first?.alreadyDone == ["deviceActivation"])
        #expect(read.limits?.pinMaxLength == 8 && read.limits?.pinMinLength == 4)
        #expect(read.now == "2026-01-05T09:00:00Z")
    }

    @Test func anAccountAnswerWithoutAnAccountReadsAsNone() {
        let read = AccountAnswer(.success(["account": "alice", "policy": 3]))
        #expect(read.account == nil && read.limits == nil && read.now == nil)
        #expect(AccountSnapshot(json: ["phone": "+33612345678"]) == nil, "no username")
        // A policy that is partly there gives what it has.
        #expect(PolicyLimits(["smsCodeLength": 6])?.smsCodeLength == 6)
        #expect(PolicyLimits(["smsCodeLength": 6])?.pinMinLength == nil)
    }

    @Test func theInboxControlsAnswerIsReadMessageByMessage() {
        let answer = SimAnswer.success(["now": "2026-01-05T09:00:00Z", "messages": [
            ["code": "1234", "purpose": "enrollment", "sentAt": "2026-01-05T08:59:00Z", "expiresAt": "2026-01-05T09:09:00Z",
             "consumed": false, "checksUsed": 2, "burnt": false, "replaced": true],
            ["purpose": "enrollment"],  // no code: not a message
        ]])
        let inbox = PhoneInbox(phone: "+33612345678", answer: answer)
        #expect(inbox.messages.map(\.code) == ["1234"])
        #expect(inbox.messages.first?.checksUsed == 2 && inbox.messages.first?.replaced == true)
        #expect(inbox.state(inbox.messages[0]) == .replaced)
        #expect(inbox.now == "2026-01-05T09:00:00Z")
        #expect(PhoneInbox(phone: "x", answer: .failure("no")).messages.isEmpty)
    }

    @Test func callAnswersReadBothVariantsAndMissingFields() {
        #expect(PIMSAnswer.isDeviceActivated(["isDeviceActivated": true]))
        #expect(!PIMSAnswer.isDeviceActivated(["isDeviceActivated": "true"]), "only a Boolean says yes")
        // R2: the reference names the state, the tutorial's sample answers a Boolean.
        #expect(PIMSAnswer.blockState(["isAccountBlocked": "PinBlocked"]) == "PinBlocked")
        #expect(PIMSAnswer.blockState(["isAccountBlocked": true]) == "AccountBlocked")
        #expect(PIMSAnswer.blockState(["isAccountBlocked": false]) == "NotBlocked")
        #expect(PIMSAnswer.blockState(nil) == "NotBlocked")
        #expect(PIMSAnswer.trustedPhone(["phoneNumber": .null]) == nil)
        #expect(PIMSAnswer.status(["status": "AlreadyEnrolled"]) == "AlreadyEnrolled")
        #expect(PIMSAnswer.otp(["otp": 12]) == nil)
        #expect(CarKeyStatusAnswer(["isCarKeyVerified": "true"]).isVerified == true)
        #expect(CarKeyStatusAnswer(["isCarKeyVerified": false, "cvsStatus": "unknown"]).cvsStatus == "unknown")
        #expect(CarKeyStatusAnswer(nil).isVerified == false)
        #expect(CarKeyActivationAnswer(["vin": "V", "securityCode": "abc"]).securityExpiration == nil)
    }

    @Test func aStepsAnswerIsInItsOrderWhateverTheSpelling() throws {
        let read = try #require(StepsAnswer(["stepsID": 4, "trustedPhone": ["name": "trustedPhone", "status": "todo", "order": 2],
                                              "deviceActivation": ["name": "deviceActivation", "status": "alreadyDone", "order": 1],
                                              "junk": 3]))
        #expect(read.stepsID == 4)
        #expect(read.steps.map(\.name) == ["deviceActivation", "trustedPhone"])
        #expect(read.steps.map { ServiceStep(named: $0.name) } == [.deviceActivation, .trusterPhoneNumber])
        #expect(ServiceStep(named: "trusterPhoneNumber") == .trusterPhoneNumber)
        #expect(ServiceStep(named: "stepsID") == nil)
        #expect(StepsAnswer(.array([])) == nil)
        #expect(StepsAnswer([:])?.steps == [])
    }

    @Test func eventsReadAsTheyAreWritten() throws {
        let change = AccountChange("alice", by: "s2")
        let event = SimEvent(id: 1, kind: .accountChanged, data: change.data, at: Self.t, sessions: nil)
        #expect(AccountChange(event) == change)
        #expect(AccountChange(SimEvent(id: 2, kind: .accountChanged, data: AccountChange("bob").data, at: Self.t, sessions: nil))?.session == nil)
        #expect(AccountChange(SimEvent(id: 3, kind: .smsDelivered, data: change.data, at: Self.t, sessions: nil)) == nil, "not an account event")
        let sms = SMSMessage(phone: PhoneNumber("+33612345678")!, purpose: .enrollment, code: "1234", sentAt: Self.t, expiresAt: Self.t + 600)
        #expect(SMSMessage.phone(of: SimEvent(id: 4, kind: .smsDelivered, data: sms.eventData, at: Self.t, sessions: nil)) == "+33612345678")
    }

    @Test func aSignalReadsItsCommandItsVehicleAndItsError() throws {
        let v = Self.vehicle(.electric)
        let payload = VehiclePayload.build(v, v.remote.copy(at: Self.t), variant: .reference)
        let failure = CallError(code: 2360, label: "Vehicle unreachable")
        let data = VehicleSignal.data(subscription: "sub-1", code: 903, command: (transactionId: "t-1", action: "doors"), vehicle: payload, error: failure)
        let signal = try #require(VehicleSignal(SimEvent(id: 1, kind: .signal, data: data, at: Self.t)))
        #expect(signal.code == 903 && signal.transactionId == "t-1" && signal.action == "doors")
        #expect(signal.vehicle == VehicleStatus(payload))
        #expect(signal.error?.code == failure.code)
        // A status call's wake-up names no command; a signal without a code is none.
        let wake = VehicleSignal.data(subscription: "sub-1", code: 200, command: nil, vehicle: payload, error: nil)
        let read = try #require(VehicleSignal(SimEvent(id: 2, kind: .signal, data: wake, at: Self.t)))
        #expect(read.transactionId == nil && read.action == nil && read.error == nil)
        #expect(VehicleSignal(SimEvent(id: 3, kind: .signal, data: ["result": ["code": "900"]], at: Self.t)) == nil)
        #expect(VehicleSignal(SimEvent(id: 4, kind: .vehicleEvent, data: wake, at: Self.t)) == nil)
        let charge = ChargeNotification.data(subscription: "sub-2", notification: "remoteChargeFinished", vin: v.vin.value)
        let heard = try #require(ChargeNotification(SimEvent(id: 5, kind: .vehicleEvent, data: charge, at: Self.t)))
        #expect(heard.notification == "remoteChargeFinished" && heard.vin == "VR1AB12C3D4567890")
        #expect(ChargeNotification(SimEvent(id: 6, kind: .signal, data: charge, at: Self.t)) == nil)
    }
}
