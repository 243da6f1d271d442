import Enrollment
import TerminalUI

/// Guided enrollment: the flow map of steps 1–8 (with 4·1 and 4·2) beside the current step, what
/// it does and which API it calls, the prompt, and the simulated phone.
enum GuidedScreen {
    static let mapWidth = 30

    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let columns = area.splitColumns([.fixed(mapWidth), .fill()], gap: 1)
        let mapHeight = FlowMapView.render(state.guided, into: &frame, area: columns[0])
        let showsPhone = state.smsOnPhone != nil || state.activeForm?.has(.smsCode) == true
        // The phone sits beside the prompt on a wide terminal, under the flow map otherwise.
        let wide = columns[1].width >= 80
        let parts = showsPhone && wide ? columns[1].splitColumns([.fill(), .fixed(PhoneView.width)], gap: 1) : [columns[1]]
        let phoneArea = wide ? parts.last! : columns[0].inset(top: mapHeight)
        var y = StepHeader.render(state.guided.focusStep, into: &frame, area: parts[0])
        y += 1
        y += prompt(state, into: &frame, area: Rect(x: parts[0].x, y: y, width: parts[0].width, height: parts[0].maxY - y))
        if let message = state.guided.message, y < parts[0].maxY {
            for line in message.wrapped(toWidth: parts[0].width) where y < parts[0].maxY {
                frame.put(line, x: parts[0].x, y: y, style: .hint)
                y += 1
            }
        }
        if showsPhone { PhoneView.render(state, into: &frame, area: phoneArea) }
    }

    /// The stage's own prompt; returns the rows used.
    static func prompt(_ state: AppState, into frame: inout Frame, area: Rect) -> Int {
        let g = state.guided
        switch g.stage {
        case .notStarted:
            return put(["Enter runs the enrollment from step 1 for \(state.config.device)."], into: &frame, area: area)
        case .checking:
            return put([state.isBusy ? "Checking…" : "Checks run on their own (step pacing: each waits for Enter)."], into: &frame, area: area)
        case .chooseMethod:
            var lines = ["How should this device get a trusted phone?"]
            if let why = g.shortcutUnavailable {
                lines.append("  –  shortcut 4·1 not offered: \(why)")
            } else {
                lines.append("  s  shortcut 4·1 — enroll with the phone number: one SMS, one call")
            }
            lines.append("  l  full 4·2 — register the phone, then steps 5 to 8")
            return put(lines, into: &frame, area: area, styles: [.normal, g.shortcutUnavailable == nil ? .key : .dim, .key])
        case .blocked:
            return put(["The account is blocked: its enrollments must be removed (step A) before enrolling again.",
                        "a removes all enrollments (asks first); Enter checks again."], into: &frame, area: area, styles: [.failed, .hint])
        case .enrolled:
            return put(["✓ \(state.config.device) is enrolled.", "Enter runs the checks again."], into: &frame, area: area, styles: [.done, .hint])
        case .confirmRemoveAll:
            return 0
        default:
            return FormView.render(g.form, policy: state.policy, focused: state.focusedField != nil, into: &frame, area: area)
        }
    }

    static func put(_ lines: [String], into frame: inout Frame, area: Rect, styles: [Style] = []) -> Int {
        var y = area.y
        for (i, line) in lines.enumerated() {
            for part in line.wrapped(toWidth: area.width) where y < area.maxY {
                frame.put(part, x: area.x, y: y, style: i < styles.count ? styles[i] : .normal)
                y += 1
            }
        }
        return y - area.y
    }
}

/// The map of steps with their status: ✓ done, ▶ current, ✗ failed, – skipped, · pending.
enum FlowMapView {
    /// Returns the rows it took.
    @discardableResult
    static func render(_ guided: GuidedEnrollment, into frame: inout Frame, area: Rect) -> Int {
        let height = min(area.height, FlowStep.allCases.count + 3)
        let inside = frame.panel(Rect(x: area.x, y: area.y, width: area.width, height: height), title: "Flow map")
        for (i, entry) in guided.flowMap.enumerated() where i < inside.height {
            let (glyph, style) = Glyphs.step(entry.status)
            let row = inside.row(i)
            if entry.status == .current { frame.fill(row, style: .current) }
            var x = frame.put(glyph + " ", x: row.x, y: row.y, style: style, clip: row)
            x = frame.put(entry.step.rawValue.padded(toWidth: 4), x: x, y: row.y, style: style, clip: row)
            frame.put(short(entry.step), x: x, y: row.y, style: entry.status == .pending ? .normal : style, clip: row)
        }
        if inside.height > FlowStep.allCases.count {
            frame.put("✓done ▶now ✗failed –skipped", x: inside.x, y: inside.y + FlowStep.allCases.count, style: .hint, clip: inside)
        }
        return height
    }

    static func short(_ step: FlowStep) -> String {
        switch step {
        case .s1: "Enrolled?"
        case .s2: "Account blocked?"
        case .s3: "Trusted phone?"
        case .s4_1: "Shortcut enroll"
        case .s4_2: "Register phone"
        case .s5: "Enrollment SMS"
        case .s6: "Check SMS code"
        case .s7: "New PIN"
        case .s8: "Enroll with PIN"
        }
    }
}

/// A step's title, its API and what happens, at the top of the step's screen; returns the next row.
enum StepHeader {
    static func render(_ step: FlowStep?, into frame: inout Frame, area: Rect) -> Int {
        guard let step else {
            frame.put("Device enrollment, steps 1 to 8", x: area.x, y: area.y, style: .title, clip: area)
            return area.y + 1
        }
        var y = area.y
        frame.put("Step \(step.rawValue) · \(step.title)", x: area.x, y: y, style: .title, clip: area)
        y += 1
        for line in ("API: " + step.api).wrapped(toWidth: area.width) where y < area.maxY {
            frame.put(line, x: area.x, y: y, style: .code, clip: area)
            y += 1
        }
        for line in step.explanation.wrapped(toWidth: area.width) where y < area.maxY {
            frame.put(line, x: area.x, y: y, style: .hint, clip: area)
            y += 1
        }
        return y
    }
}
