import Enrollment
import PIMS
import Testing

/// Account management alone: its keys by stage and what it reports to the other flows.
@Suite struct AccountManagementFeatureTests {
    typealias Harness = FeatureHarness<AccountManagement>
    static let vin = "VR1AB12C3D4567890"

    @Test("E: the vehicle chosen, confirmed, removed: vehicleRemoved carries the VIN the purpose brought back")
    func removeVehicle() {
        let shared = Shared(loggedIn: "alice@example.com", pims: PIMSShared(account: Harness.enrolledAccount))
        var t = Harness(AccountManagement.State(), shared: shared)
        t.send(.startTask(.removeVehicle)) {
            $0.task = .removeVehicle
            $0.stage = .input
            $0.message = "Choose the vehicle to dissociate, or type another VIN."
        }
        #expect(t.keys() == ["↑ up", "↓ down", "Enter choose", "Esc back"])
        t.send(.submit) {
            $0.stage = .confirm
            $0.message = "Remove the association of Peugeot e-208 · \(Self.vin)? This needs strong authentication."
        }
        t.send(.submit, [.call(.account(.removeVehicle(vin: Self.vin)), PIMSRequests.removeProperty(.string(Self.vin)))])
        t.send(.answered(.removeVehicle(vin: Self.vin), .success("tx", [:])), [.delegate(.vehicleRemoved(vin: Self.vin))]) {
            $0.stage = .done
            $0.message = "Vehicle \(Self.vin) dissociated from the account (E)."
        }
    }

    @Test("E not retried after the OTP page was left: back to the vehicle choice")
    func notRetried() {
        var s = AccountManagement.State()
        s.task = .removeVehicle
        s.stage = .confirm
        var t = Harness(s)
        t.send(.notRetried(.removeVehicle(vin: Self.vin))) { $0.stage = .input }
        t.send(.notRetried(.updatePIN))
    }

    @Test("A: confirmed, removed: enrollmentsRemoved (the guided flow starts over)")
    func removeAll() {
        var t = Harness(AccountManagement.State())
        t.send(.startTask(.removeAll)) {
            $0.task = .removeAll
            $0.stage = .confirm
            $0.message = "Remove every enrollment of alice@example.com? Every device is unenrolled and the PIN removed."
        }
        #expect(t.keys() == ["Enter confirm", "Esc cancel"])
        t.send(.submit, [.call(.account(.removeAll), PIMSRequests.removeEnrollments)])
        t.send(.answered(.removeAll, .success("tx", [:])), [.delegate(.enrollmentsRemoved)]) {
            $0.stage = .done
            $0.message = "All enrollments removed (A): every device unenrolled, PIN removed. Enroll again with the guided enrollment (from step 3)."
        }
    }

    @Test("C: a wrong current PIN (2308) clears it, says so, and shows the failure")
    func wrongCurrentPIN() {
        var s = AccountManagement.State()
        s.task = .updatePIN
        s.stage = .input
        s.form = Form([.oldPIN, .newPIN, .newPINConfirm], values: [.oldPIN: "1111", .newPIN: "4321", .newPINConfirm: "4321"])
        var t = Harness(s)
        let error = PIMSError(code: ErrorCode.accessRefused.value, label: "inwebo: access refused", detail: "wrong PIN: 2 attempts left")
        t.send(.answered(.updatePIN, .failure("tx", error)), [.notice(.failure(error))]) {
            $0.form.fields[0].value = ""
            $0.message = "Wrong PIN: 2 attempts left. Type the current PIN again, or reset it (B)."
        }
    }
}
