import Enrollment
import PIMS
import TerminalUI

/// The account as the simulator last reported it: the same facts the flows depend on.
enum AccountGlance {
    static func render(_ context: ScreenContext, into frame: inout Frame, area: Rect) {
        render(context.shared.account, config: context.config, policy: context.policy, into: &frame, area: area)
    }

    /// The home menu's panel: drawn from the state's parts, without a whole screen context.
    static func render(_ account: AccountSnapshot?, config: SessionConfig, policy: PINPolicy, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, 14)), title: "Account")
        guard let a = account else {
            frame.put("(not read yet: the simulator panel refreshes it)", x: inside.x, y: inside.y, style: .hint, clip: inside)
            return
        }
        let device = config.device
        let thisEnrolled = a.enrolledDevices.contains(device)
        var rows: [(String, String, Style)] = [
            ("user", a.username, .normal),
            ("phone", a.phone.map { "✓ " + $0 } ?? "· none", a.phone == nil ? .pending : .done),
            ("PIN", a.pinSet ? "✓ set" : "· none", a.pinSet ? .done : .pending),
            ("failures", "\(a.pinFailures) of \(policy.pinFailuresBeforeBlock)", a.pinFailures > 0 ? .warning : .normal),
            ("block", (a.blockState == "NotBlocked" ? "✓ " : "✗ ") + a.blockState, a.blockState == "NotBlocked" ? .done : .failed),
            ("this device", thisEnrolled ? "✓ enrolled" : "· not enrolled", thisEnrolled ? .done : .pending),
            ("devices", "\(a.enrolledDevices.count) enrolled", .normal),
        ]
        rows += a.enrolledDevices.map { ("", "  " + $0, $0 == device ? .done : .normal) }
        rows += a.vehicles.map { ("vehicle", $0.vin, .normal) }
        for (i, row) in rows.enumerated() where i < inside.height {
            let x = frame.put(row.0.padded(toWidth: 12), x: inside.x, y: inside.y + i, style: .hint, clip: inside)
            frame.put(row.1, x: x, y: inside.y + i, style: row.2, clip: inside)
        }
    }
}
