import Foundation
import SimKernel
import SimTestSupport
import Testing

@Suite struct EventHubTests {
    static func event(_ id: Int, _ sessions: [String]? = nil) -> SimEvent {
        SimEvent(id: id, kind: .smsDelivered, data: ["n": .int(id)], at: SimTime(seconds: 0), sessions: sessions)
    }

    @Test func subscribersGetWhatConcernsThemInOrder() async throws {
        let hub = EventHub()
        let alice = EventReader(hub.subscribe(session: "alice"))
        let bob = EventReader(hub.subscribe(session: "bob"))
        hub.publish([Self.event(1, ["alice"]), Self.event(2), Self.event(3, ["bob"]), Self.event(4, ["alice", "bob"])])
        #expect(try await alice.next().id == 1)
        #expect(try await alice.next().id == 2)
        #expect(try await alice.next().id == 4)
        #expect(try await bob.next().id == 2)
        #expect(try await bob.next().id == 3)
        #expect(try await bob.next().id == 4)
    }

    @Test func aResumeReplaysWhatWasKeptAfterTheId() async throws {
        let hub = EventHub(history: [Self.event(1), Self.event(2)], retention: 3)
        hub.publish([Self.event(3), Self.event(4)])  // 1 falls out of the ring
        let late = EventReader(hub.subscribe(session: "s", after: 0))
        #expect(try await late.next().id == 2, "the oldest kept")
        #expect(try await late.next().id == 3)
        #expect(try await late.next().id == 4)
        hub.publish([Self.event(5)])
        #expect(try await late.next().id == 5, "then live")
        #expect(hub.lastID == 5)
    }

    @Test func aSubscriptionThatEndsIsForgottenAndFinishEndsTheRest() async throws {
        let hub = EventHub()
        do {
            let stream = hub.subscribe(session: "gone")
            _ = stream
        }
        let kept = EventReader(hub.subscribe(session: "kept"))
        hub.finish()
        await #expect(throws: EventReader.Timeout.self) { try await kept.next(within: 2) }
        let after = EventReader(hub.subscribe(session: "late"))
        await #expect(throws: EventReader.Timeout.self) { try await after.next(within: 2) }
        #expect(hub.subscriberCount == 0)
    }
}

/// Issue 24: a subscriber that falls behind is cut off and resumes; one that goes away while events
/// are published never stops the hub.
@Suite struct EventHubBoundsTests {
    static func events(_ ids: ClosedRange<Int>) -> [SimEvent] { ids.map { EventHubTests.event($0) } }

    @Test func aSubscriberThatFallsBehindIsCutOffAfterWhatFitsAndResumesAfterIt() async throws {
        let hub = EventHub(capacity: 4)
        let stalled = hub.subscribe(session: "s", after: nil)
        hub.publish(Self.events(1...10))
        var received: [Int] = []
        for await event in stalled { received.append(event.id) }
        #expect(received == [1, 2, 3, 4], "what fitted, then the end: no gap in what it got")
        #expect(stalled.overflowed)
        #expect(hub.subscriberCount == 0)
        let resumed = hub.subscribe(session: "s", after: received.last)
        #expect(resumed.backlog.map(\.id) == Array(5...10))
        #expect(resumed.missed == nil)
        #expect(!resumed.overflowed)
    }

    @Test func aResumeOlderThanWhatIsKeptSaysWhichIdsAreMissing() {
        let hub = EventHub(history: Self.events(1...5), retention: 3)
        let old = hub.subscribe(session: "s", after: 0)
        #expect(old.missed == 1...2)
        #expect(old.backlog.map(\.id) == [3, 4, 5])
        #expect(hub.subscribe(session: "s", after: 2).missed == nil)
        #expect(hub.subscribe(session: "s", after: 5).backlog.isEmpty)
    }

