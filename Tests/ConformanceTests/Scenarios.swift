import PIMS
import Testing

/// Small scenarios for cases the built-in ones do not hold, loaded through the `load` control with
/// YAML text (which every backend accepts).
enum Scenarios {
    static func alice(_ accountFields: String, policy: String = "", device: String = "alice-iphone") -> String {
        """
        name: test
        description: a test world
        startTime: "2026-01-05T09:00:00Z"
        seed: 7
        \(policy)
        accounts:
          - username: alice@example.com
            password: alice-pass
        \(accountFields)
            vehicles:
              - vin: VR1AB12C3D4567890
                brand: Peugeot
                model: e-208
                carAssociationID: "987654"
        session:
          device: \(device)
          user: alice@example.com
        """
    }

    /// No phone, a PIN, five devices enrolled (not alice-iphone): R8 reaches the device limit.
    static let fullOfDevicesWithoutPhone = alice("""
            pin: "1234"
            enrolledDevices: [d1, d2, d3, d4, d5]
        """)

    /// Enrolled, with a policy that allows an OTP without PIN (R16).
    static let otpWithoutPin = alice("""
            phone: "0612345678"
            pin: "1234"
            enrolledDevices: [alice-iphone]
        """, policy: "policy:\n  otpWithoutPinAllowed: true")
}

extension Driver {
    func loadYAML(_ yaml: String) async throws {
        let answer = try await control(["sim": "load", "yaml": .string(yaml), "origin": "test.yaml"])
        #expect(answer.ok, "\(answer.error ?? "")")
    }
}
