import Card
import PIMS
import SimTestSupport
import SimWorld
import Testing

@Suite("Card §4 Controls, faults and the push event")
struct CardControlTests {
    @Test(arguments: BackendKind.available)
    func anActivationCodeIsEightDigitsForADay(kind: BackendKind) async throws {
        try await withBackend(kind, "card-activation") { d in
            let answer = try await d.control(["sim": "casa.activationCode", "card": "•••• 4242"])
            #expect(answer.ok, "\(answer.error ?? "")")
            #expect(ActivationCode(answer["activationCode"]?.stringValue ?? "") != nil)
            #expect(answer["expiresAt"] == "2026-01-06T09:00:00Z" && answer["accountId"] == "acct-4242")
            let unknown = try await d.control(["sim": "casa.activationCode", "card": "9999"])
            #expect(!unknown.ok && unknown.error?.contains("no card \"9999\"") == true)
        }
    }

    @Test("casa.issuer shows the issuer's side: every card, and the activation codes still pending",
          arguments: BackendKind.available)
    func theIssuerSideListsCardsAndPendingCodes(kind: BackendKind) async throws {
        try await withBackend(kind, "card-activation") { d in
            let answer = try await d.control(["sim": "casa.issuer"])
            #expect(answer.ok, "\(answer.error ?? "")")
            let cards = answer["cards"]?.arrayValue ?? []
            #expect(cards.map { $0["maskedCardNumber"] } == ["•••• 4242"] && cards.first?["state"] == "uploaded")
            let codes = answer["activationCodes"]?.arrayValue ?? []
            #expect(codes.map { $0["code"] } == ["40718263"] && codes.first?["maskedCardNumber"] == "•••• 4242")
        }
        try await withBackend(kind, "card-replacement") { d in
            let answer = try await d.control(["sim": "casa.issuer"])
            let cards = answer["cards"]?.arrayValue ?? []
            #expect(cards.map { $0["maskedCardNumber"] } == ["•••• 4242", "•••• 8888"])
            #expect(cards.map { $0["autoEnrolls"] } == [false, true])
            #expect(answer["activationCodes"]?.arrayValue == [])
            let stray = try await d.control(["sim": "casa.issuer", "card": "8888"])
            #expect(!stray.ok, "it takes no parameter")
        }
    }

    @Test(arguments: BackendKind.available)
    func theIssuerMakesACardInactiveAndActiveAgainButNotAnUploadedOne(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            try await d.casa.setCard("acct-4242", "inactive")
            #expect(await d.casa.accountStates() == ["acct-4242": "inactive"])
            try await d.casa.setCard("4242", "active")
            #expect(await d.casa.accountStates() == ["acct-4242": "active"])
            let uploaded = try await d.control(["sim": "casa.card", "card": "8888", "state": "inactive"])
            #expect(!uploaded.ok && uploaded.error?.contains("is uploaded") == true)
        }
    }

    @Test(arguments: BackendKind.available)
    func pushesAreListedNewestLastWithTheirStatusAsOfNow(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let first = try await d.casa.purchase("8888", merchant: "One")
            try await d.advance(60)
            let second = try await d.casa.purchase("4242", merchant: "Two", amount: 100, currency: "GBP")
            expectCardSuccess(await d.casa.cancel(second))
            let pushes = try await d.casa.pushes()
            #expect(pushes.map { $0["transactionId"] } == [.string(first), .string(second)])
            #expect(pushes.map { $0["transactionStatus"] } == ["pending", "rejected"])
            #expect(pushes.last?["displayAmount"] == "1.00 GBP" && pushes.last?["sentAt"] == "2026-01-05T09:01:00Z")
            let ghost = try await d.control(["sim": "casa.pushes", "session": "ghost"])
            #expect(!ghost.ok && ghost.error?.contains("no session named \"ghost\"") == true)
        }
    }

    @Test(arguments: BackendKind.available)
    func aFaultNamesACardErrorByCode(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let id = try await d.casa.purchase()
            #expect(try await d.control(["sim": "fault", "name": "casa.verifyPIN", "code": "ERROR_PIN_LOCKED", "times": 1]).ok)
            let r = await d.casa.verifyPIN("1234", id)
            #expect(r.error?.code == "ERROR_PIN_LOCKED" && r.error?.detail == "injected fault", "\(JSONText.encode(r.json))")
            expectCardSuccess(await d.casa.verifyPIN("1234", id))  // the rule did not run: nothing was locked
            let numbered = try await d.control(["sim": "fault", "name": "casa.verifyPIN", "code": 2])
            #expect(!numbered.ok && numbered.error?.contains("a casa fault names its error code") == true)
        }
    }

    /// The seeded ids repeat run after run, and are the same on every backend.
    @Test func theSameScenarioGivesTheSameIdsOnEveryBackend() async throws {
        var seen: [JSONValue] = []
        for kind in BackendKind.available {
            let answers = try await withBackend(kind, "card-replacement") { d in
                [try await d.casa.purchaseAnswer("8888").json, try await d.control(["sim": "casa.activationCode", "card": "4242"]).json]
            }
            seen.append(.array(answers))
        }
        #expect(Set(seen).count == 1, "\(seen)")
    }

    // MARK: the push event (§4): in process at once, over HTTP through the event stream

    @Test(arguments: BackendKind.available)
    func aPurchaseReachesEveryPhoneOfTheCardholderOnceAndNoOtherSession(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            try await d.casa.secondPhone("ipad")
            try await d.casa.session("bobs", device: "bob-phone")
            let phone = EventReader(d.backend.events(session: "ipad"))
            let bystander = EventReader(d.backend.events(session: "bobs"))
            try await phone.waitUntilLive(d.backend)
            try await bystander.waitUntilLive(d.backend)

            let ids = [try await d.casa.purchase("8888", merchant: "One"), try await d.casa.purchase("4242", merchant: "Two")]
            var seen: [SimEvent] = []
            while seen.count < 2 { seen.append(try await phone.next(of: .push)) }
            #expect(seen.map { $0.data["transactionId"] } == ids.map(JSONValue.string), "in the order made")
            #expect(seen.map { $0.data["merchantName"] } == ["One", "Two"])
            #expect(seen.first?.data["maskedCardNumber"] == "•••• 8888" && seen.first?.data["displayAmount"] == "49.99 EUR")
            #expect(seen.allSatisfy { $0.sessions == ["default", "ipad"] })

            // Once: up to a marker, no push comes again; the bystander heard none.
            _ = try await d.control(["sim": "clearFaults"])
            #expect(!(try await phone.upTo(.faultsChanged)).contains { $0.kind == .push })
            #expect(!(try await bystander.upTo(.faultsChanged)).contains { $0.kind == .push })
        }
    }
}
