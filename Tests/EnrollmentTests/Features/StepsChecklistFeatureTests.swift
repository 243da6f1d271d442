import Enrollment
import PIMS
import Testing

/// The checklist alone: a todo step is handed to the app as a typed need, and the list comes back.
@Suite struct StepsChecklistFeatureTests {
    typealias Harness = FeatureHarness<StepsChecklist>

    static func listed(_ items: [StepsChecklist.Item]) -> Harness {
        var s = StepsChecklist.State()
        s.vin = "VR1AB12C3D4567890"
        s.carAssociationID = "987654"
        s.stepsID = 132324
        s.items = items
        return Harness(s)
    }

    static let phone = StepsChecklist.Item(name: "trusterPhoneNumber", status: "todo", order: 1)
    static let device = StepsChecklist.Item(name: "deviceActivation", status: "todo", order: 2)
    static let carKey = StepsChecklist.Item(name: "mediumCarKey", status: "alreadyDone", order: 3)

    @Test("Enter on a todo step: resolving it, and the resolve delegate with its typed need")
    func resolve() {
        var t = Self.listed([Self.phone, Self.device, Self.carKey])
        t.send(.submit, [.delegate(.resolve(.trustedPhone, vin: "VR1AB12C3D4567890"))]) { $0.resolving = Self.phone }
        #expect(t.state.resolving?.need == .trustedPhone)
        t.send(.resolved("Phone 0612345678 registered (4·2)."),
               [.call(.steps(.fetch(reset: false)), PIMSRequests.steps(stepsID: 132324, reset: false, filter: .all))]) {
            $0.resolving = nil
            $0.message = "Phone 0612345678 registered (4·2)."
        }
    }

    @Test("A done step, or one this app does not know, is explained, not resolved")
    func notResolvable() {
        var t = Self.listed([Self.carKey, StepsChecklist.Item(name: "remoteServices", status: "todo", order: 4)])
        #expect(!t.keys().contains { $0.hasPrefix("Enter") }, "a done step offers no Enter")
        t.send(.submit) { $0.message = "mediumCarKey is already done." }
        t.send(.moveSelection(1)) { $0.selection = 1 }
        t.send(.submit) { $0.message = "No flow of this app resolves remoteServices." }
    }

    @Test("The flow a step started was left: the way back is forgotten")
    func flowLeft() {
        var t = Self.listed([Self.device])
        t.state.resolving = Self.device
        t.send(.flowLeft) { $0.resolving = nil }
    }

    @Test("The names the backend gives map to needs (2.0 says trustedPhone)")
    func needs() {
        #expect(StepsChecklist.Item(name: "trustedPhone", status: "todo", order: 1).need == .trustedPhone)
        #expect(Self.phone.need == .trustedPhone)
        #expect(Self.device.need == .deviceActivation)
        #expect(Self.carKey.need == .mediumCarKey)
        #expect(StepsChecklist.Item(name: "other", status: "todo", order: 1).need == nil)
    }
}
