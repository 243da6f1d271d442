import Enrollment
import PIMS
import Synchronization
import Testing

/// The front's part of `Shared` is made when a flow first reads it (most questions a key asks never
/// do): it is still the part of the app as it was when `Shared` was built, read from the same states.
@Suite struct SharedFrontPartTests {
    /// Logged in, with every state PIMS's part reads set.
    static func app() -> AppState {
        var app = ReducerTests.home()
        app.simulator.account = AccountSnapshot(json: ["username": "alice@example.com", "phone": "0612345678"])
        app.carKey.vin = "VR1AB12C3D4567890"
        app.vehicle.vin = "VR1AB12C3D4567891"
        app.steps.resolving = StepsChecklist.Item(name: "deviceActivation", status: "todo", order: 2)
        app.guided.trustedPhone = "0687654321"
        return app
    }

    @Test func pimsPartReadsTheAppsStates() {
        var app = Self.app()
        #expect(app.shared.pims == PIMSShared(account: app.simulator.account, checklistNeeds: .deviceActivation, trustedPhone: "0612345678",
                                              carKeyVIN: "VR1AB12C3D4567890", remoteVIN: "VR1AB12C3D4567891"))
        // The account's phone first, else the one enrollment found; the vehicle chosen first, else the flow's.
        app.simulator.account = nil
        app.carKey.selectedVIN = "VR1AB12C3D4567892"
        #expect(app.shared.trustedPhone == "0687654321")
        #expect(app.shared.carKeyVIN == "VR1AB12C3D4567892")
        #expect(app.shared.account == nil)
    }

    @Test func thePartIsTheAppAsItWasWhenSharedWasBuilt() {
        var app = Self.app()
        let shared = app.shared
        app.simulator.account = AccountSnapshot(json: ["username": "alice@example.com", "phone": "0699999999"])
        app.vehicle.vin = nil
        app.steps.resolving = nil
        #expect(shared.trustedPhone == "0612345678")
        #expect(shared.remoteVIN == "VR1AB12C3D4567891")
        #expect(shared.checklistNeeds == .deviceActivation)
        #expect(app.shared.trustedPhone == "0699999999")
        #expect(app.shared.remoteVIN == nil)
        #expect(shared != app.shared)
    }

    @Test func aLazyValueIsMadeOnceWhenFirstReadAndEqualsTheValue() {
        final class Count: Sendable { let made = Mutex(0) }
        let count = Count()
        let lazy = FrontValue(lazy: {
            count.made.withLock { $0 += 1 }
            return PIMSShared(trustedPhone: "0612345678")
        })
        let copy = lazy
        #expect(count.made.withLock { $0 } == 0)
        #expect(copy.as(PIMSShared.self)?.trustedPhone == "0612345678")
        #expect(lazy.as(String.self) == nil)
        #expect(lazy == FrontValue(PIMSShared(trustedPhone: "0612345678")))
        #expect(lazy.hashValue == FrontValue(PIMSShared(trustedPhone: "0612345678")).hashValue)
        #expect(lazy != FrontValue(PIMSShared(trustedPhone: "0699999999")))
        #expect(count.made.withLock { $0 } == 1)
    }
}
