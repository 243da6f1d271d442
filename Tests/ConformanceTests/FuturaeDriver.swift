import Futurae
import PIMS
import SimWorld
import Testing

/// The Futurae calls and controls by their rule (docs/futurae-rules.md), so tests read like the spec:
/// `d.futurae.enroll(shortCode: …)`.
struct FuturaeDriver: Sendable {
    let d: Driver

    // The built-ins' users and codes (§5).
    static let alice = "91133ec4-a568-42f6-a762-2bc180426939"
    static let bob = "45cab54d-bd65-43d1-a2df-7db70b375789"
    /// futurae-pin: alice's pending activation (shortcode, binding on).
    static let pinShortCode = "2216 8578 5739 9044"
    static let pinQR = "futurae://enroll?activation_code=3qtYl0cd036QUJAhzL2_xKDWvcnUd3-iGORr2qzJw9w"
    static let pinToken = "57S6KDIM"
    /// futurae-enrolled: bob's pending activation (QR code, no binding) and alice's used one.
    static let bobQR = "futurae://enroll?activation_code=vijfu0WYKzPZ0cW1mvplf7NZ1L0xW-hlB0xBMsxyMbg"
    static let aliceUsedQR = "futurae://enroll?activation_code=2U-NWGrfexgyBxCBI9CcPxbSjMLD0lS8C-wSE7Ck1Nc"
    /// A well-formed enrollment payload no activation has.
    static let unknownQR = "futurae://enroll?activation_code=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"

    @discardableResult
    func call(_ name: String, _ params: [String: JSONValue] = [:], session: String = "default") async -> CallResponse {
        await d.call(.call, "futurae." + name, params, session: session)
    }

    func qrCodeType(_ payload: String, session: String = "default") async -> CallResponse {
        await call("qrCodeType", ["qrCode": .string(payload)], session: session)
    }

    @discardableResult
    func enroll(qr: String? = nil, shortCode: String? = nil, sdkPin: String? = nil, token: String? = nil,
                session: String = "default") async -> CallResponse {
        let p = FuturaeCall.EnrollParameters(activationCode: qr, shortCode: shortCode, sdkPin: sdkPin, bindingToken: token)
        return await call("enroll", p.params, session: session)
    }

    func accounts(session: String = "default") async -> CallResponse { await call("accounts", session: session) }

    /// The userIds of `futurae.accounts`, in its order.
    func accountIds(session: String = "default") async -> [String] {
        expectFuturaeSuccess(await accounts(session: session))["accounts"]?.arrayValue?.compactMap { $0["userId"]?.stringValue } ?? []
    }

    @discardableResult
    func unlock(pin: String, session: String = "default") async -> CallResponse {
        await call("unlock", ["method": "sdkPin", "sdkPin": .string(pin)], session: session)
    }

    @discardableResult
    func unlock(biometrics outcome: String, session: String = "default") async -> CallResponse {
        await call("unlock", ["method": "biometrics", "outcome": .string(outcome)], session: session)
    }

    @discardableResult
    func lock(session: String = "default") async -> CallResponse { await call("lock", session: session) }

    @discardableResult
    func logout(_ userId: String, session: String = "default") async -> CallResponse {
        await call("logoutAccount", ["userId": .string(userId)], session: session)
    }

    @discardableResult
    func delete(_ userId: String, session: String = "default") async -> CallResponse {
        await call("deleteAccount", ["userId": .string(userId)], session: session)
    }

    /// A new activation from the back office (§4); returns it whole.
    func activation(_ user: String, shortCode: Bool = false, binding: Bool = false, validSeconds: Int? = nil) async throws -> JSONValue {
        var json: JSONValue = ["sim": "futurae.activation", "user": .string(user), "shortCode": .bool(shortCode), "binding": .bool(binding)]
        if let validSeconds, case .object(var o) = json {
            o["validSeconds"] = .int(validSeconds)
            json = .object(o)
        }
        let answer = try await d.control(json)
        #expect(answer.ok, "\(answer.error ?? "")")
        return try #require(answer["activation"])
    }

    /// The activations the back office lists, by enrollmentId: their status.
    func statuses(user: String? = nil) async throws -> [String: String] {
        var json: JSONValue = ["sim": "futurae.activations"]
        if let user { json = ["sim": "futurae.activations", "user": .string(user)] }
        let answer = try await d.control(json)
        #expect(answer.ok, "\(answer.error ?? "")")
        var out: [String: String] = [:]
        for a in answer["activations"]?.arrayValue ?? [] {
            if let id = a["enrollmentId"]?.stringValue { out[id] = a["status"]?.stringValue }
        }
        return out
    }

    /// A new session (a fresh SDK install) with Futurae's options.
    func session(_ name: String, device: String = "alice-iphone", lockType: String = "none", biometrics: Bool = true,
                 sessionBinding: Bool = false, unlockDuration: Int = 60) async throws {
        let answer = try await d.control(["sim": "session", "session": .string(name), "device": .string(device), "lockType": .string(lockType),
                                          "biometrics": .bool(biometrics), "sessionBinding": .bool(sessionBinding),
                                          "unlockDuration": .int(unlockDuration)])
        #expect(answer.ok, "\(answer.error ?? "")")
    }

    /// Five wrong SDK PINs on futurae-enrolled: the device is archived (F4).
    func archive(session: String = "default") async {
        for _ in 1..<FuturaePolicy.pinFailuresBeforeArchive { expectFuturaeError(await unlock(pin: "0000", session: session), .incorrectPin) }
        expectFuturaeError(await unlock(pin: "0000", session: session), .incorrectPinArchivedDevice)
    }

    /// The world as an export shows it (what no call reads: the users' devices, the SDK PIN).
    func exportedWorld() async throws -> World {
        let answer = try await d.control(["sim": "export"])
        let yaml = try #require(answer["scenario"]?.stringValue)
        return try ScenarioLoader.parse(yaml: yaml, origin: "export")
    }
}

extension Driver {
    var futurae: FuturaeDriver { FuturaeDriver(d: self) }
}

/// Asserts a FAILED envelope with the contract's error: domain, code, case name and label.
/// `detail` must then be the error's detail exactly; `mentioning`, a part of it.
func expectFuturaeError(_ response: CallResponse, _ error: FuturaeError, detail: String? = nil, mentioning: String? = nil,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    let e = response.error
    #expect(e?.domain == error.domain.rawValue && e?.code == .number(error.code) && e?.name == error.name,
            "expected \(error.domain.rawValue) \(error.code) \(error.name), got \(JSONText.encode(response.json))", sourceLocation: sourceLocation)
    #expect(e?.label == error.label, sourceLocation: sourceLocation)
    if let detail { #expect(e?.detail == detail, "detail of \(JSONText.encode(response.json))", sourceLocation: sourceLocation) }
    if let mentioning {
        #expect(e?.detail?.contains(mentioning) == true, "detail of \(JSONText.encode(response.json))", sourceLocation: sourceLocation)
    }
}

@discardableResult
func expectFuturaeSuccess(_ response: CallResponse, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue {
    #expect(response.status == .succeeded, "expected SUCCEEDED, got \(JSONText.encode(response.json))", sourceLocation: sourceLocation)
    return response.result ?? .null
}
