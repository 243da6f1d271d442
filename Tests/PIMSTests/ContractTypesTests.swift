import PIMS
import SimKernel
import Testing

@Suite("Contract value types and catalogues")
struct ContractTypesTests {
    @Test func phoneFormsAndEquivalence() throws {
        #expect(PhoneNumber("0612345678") == PhoneNumber("+33612345678"))
        #expect(PhoneNumber("0612345678")?.written == "0612345678")
        #expect(PhoneNumber("+4915112345678")?.e164 == "+4915112345678")
        for bad in ["612345678", "06123456789", "+3361", "+33 612345678", "06-12-34-56-78", "", "+1234567890123456"] {
            #expect(PhoneNumber(bad) == nil, "\(bad)")
        }
    }

    /// An account answers whether its tags are a given list without building them (issue 8): the
    /// answer must be `rowTags == tags` for its own tags, and for every near miss of them.
    @Test func accountTagsComparedWithoutBuildingThem() {
        let phones = ["0612345678", "0698765432", "0611111111"].map { PhoneNumber($0)! }
        var random = SeededGenerator(state: 8)
        for _ in 0..<500 {
            let t = SimTime(iso8601: "2026-01-05T09:00:00Z")!
            let sms = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                SMSMessage(phone: phones.randomElement(using: &random)!, purpose: .enrollment, code: "1234", sentAt: t, expiresAt: t)
            }
            let account = Account(username: "u", password: "p", phone: Bool.random(using: &random) ? phones.randomElement(using: &random) : nil)
            var withCodes = account
            withCodes.sms = sms
            let own = withCodes.rowTags
            var candidates = [own, Array(own.dropLast()), Array(own.dropFirst()), own.reversed(), own + own.prefix(1), []]
            candidates += phones.flatMap { p in [own + [.sentTo(p)], [.trustedPhone(p)] + own.filter { if case .sentTo = $0 { true } else { false } }] }
            for tags in candidates {
                #expect(withCodes.hasRowTags(tags) == (own == tags), "\(withCodes.phone as Any) \(sms.map(\.phone)) against \(tags)")
            }
            // A short list asks each row for one tag (issue 8): the same answer as its tags give.
            for tag in phones.flatMap({ [Account.Tag.trustedPhone($0), .sentTo($0)] }) {
                #expect(withCodes.isTagged(tag) == own.contains(tag), "\(withCodes.phone as Any) \(sms.map(\.phone)) tagged \(tag)")
            }
        }
    }

    @Test func vinAlphabet() {
        #expect(VIN("VR1AB12C3D4567890") != nil)
        #expect(VIN("VR1AB12C3D456789O") == nil)  // O
        #expect(VIN("VR1AB12C3D456789I") == nil)  // I
        #expect(VIN("VR1AB12C3D456789Q") == nil)  // Q
        #expect(VIN("vr1ab12c3d4567890") == nil)
        #expect(VIN("VR1AB12C3D456789") == nil)
        #expect(VIN("VR1AB12C3D456789A\u{301}") == nil)  // 17 characters, but not 17 letters
        #expect(VIN("VR1AB12C3D45678É0") == nil)
    }

    @Test func sdkVersionsCanonicalOrNot() {
        #expect(SDKVersion("2.3") == .v2_3)
        #expect(SDKVersion("2.0") == .v2_0)
        #expect(SDKVersion("02.1") == .v2_1)  // read as numbers, as a scenario may write it
        #expect(SDKVersion("2.4") == nil)
        #expect(SDKVersion("2.") == nil)
    }

    @Test func pinsAndCodesAreDigitStringsWithLeadingZeros() {
        #expect(PIN("0012")?.digits == "0012")
        #expect(PIN("12a4") == nil)
        #expect(PIN("") == nil)
        #expect(SMSCode("0000") != nil)
        #expect(SMSCode("１２３４") == nil)  // full-width digits are not ASCII
    }

    @Test func sdkVersions() {
        #expect(SDKVersion("2.0") == .v2_0)
        #expect(SDKVersion("2.4") == nil)
        #expect(SDKVersion.v2_0 < .v2_1)
    }

    @Test func theErrorCatalogueHoldsEveryReferenceCode() {
        #expect(ErrorCatalogue.allCodes.count == 100)
        #expect(ErrorCatalogue.label(2305) == "The sms code is invalid")
        #expect(ErrorCatalogue.label(2101, ["pinCode"]) == "Missing pinCode parameter")
        #expect(ErrorCatalogue.label(2346, ["132324"]) == "No Step for this stepsID 132324")
        #expect(ErrorCatalogue.label(2010, ["vin"]) == "vin not set")
        #expect(ErrorCatalogue.label(2383) == "error.accountTemporarilyLockedOut")
        #expect(ErrorCatalogue.entry(2204)?.hasSubErrors == true)
        #expect(ErrorCatalogue.entry(2204)?.kind == "Output Error")
        #expect(ErrorCatalogue.label(9999) == "Unknown error")
    }

    @Test func callParsingPicksTheRuleAndTheInputErrors() throws {
        #expect(try PIMSCall.parse(CallRequest(.get, "pims.subscription.steps", ["stepsID": 5])).rule == "R20")
        #expect(try PIMSCall.parse(CallRequest(.get, "pims.subscription.steps", ["vin": "VR1AB12C3D4567890"])).rule == "R21")
        #expect(try PIMSCall.parse(CallRequest(.get, "pims.authentication.otp", ["action": "WITHPIN", "pinCode": "1"])).rule == "R16")
        #expect(throws: PIMSError.missing("smsCode")) {
            try PIMSCall.parse(CallRequest(.set, "pims.authentication.smscode", ["action": "enrollment"]))
        }
        #expect(throws: PIMSError.notSupported) {
            try PIMSCall.parse(CallRequest(.get, "pims.authentication.user", ["action": "login"]))
        }
    }

    @Test func envelopesReadAndWrite() throws {
        let r = try CallRequest(json: ["type": "get", "name": "pims.vehicle.carkey", "session": "x"])
        #expect(r == CallRequest(.get, "pims.vehicle.carkey"))
        #expect(throws: CallRequest.EnvelopeError.badCallType("put")) { try CallRequest(json: ["type": "put", "name": "x"]) }
        #expect(throws: CallRequest.EnvelopeError.wrongType("params", expected: "an object")) {
            try CallRequest(json: ["type": "get", "name": "x", "params": [1]])
        }
        let failed = CallResponse.failure("tx-1", PIMSError(.smsCodeInvalid, detail: "d"))
        #expect(try CallResponse(json: failed.json) == failed)
        let ok = CallResponse.success("tx-2", ["a": 1])
        #expect(try CallResponse(json: ok.json) == ok)
    }
}
