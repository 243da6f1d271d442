import Futurae
import PIMS
import SimWorld
import Testing

/// Push authentication (docs/futurae-rules.md, Auth API §4): a login pushed to the phone (F10's control, as
/// FA13 without a backend), listed on the device (F8), answered under the SDK's lock rules (F9), and listed
/// by the back office.
@Suite("Futurae F8–F10 Push authentication")
struct F8toF10PushAuthenticationTests {
    typealias F = FuturaeDriver

    /// F10: `futurae.auth` for a user; its answer, and the session the back office lists.
    static func push(_ d: Driver, user: String = "alice@example.com", device: String? = nil) async throws -> (id: String, answer: SimAnswer) {
        var json: [String: JSONValue] = ["sim": "futurae.auth", "user": .string(user)]
        if let device { json["device"] = .string(device) }
        let answer = try await d.control(.object(json))
        #expect(answer.ok, "\(answer.error ?? "")")
        return (try #require(answer["authSession"]?["sessionId"]?.stringValue), answer)
    }

    static func listed(_ d: Driver, _ id: String) async throws -> JSONValue? {
        let answer = try await d.control(["sim": "futurae.authentications"])
        return answer["authSessions"]?.arrayValue?.first { $0["sessionId"]?.stringValue == id }
    }

    @Test(arguments: BackendKind.available)
    func f8APushReachesTheEnrolledDeviceAndF9ApproveIsFinal(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            let (id, answer) = try await Self.push(d)
            #expect(answer["pushedTo"] == ["default"])
            #expect(answer["authSession"]?["deviceId"] == "alice-iphone")
            #expect(answer["authSession"]?["result"] == "waiting")
            #expect(answer["authSession"]?["expiresAt"] == "2026-01-05T09:02:00Z")  // 120 s (decision)
            // F8: the device lists it, with what its screen shows.
            let pending = expectFuturaeSuccess(await d.futurae.call("authSessions"))["authSessions"]?.arrayValue ?? []
            #expect(pending.count == 1)
            #expect(pending.first?["sessionId"] == .string(id))
            #expect(pending.first?["serviceName"] == "Acme Bank")
            #expect(pending.first?["username"] == "alice@example.com")
            // F9: the SDK is locked under sdkPinWithBiometricsOptional: unlock first.
            expectFuturaeError(await d.futurae.call("approveAuth", ["sessionId": .string(id)]), .locked)
            #expect(try await Self.listed(d, id)?["result"] == "waiting")
            expectFuturaeSuccess(await d.futurae.unlock(pin: "1234"))
            expectFuturaeSuccess(await d.futurae.call("approveAuth", ["sessionId": .string(id)]))
            #expect(try await Self.listed(d, id)?["result"] == "allow")
            // Final: a second answer is refused (SDKURLError 2, decision) and changes nothing.
            expectFuturaeError(await d.futurae.call("rejectAuth", ["sessionId": .string(id)]), .activationCodeNotFound, detail: "already answered")
            #expect(try await Self.listed(d, id)?["status"] == "allow")
            #expect(expectFuturaeSuccess(await d.futurae.call("authSessions"))["authSessions"] == [])
        }
    }

    @Test(arguments: BackendKind.available)
    func f9RejectAndFraudAreDeniesAndExpiryIsATimeout(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            expectFuturaeSuccess(await d.futurae.unlock(pin: "1234"))
            let (rejected, _) = try await Self.push(d)
            expectFuturaeSuccess(await d.futurae.call("rejectAuth", ["sessionId": .string(rejected)]))
            #expect(try await Self.listed(d, rejected)?["status"] == "deny")
            let (fraud, _) = try await Self.push(d, device: "alice-iphone")
            expectFuturaeSuccess(await d.futurae.call("rejectAuth", ["sessionId": .string(fraud), "isFraud": true]))
            #expect(try await Self.listed(d, fraud)?["result"] == "deny")
            #expect(try await Self.listed(d, fraud)?["status"] == "fraud")
            let (late, _) = try await Self.push(d)
            #expect(try await d.control(["sim": "advance", "seconds": 120]).ok)
            #expect(try await Self.listed(d, late)?["status"] == "timeout")
            expectFuturaeSuccess(await d.futurae.unlock(pin: "1234"))  // the unlock of 60 s is over too
            expectFuturaeError(await d.futurae.call("approveAuth", ["sessionId": .string(late)]), .activationCodeNotFound, detail: "expired")
            expectFuturaeError(await d.futurae.call("approveAuth", ["sessionId": "no-such-session"]), .activationCodeNotFound)
            expectFuturaeError(await d.futurae.call("rejectAuth", ["sessionId": .string(late), "isFraud": "yes"]), .invalidParameter)
        }
    }

    @Test(arguments: BackendKind.available)
    func f10RefusesAUserWithoutADeviceAndAnArchivedDeviceDenies(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            let noDevice = try await d.control(["sim": "futurae.auth", "user": "bob@example.com"])
            #expect(!noDevice.ok && noDevice.error?.contains("has no enrolled device") == true, "\(noDevice.error ?? "ok")")
            let wrongDevice = try await d.control(["sim": "futurae.auth", "user": "alice@example.com", "device": "bob-pixel"])
            #expect(!wrongDevice.ok && wrongDevice.error?.contains("no account on device \"bob-pixel\"") == true)
            #expect(try await d.control(["sim": "futurae.authentications"])["authSessions"] == [])
            let (id, _) = try await Self.push(d)
            for pin in ["0000", "0001", "0002", "0003", "0004"] { await d.futurae.unlock(pin: pin) }  // F4: archived at the fifth
            #expect(try await Self.listed(d, id)?["status"] == "archived")
            #expect(try await Self.listed(d, id)?["result"] == "deny")
            // F7 before F9.
            expectFuturaeError(await d.futurae.call("approveAuth", ["sessionId": .string(id)]), .deviceArchived)
        }
    }

    /// §4 of the phone's contract: scenarios are loaded and exported strictly; authentication sessions
    /// and the service's Auth API key (FA6) survive export → load → export unchanged.
    @Test func authSessionsAndTheAuthAPIKeyRoundTripThroughAScenario() async throws {
        try await withBackend(.inProcess, "futurae-enrolled") { d in
            let (id, _) = try await Self.push(d)
            expectFuturaeSuccess(await d.futurae.unlock(pin: "1234"))
            expectFuturaeSuccess(await d.futurae.call("rejectAuth", ["sessionId": .string(id), "isFraud": true]))
            let first = try #require(try await d.control(["sim": "export"])["scenario"]?.stringValue)
            #expect(first.contains("authSessions:") && first.contains("answer: fraud") && first.contains("authApiKey: acme-bank-auth-api-key-for-enrollsim"))
            let reloaded = try ScenarioLoader.load(.yaml(first, origin: "export"))
            #expect(reloaded.futurae.authSessions[key: id]?.answer == .fraud)
            let second = try #require(Simulator.export(reloaded)["scenario"]?.stringValue)
            #expect(second == first)
            // Strictly: a key the section does not know is refused.
            #expect(throws: (any Error).self) { try ScenarioLoader.load(.yaml(first.replacingOccurrences(of: "answer: fraud", with: "answr: fraud"), origin: "typo")) }
        }
    }
}
