import Card
import PIMS
import SimWorld
import Testing

/// The CA Strong Authentication calls and controls by their rule (docs/card-rules.md), so tests read
/// like the spec: `d.casa.verifyPIN("1234", tx, autoEnrollId: …)`.
struct CardDriver: Sendable {
    let d: Driver

    /// The built-ins' cards and codes (§5).
    static let autoEnrollId = "7c3e91a04bd25f68e0a1"  // card-replacement, card-inactive: •••• 8888's
    static let activationCode = "40718263"  // card-activation: •••• 4242's

    @discardableResult
    func call(_ name: String, _ params: [String: JSONValue] = [:], session: String = "default") async -> CallResponse {
        await d.call(.call, "casa." + name, params, session: session)
    }

    // MARK: calls

    func getTransaction(_ id: String? = nil, session: String = "default") async -> CallResponse {
        await call("getTransaction", id.map { ["transactionId": .string($0)] } ?? [:], session: session)
    }
    func types(session: String = "default") async -> CallResponse { await call("getEnabledAuthenticationTypes", session: session) }
    @discardableResult func cancel(_ id: String, session: String = "default") async -> CallResponse {
        await call("cancelTransaction", ["transactionId": .string(id)], session: session)
    }
    @discardableResult func verifyPIN(_ pin: String, _ id: String, autoEnrollId: String = autoEnrollId, session: String = "default") async -> CallResponse {
        await call("verifyPIN", ["pin": .string(pin), "transactionId": .string(id), "autoEnrollId": .string(autoEnrollId)], session: session)
    }
    @discardableResult func touchID(_ outcome: String, _ id: String, autoEnrollId: String = autoEnrollId, session: String = "default") async -> CallResponse {
        await call("verifyPINUsingTouchID", ["outcome": .string(outcome), "transactionId": .string(id), "autoEnrollId": .string(autoEnrollId)],
                   session: session)
    }
    @discardableResult func autoEnroll(_ name: String = "Travel card", session: String = "default") async -> CallResponse {
        await call("autoEnrollAccount", ["displayName": .string(name)], session: session)
    }
    @discardableResult func authenticate(_ pin: String, _ id: String, session: String = "default") async -> CallResponse {
        await call("authenticateUsingUserPin", ["transactionId": .string(id), "pin": .string(pin)], session: session)
    }
    func accounts(session: String = "default") async -> CallResponse { await call("getAllEnrolledAccounts", session: session) }
    /// accountId → state, of Display Accounts.
    func accountStates(session: String = "default") async -> [String: String] {
        let list = expectCardSuccess(await accounts(session: session))["accounts"]?.arrayValue ?? []
        return Dictionary(uniqueKeysWithValues: list.compactMap { a in a["accountId"]?.stringValue.map { ($0, a["state"]?.stringValue ?? "") } })
    }
    @discardableResult func delete(_ accountId: String, session: String = "default") async -> CallResponse {
        await call("deleteAccount", ["accountId": .string(accountId)], session: session)
    }
    @discardableResult func verifyActivation(_ code: String = activationCode, name: String = "Everyday card", session: String = "default") async -> CallResponse {
        await call("verifyActivation", ["activationCode": .string(code), "displayName": .string(name)], session: session)
    }
    @discardableResult func setPin(_ pin: String, session: String = "default") async -> CallResponse {
        await call("setPin", ["pin": .string(pin)], session: session)
    }

    /// The transaction's status as the device reads it (C2 by id).
    func status(_ id: String, session: String = "default") async -> String? {
        await getTransaction(id, session: session).result?["transactionStatus"]?.stringValue
    }

    // MARK: controls

    func purchaseAnswer(_ card: String, merchant: String = "Demo Shop", amount: Int = 4999, currency: String = "EUR") async throws -> SimAnswer {
        try await d.control(["sim": "casa.purchase", "card": .string(card), "merchant": .string(merchant), "amount": .int(amount),
                             "currency": .string(currency)])
    }

    /// A purchase that succeeds (C1); its transactionId.
    func purchase(_ card: String = "8888", merchant: String = "Demo Shop", amount: Int = 4999, currency: String = "EUR") async throws -> String {
        let answer = try await purchaseAnswer(card, merchant: merchant, amount: amount, currency: currency)
        #expect(answer.ok, "\(answer.error ?? "")")
        return try #require(answer["transaction"]?["transactionId"]?.stringValue)
    }

    func pushes(session: String = "default") async throws -> [JSONValue] {
        let answer = try await d.control(["sim": "casa.pushes", "session": .string(session)])
        #expect(answer.ok, "\(answer.error ?? "")")
        return answer["pushes"]?.arrayValue ?? []
    }

    func newActivationCode(_ card: String) async throws -> String {
        let answer = try await d.control(["sim": "casa.activationCode", "card": .string(card)])
        #expect(answer.ok, "\(answer.error ?? "")")
        return try #require(answer["activationCode"]?.stringValue)
    }

    func setCard(_ card: String, _ state: String) async throws {
        let answer = try await d.control(["sim": "casa.card", "card": .string(card), "state": .string(state)])
        #expect(answer.ok, "\(answer.error ?? "")")
    }

    /// A new session (a fresh install of the app).
    func session(_ name: String, device: String = "alice-ipad", biometrics: Bool = true) async throws {
        let answer = try await d.control(["sim": "session", "session": .string(name), "device": .string(device), "biometrics": .bool(biometrics)])
        #expect(answer.ok, "\(answer.error ?? "")")
    }

    /// A second phone of alice's with •••• 4242 set up on it (card-replacement: her PIN is set, so a new
    /// activation code sets the card up at once).
    func secondPhone(_ name: String = "ipad") async throws {
        try await session(name)
        let code = try await newActivationCode("acct-4242")
        #expect(expectCardSuccess(await verifyActivation(code, session: name))["pinRequired"] == false)
    }

    /// The world as an export shows it (what no call reads: PIN failures, the lock).
    func exportedWorld() async throws -> World {
        let answer = try await d.control(["sim": "export"])
        let yaml = try #require(answer["scenario"]?.stringValue)
        return try ScenarioLoader.parse(yaml: yaml, origin: "export")
    }
}

extension Driver {
    var casa: CardDriver { CardDriver(d: self) }
}

/// Asserts a FAILED envelope with the contract's error code and label, and the SDK's response object
/// beside it (`status: FAILURE`, the same `errorCode`). `mentioning` is a part of the detail.
func expectCardError(_ response: CallResponse, _ error: CardError, mentioning: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    let e = response.error
    #expect(e?.code == .text(error.code) && e?.label == error.label,
            "expected \(error.code), got \(JSONText.encode(response.json))", sourceLocation: sourceLocation)
    #expect(response.result?["status"] == "FAILURE" && response.result?["errorCode"] == .string(error.code),
            "response object of \(JSONText.encode(response.json))", sourceLocation: sourceLocation)
    if let mentioning {
        #expect(e?.detail?.contains(mentioning) == true, "detail of \(JSONText.encode(response.json))", sourceLocation: sourceLocation)
    }
}

@discardableResult
func expectCardSuccess(_ response: CallResponse, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue {
    #expect(response.status == .succeeded && response.result?["status"] == "SUCCESS",
            "expected SUCCEEDED, got \(JSONText.encode(response.json))", sourceLocation: sourceLocation)
    return response.result ?? .null
}
