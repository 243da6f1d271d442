import Enrollment
import TerminalUI

/// Guided enrollment: the flow map of steps 1–8 (with 4·1 and 4·2) beside the current step, what
/// it does and which API it calls, the prompt, and the simulated phone.
enum GuidedScreen {
    static let mapWidth = 30
    /// On a large terminal the map shows each step's whole API line (the longest, 4·1's and 4·2's,
    /// wrap), with the phone under it.
    static let roomyMapWidth = 58

    static func render(_ g: GuidedEnrollment.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        let roomy = area.width >= roomyMapWidth + 1 + 56 && area.height >= 2 * FlowStep.allCases.count + 3 + PhoneView.height
        let columns = area.splitColumns([.fixed(roomy ? roomyMapWidth : mapWidth), .fill()], gap: 1)
        // The phone sits under the flow map on a large terminal (always, waiting for its SMS), beside
        // the prompt on a wide one, under the map otherwise (while a code is asked for).
        let wide = !roomy && columns[1].width >= 80
        let showsPhone = roomy || wide || context.smsOnPhone != nil || context.asksForCode
        let mapHeight = FlowMapView.render(g, into: &frame,
                                           area: columns[0].inset(bottom: showsPhone && !wide ? PhoneView.height : 0))
        let parts = showsPhone && wide ? columns[1].splitColumns([.fill(), .fixed(PhoneView.width)], gap: 1) : [columns[1]]
        let phoneArea = wide ? parts.last! : Rect(x: columns[0].x, y: columns[0].y + mapHeight, width: min(columns[0].width, PhoneView.width + 10),
                                                  height: columns[0].height - mapHeight)
        var y = StepHeader.render(g.focusStep, into: &frame, area: parts[0])
        y += 1
        y += prompt(g, context, into: &frame, area: Rect(x: parts[0].x, y: y, width: parts[0].width, height: parts[0].maxY - y))
        if let message = g.message, y < parts[0].maxY {
            y = frame.paragraph(message, at: y, in: parts[0], style: .hint)
        }
        if showsPhone { PhoneView.render(context, into: &frame, area: phoneArea) }
        // A tall terminal also shows the calls made so far, newest last.
        let calls = Rect(x: parts[0].x, y: y + 1, width: parts[0].width, height: parts[0].maxY - y - 1)
        if calls.height >= 6, !context.calls.isEmpty {
            let inside = frame.panel(calls, title: "Calls (F9: the API log)")
            let items = context.calls.suffix(inside.height).map(LogScreen.item)
            frame.render(Menu(items: items, isFocused: false), in: inside)
        }
    }

    /// The stage's own prompt; returns the rows used.
    static func prompt(_ g: GuidedEnrollment.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) -> Int {
        switch g.stage {
        case .notStarted:
            return put(["Enter runs the enrollment from step 1 for \(context.config.device)."], into: &frame, area: area)
        case .checking:
            return put([context.callInFlight ? "Checking…" : "Checks run on their own (step pacing: each waits for Enter)."], into: &frame, area: area)
        case .chooseMethod:
            var lines = ["How should this device get a trusted phone?"]
            if g.shortcutUnavailable != nil {
                lines.append("  s  force 4·1 — SDK \(context.config.sdk) has no shortcut and answers 2002 (R8)")
            } else {
                lines.append("  s  shortcut 4·1 — enroll with the phone number: one SMS, one call")
            }
            lines.append("  l  full 4·2 — register the phone, then steps 5 to 8")
            return put(lines, into: &frame, area: area, styles: [.normal, .key, .key])
        case .blocked:
            // The banner or the flow's line says why (2317, PINBlocked); this says what to do.
            return put(["a  step A: remove all enrollments (asks first), then enroll again from step 3",
                        "Enter checks again from step 1."], into: &frame, area: area, styles: [.key, .hint])
        case .enrolled:
            return put(["✓ \(context.config.device) is enrolled.", "Enter runs the checks again."], into: &frame, area: area, styles: [.done, .hint])
        case .confirmRemoveAll:
            return 0
        case .shortcutPhone, .shortcutCode, .registerPhone, .registerCode, .enterCode, .newPIN, .existingPIN:
            return FormView.render(g.form, policy: context.policy, focus: context.fieldFocus, into: &frame, area: area)
        }
    }

    static func put(_ lines: [String], into frame: inout Frame, area: Rect, styles: [Style] = []) -> Int {
        var y = area.y
        for (i, line) in lines.enumerated() { y = frame.paragraph(line, at: y, in: area, style: i < styles.count ? styles[i] : .normal) }
        return y - area.y
    }
}
