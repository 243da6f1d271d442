import Card
import SimKernel
import SimWorld
import Testing

@Suite("Card §4–§5: the casa: section, strict, and the built-ins")
struct CardScenarioTests {
    /// Line numbers below are this text's (line 1 is `name: t`).
    static let valid = """
        name: t
        description: d
        startTime: "2026-01-05T09:00:00Z"
        seed: 3
        session:
          device: dev
        casa:
          issuer:
            name: Acme Bank
            biometricAllowed: true
          cardholders:
            - userId: alice@example.com
              name: Alice Martin
              pin: "1234"
              pinFailures: 1
          cards:
            - accountId: acct-4242
              userId: alice@example.com
              maskedCardNumber: "•••• 4242"
              expiry: 01/26
              displayName: Acme Visa
              state: active
            - accountId: acct-8888
              userId: alice@example.com
              maskedCardNumber: "8888"
              expiry: 12/29
              state: uploaded
              linkedAccounts: [acct-4242]
              autoEnrollId: 7c3e91a04bd25f68e0a1
          activationCodes:
            - code: "40718263"
              accountId: acct-8888
              expiresAt: "2026-01-06T09:00:00Z"
          transactions:
            - transactionId: D60945AF07648C0A
              accountId: acct-8888
              merchantName: Demo Shop
              amount: 4999
              currency: EUR
              createdAt: "2026-01-05T09:00:00Z"
              expiresAt: "2026-01-05T09:05:00Z"
              autoEnrollId: 7c3e91a04bd25f68e0a1
              status: pending
              verifiedOn: default
          devices:
            - session: default
              accounts: [acct-4242]
              pushes:
                - transactionId: D60945AF07648C0A
                  sentAt: "2026-01-05T09:00:00Z"
        """

    func refusal(_ yaml: String) -> ScenarioError? { scenarioRefusal(yaml, origin: "c.yaml") }

    @Test func aValidSectionLoads() throws {
        let world = try ScenarioLoader.parse(yaml: Self.valid, origin: "c.yaml")
        #expect(world.casa.issuer == Issuer(name: "Acme Bank", biometricAllowed: true))
        #expect(world.casa.cardholder("alice@example.com")?.pin == UserPIN("1234"))
        #expect(world.casa.card("acct-8888")?.maskedCardNumber.shown == "•••• 8888")  // written as the four digits
        #expect(world.casa.card("acct-8888")?.autoEnrolls == true)
        let t = try #require(world.casa.transaction("D60945AF07648C0A"))
        #expect(t.amount.shown == "49.99 EUR" && t.verifiedOn == "default")
        #expect(world.casa.device(session: "default")?.pushes.count == 1)
    }

