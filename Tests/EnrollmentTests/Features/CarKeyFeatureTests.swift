import Enrollment
import PIMS
import Testing

/// The car key alone: typed proximity errors, and what it reports.
@Suite struct CarKeyFeatureTests {
    typealias Harness = FeatureHarness<CarKeyFlow>
    static let vin = "VR1AB12C3D4567890"

    static func selected() -> Harness {
        var s = CarKeyFlow.State()
        s.vin = vin
        s.selectedVIN = vin
        return Harness(s)
    }

    @Test("Started by the checklist on a vehicle: select, then the status")
    func selectForChecklist() {
        var t = Harness(CarKeyFlow.State())
        t.send(.select(vin: Self.vin), [.call(.carKey(.select), PIMSRequests.selectVehicle(.string(Self.vin)))]) { $0.vin = Self.vin }
        t.send(.answered(.select, .success("tx", [:])), [.call(.carKey(.status), PIMSRequests.carKeyStatus)]) {
            $0.selectedVIN = Self.vin
            $0.message = "Vehicle \(Self.vin) selected."
        }
    }

    @Test("2341 is named as the Bluetooth problem; activated reports keyActive")
    func activate() {
        var t = Self.selected()
        let error = PIMSError(.bluetoothOff)
        t.send(.answered(.activate, .failure("tx", error)), [.notice(.failure(error))]) {
            $0.proximityError = .bluetoothOff  // the proximity line names it; the banner alone explains it
        }
        t.send(.toggleProximity(.bluetooth), [.delegate(.toggleProximity(.bluetooth))])
        // The key's security code and its expiry are said (the answer gave none: "–").
        let activated = "Car key activated for \(Self.vin): security code 9876, valid until –."
        t.send(.answered(.activate, .success("tx", ["securityCode": "9876", "vin": .string(Self.vin)])),
               [.delegate(.keyActive(activated))]) {
            $0.proximityError = nil
            $0.isVerified = true
            $0.cvsStatus = "active"
            $0.securityCode = "9876"
            $0.message = activated
        }
    }

    @Test("Keys: the vehicle list first, then the car key's own")
    func keys() {
        #expect(Harness(CarKeyFlow.State()).keys() == ["↑ up", "↓ down", "Enter select", "s status", "Esc back"])
        #expect(Self.selected().keys() == ["Enter activate", "s status", "b Bluetooth on", "y phone paired", "k key inside", "c vehicle", "Esc back"])
    }
}
