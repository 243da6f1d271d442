import Enrollment
import TerminalUI

/// The session screen: backend, account, device and the SDK instance's settings.
enum StartScreen {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let c = state.config
        var y = area.y
        frame.put("Open a session: one SDK instance on one device, logged in to one account (R0a).", x: area.x, y: y, style: .hint, clip: area)
        y += 2
        y += FormView.render(state.startForm, policy: state.policy, focused: state.focusedField != nil, into: &frame,
                             area: Rect(x: area.x + 2, y: y, width: area.width - 2, height: area.maxY - y))
        y += 1
        let options: [(String, String, String)] = [
            (keyLabel(state, .cycleBackendKind), "Backend", c.backend.summary),
            (keyLabel(state, .cyclePlatform), "Platform", c.platform == .ios ? "iOS (sends the SMS code at steps 7/8)" : "Android (no SMS code at steps 7/8)"),
            (keyLabel(state, .cycleSDK), "SDK", "\(c.sdk)" + (c.offersShortcut ? "" : " (no shortcut 4·1; phone step named trustedPhone)")),
            (keyLabel(state, .cycleVariant), "Variant", c.variant == .tutorial ? "tutorial (the tutorials' reading)" : "reference (the API reference's reading)"),
            (keyLabel(state, .togglePacing), "Pacing", c.pacing == .auto ? "auto (checks run until input is needed)" : "step (every API call waits for Enter)"),
        ]
        for (key, name, value) in options where y < area.maxY {
            var x = frame.put(key.padded(toWidth: 4), x: area.x + 2, y: y, style: .key, clip: area)
            x = frame.put(name.padded(toWidth: 10), x: x, y: y, style: .title, clip: area)
            frame.put(value, x: x, y: y, clip: area)
            y += 1
        }
        y += 1
        if case .failed(let why) = state.connection, y < area.maxY {
            frame.put("✗ " + why, x: area.x + 2, y: y, style: .error, clip: area)
            y += 1
        }
        if state.startForm.has(.scenario) {
            for line in ("Scenarios: " + SessionConfig.builtInScenarios.joined(separator: " ")).wrapped(toWidth: area.width - 2) where y < area.maxY {
                frame.put(line, x: area.x + 2, y: y, style: .hint, clip: area)
                y += 1
            }
        }
    }

    /// The key of a start-screen command, as the state's command list names it.
    static func keyLabel(_ state: AppState, _ command: Command) -> String {
        state.availableCommands.first { $0.action == .choose(command) }?.key.description ?? ""
    }
}

/// The menu of flows, with the account at a glance.
enum HomeScreen {
    static func describe(_ route: Route) -> String {
        switch route {
        case .guided: "Steps 1–8: phone, SMS, PIN, enroll"
        case .account: "A–E: unenroll, PIN, phone, vehicle"
        case .steps: "Checklist: phone, device, car key"
        case .carKey: "Select the vehicle, check, activate"
        case .simulator: "Account, inbox, clock, faults"
        case .log: "Every call: request, response, time"
        case .start: "Backend, account, device, SDK"
        default: ""
        }
    }

    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let columns = area.splitColumns([.fill(), .fixed(34)], gap: 2)
        let items = Route.homeMenu.map { MenuItem($0.title, detail: nil) }
        let list = frame.panel(Rect(x: columns[0].x, y: columns[0].y, width: columns[0].width, height: min(columns[0].height, items.count * 2 + 2)),
                               title: "Flows")
        for (i, route) in Route.homeMenu.enumerated() where i * 2 + 1 < list.height {
            let selected = i == state.homeSelection
            let row = Rect(x: list.x, y: list.y + i * 2, width: list.width, height: 1)
            frame.fill(row, style: selected ? .selected : .normal)
            frame.put((selected ? "▶ " : "  ") + route.title, x: row.x, y: row.y, style: selected ? .selected : .title, clip: row)
            frame.put("  " + describe(route), x: row.x + 2, y: row.y + 1, style: .hint, clip: Rect(x: row.x, y: row.y + 1, width: row.width, height: 1))
        }
        AccountGlance.render(state, into: &frame, area: columns[1])
    }
}

/// The account as the simulator last reported it: the same facts the flows depend on.
enum AccountGlance {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, 14)), title: "Account")
        guard let a = state.simulator.account else {
            frame.put("(not read yet: the simulator panel refreshes it)", x: inside.x, y: inside.y, style: .hint, clip: inside)
            return
        }
        let device = state.config.device
        let thisEnrolled = a.enrolledDevices.contains(device)
        var rows: [(String, String, Style)] = [
            ("user", a.username, .normal),
            ("phone", a.phone.map { "✓ " + $0 } ?? "· none", a.phone == nil ? .pending : .done),
            ("PIN", a.pinSet ? "✓ set" : "· none", a.pinSet ? .done : .pending),
            ("failures", "\(a.pinFailures) of \(state.policy.pinFailuresBeforeBlock)", a.pinFailures > 0 ? .warning : .normal),
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
