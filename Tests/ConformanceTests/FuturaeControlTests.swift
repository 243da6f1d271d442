import Futurae
import PIMS
import SimWorld
import Testing

@Suite("Futurae §4 Controls, session options and faults")
struct FuturaeControlTests {
    typealias F = FuturaeDriver

    @Test(arguments: BackendKind.available)
    func anActivationIsAnsweredWhole(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            let a = try await d.futurae.activation("bob@example.com", shortCode: true, binding: true)
            let code = try #require(a["activationCode"]?.stringValue)
            #expect(ActivationCode(code) != nil)
            #expect(a["qrCode"] == .string("futurae://enroll?activation_code=" + code))
            let shortCode = try #require(a["shortCode"]?.stringValue)
            #expect(ShortCode(shortCode)?.shown == shortCode)  // shown in four groups
            #expect(BindingToken(try #require(a["bindingToken"]?.stringValue)) != nil)
            #expect(a["binding"] == true)
            #expect(a["userId"] == .string(F.bob))
            #expect(a["username"] == "bob@example.com")
            #expect(a["status"] == "pending")
            #expect(a["expiresAt"] == "2026-01-05T09:10:00Z")  // a shortcode activation lives 600 s
            let id = try #require(a["enrollmentId"]?.stringValue)
            #expect(id.count == 36 && id.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
        }
    }

    @Test(arguments: BackendKind.available)
    func lifetimesAndTheUserByIdOrName(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            let week = try await d.futurae.activation(F.alice)
            #expect(week["expiresAt"] == "2026-01-12T09:00:00Z")
            #expect(week["shortCode"] == .null && week["bindingToken"] == .null && week["binding"] == false)
            let hour = try await d.futurae.activation("alice@example.com", shortCode: true, validSeconds: 3600)
            #expect(hour["expiresAt"] == "2026-01-05T10:00:00Z")
            #expect(hour["userId"] == .string(F.alice))
            #expect(week["activationCode"] != hour["activationCode"])
        }
    }

    @Test(arguments: BackendKind.available)
    func badActivationControlsAreRefusedAndChangeNothing(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            let bad: [(JSONValue, String)] = [
                (["sim": "futurae.activation", "user": "carol@example.com", "shortCode": false, "binding": false], "no user \"carol@example.com\""),
                (["sim": "futurae.activation", "user": "alice@example.com", "binding": false], "missing \"shortCode\""),
                (["sim": "futurae.activation", "user": "alice@example.com", "shortCode": "yes", "binding": false], "\"shortCode\" must be true or false"),
                (["sim": "futurae.activation", "user": "alice@example.com", "shortCode": false, "binding": false, "validSeconds": 0], "validSeconds"),
                (["sim": "futurae.activation", "user": "alice@example.com", "shortCode": false, "binding": false, "bind": true], "unknown key \"bind\""),
                (["sim": "futurae.activations", "user": "carol"], "no user \"carol\""),
            ]
            for (json, reason) in bad {
                let answer = await d.backend.control(try SimControl(json: json))
                #expect(!answer.ok && answer.error?.contains(reason) == true, "\(json): \(answer.error ?? "ok")")
            }
            #expect(try await d.futurae.statuses().isEmpty)
            // Malformed ones are refused before they run (how the server answers 400 and batch a line error).
            #expect(throws: ControlError.self) { try World.check(try SimControl(json: bad[1].0)) }
        }
    }

    @Test(arguments: BackendKind.available)
    func activationsListsEachWithItsStatusAsOfNow(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            let all = try await d.futurae.statuses()
            #expect(all == ["58ac7d39-7b90-42fe-ae38-2984704b3f2e": "success", "3839cce5-d6f9-4b6f-a177-8e9601295b1a": "pending"])
            #expect(try await d.futurae.statuses(user: "bob@example.com") == ["3839cce5-d6f9-4b6f-a177-8e9601295b1a": "pending"])
            try await d.advance(7 * 86_400)
            #expect(try await d.futurae.statuses(user: F.bob) == ["3839cce5-d6f9-4b6f-a177-8e9601295b1a": "expired"])
        }
    }

    @Test(arguments: BackendKind.available)
    func badSessionOptionsAreRefused(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            let bad: [(String, JSONValue, String)] = [
                ("lockType", "pin", "lockType must be none, biometricsOnly, biometricsOrPasscode or sdkPinWithBiometricsOptional"),
                ("biometrics", "yes", "biometrics must be true or false"),
                ("sessionBinding", 1, "sessionBinding must be true or false"),
                ("unlockDuration", 0, "unlockDuration must be a whole number of seconds from 1 to 86400"),
                ("unlockDuration", 86_401, "unlockDuration must be"),
            ]
            for (key, value, reason) in bad {
                let json = JSONValue.object(["sim": "session", "session": "s", "device": "d", key: value])
                let answer = await d.backend.control(try SimControl(json: json))
                #expect(!answer.ok && answer.error?.contains(reason) == true, "\(key): \(answer.error ?? "ok")")
            }
        }
    }

    @Test(arguments: BackendKind.available)
    func aFaultNamesAFuturaeErrorByCaseName(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            #expect(try await d.control(["sim": "fault", "name": "futurae.enroll", "code": "bindingTokenCheckFailed", "times": 1]).ok)
            let r = await d.futurae.enroll(shortCode: F.pinShortCode, sdkPin: "1234", token: F.pinToken)
            expectFuturaeError(r, .bindingTokenCheckFailed, detail: "injected fault")
            // The rule did not run: no PIN was set, the activation is still there.
            expectFuturaeSuccess(await d.futurae.enroll(shortCode: F.pinShortCode, sdkPin: "1234", token: F.pinToken))
            // A number is ambiguous across the SDK's domains: refused.
            let numbered = try await d.control(["sim": "fault", "name": "futurae.enroll", "code": 2])
            #expect(!numbered.ok && numbered.error?.contains("case name") == true)
        }
    }

    /// The seeded codes repeat run after run, and are the same on every backend.
    @Test func theSameScenarioGivesTheSameCodesOnEveryBackend() async throws {
        var seen: [JSONValue] = []
        for kind in BackendKind.available {
            for _ in 0..<2 {
                let a = try await withBackend(kind, "futurae-fresh") { d in
                    try await d.futurae.activation(F.alice, shortCode: true, binding: true)
                }
                seen.append(a)
            }
        }
        #expect(Set(seen).count == 1, "\(seen)")
    }
}