    @Test(arguments: [
        // (find, replace, line, reason)
        ("      pinFailures: 1", "      pinFailures: 1\n      failures: 1", 16, "unknown key \"failures\" in casa.cardholders[0]"),
        ("      state: active", "      state: enabled", 22, "casa.cards[0].state: not one of the allowed values"),
        ("\"•••• 4242\"", "\"•••• 42\"", 19, "is not a masked card number"),
        ("expiry: 01/26", "expiry: 13/26", 20, "is not a card expiry (MM/YY)"),
        ("pin: \"1234\"", "pin: \"12\"", 14, "is not a user PIN (4 to 8 digits)"),
        ("      autoEnrollId: 7c3e91a04bd25f68e0a1\n  activationCodes", "      autoEnrollId: 7C3E91A04BD25F68E0A1\n  activationCodes", 29,
         "is not an autoEnrollId (20 lowercase hexadecimal characters)"),
        ("code: \"40718263\"", "code: \"4071\"", 31, "is not an activation code (8 digits)"),
        ("      currency: EUR", "      currency: EURO", 39, "\"EURO\" is not an ISO 4217 currency code"),
        ("      amount: 4999", "      amount: 0", 38, "the amount is whole minor units"),
        ("      status: pending", "      status: waiting", 43, "casa.transactions[0].status: not one of the allowed values"),
        ("  issuer:\n    name: Acme Bank\n    biometricAllowed: true\n", "", 7, "missing key \"issuer\" in casa"),
        ("    name: Acme Bank", "    name: \" \"", 9, "the issuer's name is empty"),
        ("      pinFailures: 1", "      pinFailures: 3", 15, "would be locked"),
        ("      pin: \"1234\"\n", "", 14, "PIN failures or a locked PIN without a PIN"),
        ("      linkedAccounts: [acct-4242]", "      linkedAccounts: [acct-1111]", 28, "linked to acct-1111, which is not a card"),
        ("      linkedAccounts: [acct-4242]", "      linkedAccounts: [acct-8888]", 28, "a card cannot be linked to itself"),
        ("      autoEnrollId: 7c3e91a04bd25f68e0a1\n  activationCodes", "\n  activationCodes", 28, "needs its autoEnrollId"),
        ("    - accountId: acct-8888\n      userId: alice@example.com", "    - accountId: acct-8888\n      userId: bob@example.com", 24,
         "card of bob@example.com, who is not a cardholder"),
        ("      accountId: acct-8888\n      expiresAt", "      accountId: acct-1\n      expiresAt", 32, "code for acct-1, which is not a card"),
        ("      accountId: acct-8888\n      merchantName", "      accountId: acct-1\n      merchantName", 36, "made with acct-1, which is not a card"),
        ("      verifiedOn: default", "      verifiedOn: ipad", 44, "no session named ipad"),
        ("    - session: default", "    - session: ipad", 46, "no session named ipad"),
        ("      accounts: [acct-4242]", "      accounts: [acct-8888]", 47, "acct-8888 is uploaded: a card on a phone is active or inactive"),
        ("      accounts: [acct-4242]", "      accounts: [acct-4242, acct-4242]", 47, "acct-4242 is set up twice on this device"),
        ("        - transactionId: D60945AF07648C0A\n          sentAt", "        - transactionId: 0000\n          sentAt", 49, "no transaction 0000"),
    ])
    func everyRefusalNamesTheFileTheLineAndTheReason(find: String, replace: String, line: Int, reason: String) throws {
        try expectRefusal(of: Self.valid, replacing: find, with: replace, origin: "c.yaml", line: line, reason: reason)
    }

    @Test func aSecondCardholderCardOrTransactionWithTheSameIdIsRefused() throws {
        let twice = Self.valid.replacingOccurrences(of: "      pinFailures: 1\n", with: "      pinFailures: 1\n    - userId: alice@example.com\n      name: A\n")
        #expect(try #require(refusal(twice)).reason.contains("a second cardholder with userId alice@example.com"))
    }

    // MARK: PIMS and Futurae files stay as they were

    @Test(arguments: ScenarioLoadingTests.pimsOnlyBuiltIns + ["futurae-fresh", "futurae-pin", "futurae-enrolled"])
    func anotherSystemsScenarioExportsNoCasaSection(name: String) throws {
        let world = try ScenarioLoader.load(.named(name))
        #expect(world.casa == .empty)
        #expect(!(try ScenarioExporter.yaml(world)).contains("casa"))
    }

    // MARK: the built-ins (§5)

    static let cardBuiltIns = ["card-activation", "card-inactive", "card-replacement"]

    @Test func theCardBuiltInsAreListed() {
        #expect(ScenarioLoader.builtinNames.filter { $0.hasPrefix("card-") } == Self.cardBuiltIns)
    }

