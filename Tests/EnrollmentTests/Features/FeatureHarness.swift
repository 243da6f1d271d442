import CustomDump
import Enrollment
import PIMS
import Testing

/// A feature alone, as the Composable Architecture's TestStore drives one: send an action with the
/// app's `Shared`, state the whole next feature state, and list every outcome (calls, controls,
/// notices, delegates) it must ask of the app.
struct FeatureHarness<F: Feature> {
    var state: F.State
    var shared: Shared

    init(_ state: F.State, shared: Shared = FeatureHarness.loggedIn) {
        self.state = state
        self.shared = shared
    }

    mutating func send(_ action: F.Action, _ expected: [Outcome<F.Delegate>] = [], fileID: StaticString = #fileID,
                       filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
                       _ update: (inout F.State) -> Void = { _ in }) {
        var expectedState = state
        update(&expectedState)
        let outcomes = F.reduce(&state, action, shared)
        expectNoDifference(state, expectedState, "state after \(action)", fileID: fileID, filePath: filePath, line: line, column: column)
        expectNoDifference(outcomes, expected, "outcomes of \(action)", fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The keys offered now, as `key title` words.
    func keys() -> [String] {
        F.keys(state, shared).filter(\.isOffered).map { "\($0.key) \($0.title)" }
    }
}

extension FeatureHarness {
    static var loggedIn: Shared { Shared(loggedIn: "alice@example.com") }

    /// The enrolled scenario's account: one vehicle, phone, PIN, this device enrolled.
    static var enrolledAccount: AccountSnapshot {
        AccountSnapshot(json: [
            "username": "alice@example.com", "phone": "0612345678", "pin": "1234", "blockState": "NotBlocked",
            "enrolledDevices": ["alice-iphone"],
            "vehicles": [["vin": "VR1AB12C3D4567890", "brand": "Peugeot", "model": "e-208", "carAssociationID": "987654",
                          "proximity": ["bluetoothOn": true, "paired": true, "keyInside": true]]],
        ])!
    }
}
