import Card
import Futurae
import PIMS
import SimTestSupport
import SimWorld
import Testing

/// Issue 23: state a front shows that changes elsewhere is told as an event, on every backend: a card
/// transaction's status, a Futurae activation created, used or found expired; and the SDK instance's
/// lock is read without a call (`futurae.device`).
@Suite("Events of the systems' own state")
struct SystemEventTests {
    @Test(arguments: BackendKind.available)
    func aTransactionsNewStatusReachesThePhoneItWasPushedTo(kind: BackendKind) async throws {
        try await withBackend(kind, "card-replacement") { d in
            let events = EventReader(d.backend.events(session: "default"))
            try await events.waitUntilLive(d.backend)
            let id = try await d.casa.purchase("8888")
            _ = try await events.next(of: .push)
            await d.casa.cancel(id)
            let told = try await events.next(of: .transaction)
            #expect(told.data["transactionId"] == .string(id))
            #expect(told.data["transactionStatus"] == "rejected")
            #expect(told.sessions == ["default"])
        }
    }

    @Test(arguments: BackendKind.available)
    func activationsCreatedUsedAndExpiredAreTold(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            let events = EventReader(d.backend.events(session: "default"))
            try await events.waitUntilLive(d.backend)
            let created = try await d.futurae.activation("bob@example.com")
            let told = try await events.next(of: .activation)
            #expect(told.data["enrollmentId"] == created["enrollmentId"])
            #expect(told.data["status"] == "pending")
            // The scenario's activation lives 10 minutes: past them, enroll finds it expired.
            _ = try await d.control(["sim": "advance", "seconds": 601])
            _ = await d.futurae.enroll(qr: FuturaeDriver.pinQR, sdkPin: "2468", token: FuturaeDriver.pinToken)
            let expired = try await events.next(of: .activation)
            #expect(expired.data["status"] == "expired")
            #expect(expired.data["userId"] == .string(FuturaeDriver.alice))
        }
    }

    @Test(arguments: BackendKind.available)
    func theDevicesLockIsReadWithoutACall(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            let locked = try await d.control(["sim": "futurae.device", "session": "default"])
            #expect(locked["locked"] == true && locked["pinSet"] == true && locked["archived"] == false, "\(locked.fields)")
            expectSuccess(await d.futurae.unlock(pin: "1234"))
            let unlocked = try await d.control(["sim": "futurae.device", "session": "default"])
            #expect(unlocked["locked"] == false)
            #expect(unlocked["unlockedUntil"] == "2026-01-05T09:01:00Z", "\(unlocked.fields)")
            // A session with no Futurae state yet is a fresh install: no PIN, locked.
            let fresh = try await d.control(["sim": "futurae.device", "session": "nobody"])
            #expect(fresh["pinSet"] == false && fresh["locked"] == true)
        }
    }
}
