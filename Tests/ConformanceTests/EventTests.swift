import PIMS
import SimTestSupport
import SimWorld
import Testing

/// Events on every backend (issue 8): what a session learns without asking, in order, each once.
@Suite("Events from the backend")
struct EventTests {
    @Test(arguments: BackendKind.available)
    func anSMSSentByAnotherSessionReachesTheSubscriberInOrderOnce(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            try await d.newSession("watcher", device: "alice-ipad")
            try await d.newSession("sender", device: "alice-iphone-2")
            let events = EventReader(d.backend.events(session: "watcher"))
            try await events.waitUntilLive(d.backend)

            for _ in 0..<3 {
                expectSuccess(await d.call(.get, "pims.authentication.smscode", ["type": "enrollment"], session: "sender"))
            }
            let inbox = try await d.control(["sim": "inbox", "phone": "0612345678"])
            let codes = inbox["messages"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
            var seen: [SimEvent] = []
            while seen.count < 3 {
                let event = try await events.next(of: .smsDelivered)
                seen.append(event)
            }
            #expect(seen.map { $0.data["code"]?.stringValue } == codes.suffix(3).map { $0 }, "in the order sent")
            #expect(seen.allSatisfy { $0.data["phone"] == "0612345678" && $0.data["purpose"] == "enrollment" })
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.id < $1.id }, "ids increase")

            // Once: up to a marker, no SMS comes again (the account's own changes may).
            _ = try await d.control(["sim": "clearFaults"])
            let between = try await events.upTo(.faultsChanged)
            #expect(!between.contains { $0.kind == .smsDelivered }, "\(between)")
            #expect(between.allSatisfy { $0.id > seen.last!.id })
        }
    }

    @Test(arguments: BackendKind.available)
    func aSessionHearsNothingMeantForAnother(kind: BackendKind) async throws {
        try await withBackend(kind, "phone-registered") { d in
            // bob has no phone of alice's: alice's SMS is not his session's business.
            try await d.newSession("bobs", device: "bob-phone", login: nil)
            let events = EventReader(d.backend.events(session: "bobs"))
            try await events.waitUntilLive(d.backend)
            expectSuccess(await d.call(.get, "pims.authentication.smscode", ["type": "enrollment"]))
            _ = try await d.control(["sim": "advance", "seconds": 1])
            _ = try await d.control(["sim": "clearFaults"])
            let next = try await events.next()
            #expect(next.kind == .faultsChanged, "the SMS event was not for this session: \(next)")
        }
    }

    @Test(arguments: BackendKind.available)
    func accountChangesFaultsAndReloadsAreTold(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            let events = EventReader(d.backend.events(session: "default"))
            try await events.waitUntilLive(d.backend)
            // A wrong PIN counts a failure: the account changed.
            _ = await d.call(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": "9999"])
            let changed = try await events.next(of: .accountChanged)
            #expect(changed.data["username"] == "alice@example.com")
            let added = try await d.control(["sim": "fault", "name": "pims.authentication.otp", "code": 2201, "times": 1])
            let rule: JSONValue = ["name": "pims.authentication.otp", "code": 2201, "times": 1]
            #expect(added["rules"] == [rule], "the answer lists the rules in force")
            let addedEvent = try await events.next(of: .faultsChanged)
            #expect(addedEvent.data["count"] == 1)
            #expect(addedEvent.data["rules"] == [rule], "the event carries the list, so a panel shows it as it is")
            #expect(try await d.control(["sim": "faults"])["rules"] == [rule])
            // The fault is used up by the next call: the list changed again, and says so.
            _ = await d.call(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": "1234"])
            let usedUp = try await events.next(of: .faultsChanged)
            #expect(usedUp.data["count"] == 0)
            #expect(usedUp.data["rules"] == [])
            #expect(try await d.control(["sim": "faults"])["rules"] == [])
            _ = try await d.control(["sim": "reset"])
            #expect(try await events.next(of: .worldReloaded).data["scenario"] == "enrolled")
        }
    }
}