    @Test(arguments: cardBuiltIns)
    func everyCardBuiltInHasAcmeBankAliceAndTheDefaultSessionWithBiometrics(name: String) throws {
        let world = try ScenarioLoader.load(.named(name))
        #expect(world.name == name && !world.description.isEmpty)
        #expect(world.casa.issuer == Issuer(name: "Acme Bank", biometricAllowed: true))
        #expect(world.casa.cardholders.map(\.userId) == ["alice@example.com"])
        #expect(world.session.device == "alice-iphone" && world.sessions.map(\.name) == ["default"])
        #expect(world.session.settings.biometricsEnabled)
        #expect(world.casa.transactions.isEmpty)
    }

    @Test func cardActivationHasACodeAndNothingOnThePhone() throws {
        let world = try ScenarioLoader.load(.named("card-activation"))
        #expect(world.casa.cards.map(\.maskedCardNumber.shown) == ["•••• 4242"])
        #expect(world.casa.card("acct-4242")?.state == .uploaded)
        #expect(world.casa.cardholder("alice@example.com")?.pin == nil)
        #expect(world.casa.devices.isEmpty)
        let code = try #require(world.casa.activationCodes.first)
        #expect(code.accountId == "acct-4242" && !code.used && !code.isExpired(at: world.clock))
    }

    @Test(arguments: [("card-replacement", CardState.active), ("card-inactive", .inactive)])
    func cardReplacementAndInactive(name: String, state4242: CardState) throws {
        let world = try ScenarioLoader.load(.named(name))
        #expect(world.casa.card("acct-4242")?.state == state4242)
        #expect(world.casa.cardholder("alice@example.com")?.pin == UserPIN("1234"))
        #expect(world.casa.device(session: "default")?.accounts == ["acct-4242"])
        let replacement = try #require(world.casa.card("acct-8888"))
        #expect(replacement.state == .uploaded && replacement.linkedAccounts == ["acct-4242"] && replacement.autoEnrolls)
    }

    // MARK: round trip with pending transactions and pushes

    @Test func exportLoadExportIsIdenticalAfterCardActivity() throws {
        var simulator = try Simulator(scenario: "card-replacement")
        func call(_ name: String, _ params: [String: JSONValue] = [:], session: String = "default") -> CallResponse {
            simulator.handle(CallRequest(.call, "casa." + name, params), session: session).response
        }
        let eur = try #require(Currency("EUR"))
        #expect(simulator.control(.session(name: "ipad", settings: SessionSettings(device: "alice-ipad", options: ["biometrics": false]))).ok)
        let code = try #require(simulator.control(.casaActivationCode(card: "4242"))["activationCode"]?.stringValue)
        #expect(call("verifyActivation", ["activationCode": .string(code), "displayName": "iPad Visa"], session: "ipad").status == .succeeded)
        let first = simulator.control(.casaPurchase(card: "8888", merchant: "One", amount: try #require(Amount(minorUnits: 4999, currency: eur))))
        let id = try #require(first["transaction"]?["transactionId"]?.stringValue)
        #expect(call("verifyPIN", ["pin": "1234", "transactionId": .string(id), "autoEnrollId": "7c3e91a04bd25f68e0a1"]).status == .succeeded)
        let second = simulator.control(.casaPurchase(card: "4242", merchant: "Two", amount: try #require(Amount(minorUnits: 100, currency: eur))))
        let id2 = try #require(second["transaction"]?["transactionId"]?.stringValue)
        #expect(call("authenticateUsingUserPin", ["pin": "0000", "transactionId": .string(id2)]).error?.code == "ERROR_INVALID_PIN")
        #expect(simulator.control(.casaActivationCode(card: "8888")).ok)
        #expect(simulator.control(.advance(seconds: 30)).ok)

        let exported = try ScenarioExporter.yaml(simulator.world)
        for part in ["verifiedOn: default", "pushes:", "sentAt:", "status: pending", "pinFailures: 1", "used: true", "biometrics: false"] {
            #expect(exported.contains(part), "\(part)")
        }
        let again = try ScenarioLoader.parse(yaml: exported, origin: "export")
        #expect(again == simulator.world)
        #expect(try ScenarioExporter.yaml(again) == exported)
    }
}