    /// Subscribers that wait for an event and are cancelled while two publishers publish (the
    /// server's disconnects during SMS sends): a hub that resumed a subscriber under the lock its
    /// cancellation takes hung here.
    @Test(.timeLimit(.minutes(5))) func subscribersCancelledWhilePublishersPublishNeverStopTheHub() async throws {
        let hub = EventHub(capacity: 64)
        let publishers = (0..<2).map { p in
            Task.detached {
                for round in 0..<20_000 {
                    hub.publish([EventHubTests.event(round * 2 + p)])
                    if round % 64 == 0 { await Task.yield() }
                }
            }
        }
        for _ in 0..<2_000 {
            let subscribers = (0..<8).map { _ in
                Task.detached {
                    for await _ in hub.subscribe(session: "s", after: nil) {}
                }
            }
            await Task.yield()
            for subscriber in subscribers { subscriber.cancel() }
            for subscriber in subscribers { await subscriber.value }
        }
        for publisher in publishers { await publisher.value }
        #expect(hub.subscriberCount == 0, "every cancelled subscriber is forgotten")
        let last = EventReader(hub.subscribe(session: "s"))
        hub.publish([EventHubTests.event(1_000_000)])
        #expect(try await last.next().id == 1_000_000, "the hub still delivers")
    }
}

@Suite struct EnvelopeTests {
    @Test func errorCodesAreNumbersOrNamesAndRoundTrip() throws {
        let futurae = CallError(domain: "SDKURLError", code: 2, name: "activationCodeNotFound", label: "not found", detail: "expired")
        let card = CallError(code: "ERROR_ATTEMPTS_EXHAUSTED", label: "attempts exhausted")
        #expect(CallError(json: futurae.json) == futurae)
        #expect(CallError(json: card.json) == card)
        #expect(futurae.json["code"] == 2)
        #expect(card.json["code"] == "ERROR_ATTEMPTS_EXHAUSTED")
        #expect(CallError(json: ["code": true, "label": "x"]) == nil, "a code is a number or a name")
    }

    @Test func aFailureMayCarryItsResponseObject() throws {
        let failed = CallResponse.failure("tx-1", CallError(code: "ERROR_NOT_VERIFIED", label: "not verified"),
                                          result: ["attemptAgain": true, "attemptsLeft": 2])
        let read = try CallResponse(json: try JSONText.parse(JSONText.encode(failed.json)))
        #expect(read == failed)
        #expect(read.result?["attemptsLeft"] == 2)
        #expect(CallResponse.success("tx-2", ["ok": true]).json["error"] == nil)
    }

    @Test func theVerbCallIsAccepted() throws {
        let request = try CallRequest(json: ["type": "call", "name": "futurae.enroll", "params": ["shortCode": "1234"]])
        #expect(request.type == .call)
        #expect(throws: CallRequest.EnvelopeError.badCallType("post")) { try CallRequest(json: ["type": "post", "name": "x"]) }
    }

    @Test func sessionSettingsAreFlatWithTheDeviceFirst() throws {
        let settings = SessionSettings(device: "d", options: ["lockType": "none", "platform": "ios"])
        let json = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
        #expect(json.contains("\"device\":\"d\""))
        let back = try JSONDecoder().decode(SessionSettings.self, from: Data(json.utf8))
        #expect(back == settings)
    }

    @Test func kernelControlsReadTheirFieldsAndLeaveOthersAlone() throws {
        #expect(try KernelControl(SimControl("advance", ["seconds": 5])) == .advance(seconds: 5))
        #expect(throws: ControlError.self) { try KernelControl(SimControl("advance", ["seconds": -1])) }
        #expect(try KernelControl(SimControl("inbox", ["phone": "0612345678"])) == nil, "a system's control")
        let session = try KernelControl(SimControl("session", ["session": "s", "device": "d", "lockType": "none"]))
        #expect(session == .session(name: "s", settings: SessionSettings(device: "d", options: ["lockType": "none"])))
        #expect(KernelControl.fault(FaultRule(name: "casa.verifyPIN", code: "ERROR_PIN_LOCKED", times: 1)).control.fields["code"] == "ERROR_PIN_LOCKED")
    }
}
